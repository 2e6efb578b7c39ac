import type { FormMessage } from '../../../machines/forms/field-errors';
import { css } from '../../../styled-system/css';
import { fieldError, fieldLabel } from './form-styles';
import { errorId } from './text-field';
import { useFormText } from './use-form-text';

const group = css({ display: 'grid', gap: '1.5', border: 'none', p: '0', m: '0' });
const options = css({ display: 'flex', gap: '3', flexWrap: 'wrap' });
const option = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  minH: '11',
  px: '4',
  borderRadius: 'xl',
  borderWidth: '1px',
  borderColor: 'border.default',
  cursor: 'pointer',
  '&:has(input:checked)': { borderColor: 'accent.default', bg: 'accent.subtle' },
  '&:has(input:focus-visible)': { boxShadow: '0 0 0 3px rgba(59, 110, 245, 0.35)' },
});

interface RadioGroupFieldProps {
  id: string;
  legend: string;
  value: string;
  onValueChange: (value: string) => void;
  choices: ReadonlyArray<{ value: string; label: string }>;
  error?: FormMessage | undefined;
}

/**
 * A few exclusive choices as native radios in a fieldset: arrow keys move between them and the legend names the
 * group. A rule error is tied to every radio, so it is read whichever one has focus; the first radio carries
 * aria-invalid so focusFirstError lands in the group.
 */
export function RadioGroupField({ id, legend, value, onValueChange, choices, error }: RadioGroupFieldProps) {
  const text = useFormText();
  const errorText = text(error);
  return (
    <fieldset className={group}>
      <legend className={fieldLabel}>{legend}</legend>
      <div className={options}>
        {choices.map((choice, index) => (
          <label key={choice.value} className={option}>
            <input
              type="radio"
              id={index === 0 ? id : `${id}-${choice.value}`}
              name={id}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onValueChange(choice.value)}
              aria-invalid={errorText && index === 0 ? true : undefined}
              aria-describedby={errorText ? errorId(id) : undefined}
            />
            {choice.label}
          </label>
        ))}
      </div>
      {errorText ? (
        <p id={errorId(id)} className={fieldError}>
          {errorText}
        </p>
      ) : null}
    </fieldset>
  );
}
