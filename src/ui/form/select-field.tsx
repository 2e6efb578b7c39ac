import type { FormMessage } from '../../../machines/forms/field-errors';
import { css } from '../../../styled-system/css';
import { ChevronDownIcon } from '../icons';
import { fieldBox, fieldError, fieldInput, fieldLabel, inputWithButton, selectInput } from './form-styles';
import { errorId } from './text-field';
import { useFormText } from './use-form-text';

const chevron = css({ position: 'absolute', right: '4', pointerEvents: 'none', color: 'fg.muted' });

interface SelectFieldProps {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder: string;
  error?: FormMessage | undefined;
  autoComplete?: string;
}

/**
 * A native select: for a long list (249 countries) every platform's own picker is the most usable and
 * accessible one, and typing a letter jumps through it.
 */
export function SelectField({ id, label, value, onValueChange, options, placeholder, error, autoComplete }: SelectFieldProps) {
  const text = useFormText();
  const errorText = text(error);
  return (
    <div className={fieldBox}>
      <label htmlFor={id} className={fieldLabel}>
        {label}
      </label>
      <div className={inputWithButton}>
        <select
          id={id}
          className={`${fieldInput} ${selectInput}`}
          value={value}
          autoComplete={autoComplete}
          onChange={(event) => onValueChange(event.currentTarget.value)}
          aria-invalid={errorText ? true : undefined}
          aria-describedby={errorText ? errorId(id) : undefined}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDownIcon size={18} className={chevron} />
      </div>
      {errorText ? (
        <p id={errorId(id)} className={fieldError}>
          {errorText}
        </p>
      ) : null}
    </div>
  );
}
