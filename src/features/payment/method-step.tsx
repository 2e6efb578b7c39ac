import { useTranslation } from 'react-i18next';
import type { FormMessage } from '../../../machines/forms/field-errors';
import { BALANCE_METHOD, type Funding } from '../../../machines/payments/funding';
import { choiceCard, choiceDetail, choiceGroup, choiceRadio, fieldError, fieldHint, fieldLabel } from '../../ui/form/form-styles';
import { useFormText } from '../../ui/form/use-form-text';
import { useFormat } from '../../lib/use-format';


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
        className={choiceGroup}
      >
        {options.map((option) => (
          <label key={option.id} className={choiceCard}>
            <input
              type="radio"
              name="payment-method"
              className={choiceRadio}
              value={option.id}
              checked={methodId === option.id}
              onChange={() => onSelect(option.id)}
            />
            <span>
              {option.label}
              <span className={choiceDetail}>{option.detail}</span>
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
