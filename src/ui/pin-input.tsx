import { PinInput as ArkPinInput } from '@ark-ui/react/pin-input';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PIN_LENGTH } from '../../domain/limits';
import type { FormMessage } from '../../machines/forms/field-errors';
import { css } from '../../styled-system/css';
import { fieldBox, fieldError, fieldLabel } from './form/form-styles';
import { useFormText } from './form/use-form-text';

const control = css({ display: 'flex', gap: { base: '2', sm: '3' } });

const box = css({
  w: { base: '11', sm: '12' },
  h: { base: '12', sm: '14' },
  minW: '0',
  textAlign: 'center',
  fontSize: '2xl',
  fontWeight: 'bold',
  fontVariantNumeric: 'tabular-nums',
  color: 'fg.default',
  bg: 'bg.surface',
  borderRadius: 'xl',
  borderWidth: '1px',
  borderColor: 'border.default',
  outline: 'none',
  transition: 'border-color 150ms, box-shadow 150ms',
  _focusVisible: { borderColor: 'focusRing', boxShadow: '0 0 0 3px rgba(59, 110, 245, 0.35)' },
  '&[aria-invalid=true]': { borderColor: 'red.600' },
});

export interface PinInputProps {
  label: string;
  /** One string per box; owned by the caller's machine. */
  value: string[];
  onValueChange: (value: string[]) => void;
  error?: FormMessage | undefined;
  length?: number;
  disabled?: boolean;
  autoFocus?: boolean;
}

// "Code: 123 456" pasted from an email: keep the digits.
const digitsOnly = (text: string) => text.replace(/\D/g, '');

/**
 * The PIN/OTP input of spec 5, on Ark UI's PinInput: 6 boxes by default, digits only, typing advances to the
 * next box, Backspace goes back, and pasting the code into the first box fills them all. The boxes form a group
 * named by the label; each box says which digit it is; the error is tied to every box.
 */
export function PinInput({ label, value, onValueChange, error, length = PIN_LENGTH, disabled, autoFocus }: PinInputProps) {
  const { t } = useTranslation('accounts');
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const errorText = useFormText()(error);
  return (
    <div className={fieldBox}>
      <span id={labelId} className={fieldLabel}>
        {label}
      </span>
      <ArkPinInput.Root
        count={length}
        value={value}
        onValueChange={(details) => onValueChange(details.value)}
        type="numeric"
        otp
        placeholder=""
        sanitizeValue={digitsOnly}
        invalid={errorText !== null}
        disabled={disabled}
        autoFocus={autoFocus}
        translations={{ inputLabel: (index, count) => t('pin.digitLabel', { index: index + 1, count }) }}
      >
        <ArkPinInput.Control className={control} role="group" aria-labelledby={labelId}>
          {Array.from({ length }, (_, index) => (
            <ArkPinInput.Input
              key={index}
              index={index}
              className={box}
              aria-describedby={errorText ? errorId : undefined}
            />
          ))}
        </ArkPinInput.Control>
      </ArkPinInput.Root>
      {errorText ? (
        <p id={errorId} className={fieldError}>
          {errorText}
        </p>
      ) : null}
    </div>
  );
}
