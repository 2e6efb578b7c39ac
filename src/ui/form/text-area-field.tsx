import type { TextareaHTMLAttributes } from 'react';
import type { FormMessage } from '../../../machines/forms/field-errors';
import { css } from '../../../styled-system/css';
import { fieldBox, fieldError, fieldHint, fieldInput, fieldLabel } from './form-styles';
import { errorId, hintId } from './text-field';
import { useFormText } from './use-form-text';

const area = css({ h: 'auto', minH: '24', py: '3', resize: 'vertical', lineHeight: '1.5' });

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value' | 'id'> {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: FormMessage | undefined;
  hint?: string;
}

/** The multi-line sibling of TextField: the same label, error and hint wiring. */
export function TextAreaField({ id, label, value, onValueChange, error, hint, ...rest }: TextAreaFieldProps) {
  const text = useFormText();
  const errorText = text(error);
  const describedBy = [errorText ? errorId(id) : null, hint ? hintId(id) : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={fieldBox}>
      <label htmlFor={id} className={fieldLabel}>
        {label}
      </label>
      <textarea
        id={id}
        className={`${fieldInput} ${area}`}
        value={value}
        onChange={(event) => onValueChange(event.currentTarget.value)}
        aria-invalid={errorText ? true : undefined}
        aria-describedby={describedBy}
        {...rest}
      />
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
