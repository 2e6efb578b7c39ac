import { useTranslation } from 'react-i18next';
import type { FormMessage } from '../../../machines/forms/field-errors';
import { MESSAGE_MAX_LENGTH } from '../../../machines/payments/payment-form';
import { css } from '../../../styled-system/css';
import { TextAreaField } from '../../ui/form/text-area-field';
import { TextField } from '../../ui/form/text-field';

const amountInput = css({ fontSize: '2xl', fontWeight: 'semibold', h: '14', pl: '9' });
const dollar = css({ position: 'absolute', left: '4', fontSize: '2xl', fontWeight: 'semibold', color: 'fg.muted', pointerEvents: 'none' });

/**
 * The amount in dollars, with its "$" and whom it goes to ("to @maya") under it: the machine takes only keystrokes
 * the amount rule allows (domain/money/amount-input).
 */
export function AmountField(props: { id: string; value: string; error?: FormMessage | undefined; hint?: string | undefined; onValueChange: (value: string) => void }) {
  const { t } = useTranslation('payments');
  const { hint, ...rest } = props;
  return (
    <TextField
      label={t('fields.amount')}
      inputMode="decimal"
      autoComplete="off"
      placeholder="0.00"
      className={amountInput}
      endSlot={
        <span aria-hidden="true" className={dollar}>
          $
        </span>
      }
      {...(hint ? { hint } : {})}
      {...rest}
    />
  );
}

/** The note: a text area whose hint counts the characters against the limit. */
export function MessageField(props: { id: string; label: string; value: string; error?: FormMessage | undefined; onValueChange: (value: string) => void }) {
  return <TextAreaField {...props} maxLength={MESSAGE_MAX_LENGTH} rows={3} hint={`${props.value.length} / ${MESSAGE_MAX_LENGTH}`} />;
}
