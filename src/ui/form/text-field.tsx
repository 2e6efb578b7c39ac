import type { InputHTMLAttributes, ReactNode } from 'react';
import type { FormMessage } from '../../../machines/forms/field-errors';
import { fieldBox, fieldError, fieldHint, fieldInput, fieldLabel, inputWithButton } from './form-styles';
import { useFormText } from './use-form-text';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: FormMessage | undefined;
  hint?: ReactNode;
  /** Drawn inside the input's box at the end (the password toggle). */
  endSlot?: ReactNode;
  className?: string;
}

/** Ids of a field's hint and error, so aria-describedby ties them to the input. */
export const hintId = (id: string) => `${id}-hint`;
export const errorId = (id: string) => `${id}-error`;

/**
 * A labelled input whose value lives in a machine (the view only forwards changes). The error is tied to the
 * input with aria-describedby and aria-invalid, and read before the hint.
 */
export function TextField({ id, label, value, onValueChange, error, hint, endSlot, className, ...input }: TextFieldProps) {
  const text = useFormText();
  const errorText = text(error);
  const describedBy = [errorText ? errorId(id) : null, hint ? hintId(id) : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={fieldBox}>
      <label htmlFor={id} className={fieldLabel}>
        {label}
      </label>
      <div className={inputWithButton}>
        <input
          id={id}
          className={`${fieldInput}${className ? ` ${className}` : ''}`}
          value={value}
          onChange={(event) => onValueChange(event.currentTarget.value)}
          aria-invalid={errorText ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        {endSlot}
      </div>
      {errorText ? (
        <p id={errorId(id)} className={fieldError}>
          {errorText}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId(id)} className={fieldHint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
