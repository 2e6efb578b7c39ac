import { useTranslation } from 'react-i18next';
import type { FormMessage } from '../../../machines/forms/field-errors';
import { BALANCE_METHOD, type Funding } from '../../../machines/payments/funding';
import { css } from '../../../styled-system/css';
import { fieldError, fieldHint, fieldLabel } from '../../ui/form/form-styles';
import { useFormText } from '../../ui/form/use-form-text';
import { useFormat } from '../../lib/use-format';

const group = css({ display: 'grid', gap: '2', borderRadius: 'xl', outline: 'none', '&[aria-invalid=true]': { outline: '2px solid', outlineColor: 'red.600', outlineOffset: '4px' } });
const choice = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  p: '3',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'xl',
  cursor: 'pointer',
  '&:has(input:checked)': { borderColor: 'accent.default', bg: 'accent.subtle' },
});
const radio = css({ w: '5', h: '5', accentColor: 'brand.600' });
const detail = css({ display: 'block', fontSize: 'sm', color: 'fg.muted' });

/** The payment method step: the balance (with what is available) or one of the payer's cards (5% fee). */
export function MethodChoice(props: { funding: Funding; methodId: string; error?: FormMessage; onSelect: (methodId: string) => void }) {
  const { funding, methodId, error, onSelect } = props;
  const { t } = useTranslation('payments');
  const format = useFormat();
  const errorText = useFormText()(error);
  const options = [
    { id: BALANCE_METHOD, label: t('method.balance'), detail: t('method.available', { amount: format.money(funding.availableCents) }) },
    ...funding.cards.map((card) => ({
      id: card.id,
      label: t('method.card', { brand: card.brand.toUpperCase(), last4: card.last4 }),
      detail: `${String(card.expMonth).padStart(2, '0')}/${card.expYear} · ${t('method.cardFee')}`,
    })),
  ];
  return (
    <div>
      <p id="payment-method-label" className={fieldLabel}>
        {t('fields.method')}
      </p>
      <div
        role="radiogroup"
        aria-labelledby="payment-method-label"
        aria-invalid={errorText ? true : undefined}
        aria-describedby={errorText ? 'payment-method-error' : undefined}
        tabIndex={errorText ? -1 : undefined}
        className={group}
      >
        {options.map((option) => (
          <label key={option.id} className={choice}>
            <input
              type="radio"
              name="payment-method"
              className={radio}
              value={option.id}
              checked={methodId === option.id}
              onChange={() => onSelect(option.id)}
            />
            <span>
              {option.label}
              <span className={detail}>{option.detail}</span>
            </span>
          </label>
        ))}
      </div>
      {errorText ? (
        <p id="payment-method-error" className={fieldError}>
          {errorText}
        </p>
      ) : null}
      {funding.cards.length === 0 ? <p className={fieldHint}>{t('method.noCards')}</p> : null}
    </div>
  );
}
