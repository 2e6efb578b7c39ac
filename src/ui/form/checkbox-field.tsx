import type { ReactNode } from 'react';
import type { FormMessage } from '../../../machines/forms/field-errors';
import { checkbox, checkboxLabel, checkboxRow, fieldBox, fieldError } from './form-styles';
import { errorId } from './text-field';
import { useFormText } from './use-form-text';

interface CheckboxFieldProps {
  id: string;
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  error?: FormMessage | undefined;
  /** Not taking changes now (its machine is saving). */
  disabled?: boolean;
}

/** A native checkbox (consents): the label may hold links; the error is tied like a text field's. */
export function CheckboxField({ id, label, checked, onCheckedChange, error, disabled }: CheckboxFieldProps) {
  const text = useFormText();
  const errorText = text(error);
  return (
    <div className={fieldBox}>
      <div className={checkboxRow}>
        <input
          id={id}
          type="checkbox"
          className={checkbox}
          checked={checked}
          disabled={disabled}
          onChange={(event) => onCheckedChange(event.currentTarget.checked)}
          aria-invalid={errorText ? true : undefined}
          aria-describedby={errorText ? errorId(id) : undefined}
        />
        <label htmlFor={id} className={checkboxLabel}>
          {label}
        </label>
      </div>
      {errorText ? (
        <p id={errorId(id)} className={fieldError}>
          {errorText}
        </p>
      ) : null}
    </div>
  );
}
