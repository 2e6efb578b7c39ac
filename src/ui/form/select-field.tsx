import type { FormMessage } from '../../../machines/forms/field-errors';
import { css } from '../../../styled-system/css';
import { ChevronDownIcon } from '../icons';
import { FieldFrame, useFieldMessage } from './field-frame';
import { fieldInput, inputWithButton, selectInput } from './form-styles';

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
  const { errorText, control } = useFieldMessage(id, error);
  return (
    <FieldFrame id={id} label={label} errorText={errorText}>
      <div className={inputWithButton}>
        <select
          id={id}
          className={`${fieldInput} ${selectInput}`}
          value={value}
          autoComplete={autoComplete}
          onChange={(event) => onValueChange(event.currentTarget.value)}
          {...control}
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
    </FieldFrame>
  );
}
