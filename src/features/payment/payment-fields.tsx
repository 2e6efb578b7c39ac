import { useTranslation } from 'react-i18next';
import type { FormMessage } from '../../../machines/forms/field-errors';
import { MESSAGE_MAX_LENGTH } from '../../../machines/payments/payment-form';
import { css } from '../../../styled-system/css';
import { errorId, hintId, TextField } from '../../ui/form/text-field';
import { fieldBox, fieldError, fieldHint, fieldInput, fieldLabel } from '../../ui/form/form-styles';
import { useFormText } from '../../ui/form/use-form-text';

const amountInput = css({ fontSize: '2xl', fontWeight: 'semibold', h: '14' });
const textArea = css({ h: '28', py: '3', resize: 'vertical' });

/** The amount in dollars: the machine takes only keystrokes the amount rule allows (domain/money/amount-input). */
export function AmountField(props: { id: string; value: string; error?: FormMessage; hint?: string; onValueChange: (value: string) => void }) {
  const { t } = useTranslation('payments');
  return (
    <TextField
      label={t('fields.amount')}
      inputMode="decimal"
      autoComplete="off"
      placeholder="0.00"
      className={amountInput}
      {...props}
    />
  );
}

export function MessageField(props: { id: string; label: string; value: string; error?: FormMessage; onValueChange: (value: string) => void }) {
  const { id, label, value, error, onValueChange } = props;
  const errorText = useFormText()(error);
  const describedBy = [errorText ? errorId(id) : null, hintId(id)].filter(Boolean).join(' ');
  return (
    <div className={fieldBox}>
      <label htmlFor={id} className={fieldLabel}>
        {label}
      </label>
      <textarea
        id={id}
        className={`${fieldInput} ${textArea}`}
        value={value}
        maxLength={MESSAGE_MAX_LENGTH}
        aria-invalid={errorText ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onValueChange(event.currentTarget.value)}
      />
      {errorText ? (
        <p id={errorId(id)} className={fieldError}>
          {errorText}
        </p>
      ) : null}
      <p id={hintId(id)} className={fieldHint}>
        {value.length} / {MESSAGE_MAX_LENGTH}
      </p>
    </div>
  );
}
