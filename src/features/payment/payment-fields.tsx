import { useTranslation } from 'react-i18next';
import type { FormMessage } from '../../../machines/forms/field-errors';
import { MESSAGE_MAX_LENGTH } from '../../../machines/payments/payment-form';
import { css } from '../../../styled-system/css';
import { TextAreaField } from '../../ui/form/text-area-field';
import { TextField } from '../../ui/form/text-field';

const amountInput = css({ fontSize: '2xl', fontWeight: 'semibold', h: '14' });

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

/** The note: a text area whose hint counts the characters against the limit. */
export function MessageField(props: { id: string; label: string; value: string; error?: FormMessage; onValueChange: (value: string) => void }) {
  return <TextAreaField {...props} maxLength={MESSAGE_MAX_LENGTH} rows={4} hint={`${props.value.length} / ${MESSAGE_MAX_LENGTH}`} />;
}
