import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { FormMessage } from '../../../machines/forms/field-errors';
import type { MethodOption } from '../../../machines/payments/send-form.view';
import { ADD_MONEY_PATH } from '../../config/paths';
import { css } from '../../../styled-system/css';
import { button } from '../../ui/button-styles';
import { choiceCard, choiceDetail, choiceGroup, choiceRadio, fieldError, fieldLabel } from '../../ui/form/form-styles';
import { useFormText } from '../../ui/form/use-form-text';
import { useFormat } from '../../lib/use-format';

const head = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '3', flexWrap: 'wrap' });
const disabledCard = css({ opacity: 0.6, cursor: 'not-allowed' });

/**
 * The payment method (issue 22 item 2): the balance — disabled, "Balance $4.00 — not enough", when it cannot
 * cover the total —, each saved card, and "New card" (its fields open in place). "Add money" is one tap away.
 */
export function MethodChoice(props: { options: MethodOption[]; methodId: string; error?: FormMessage | undefined; onSelect: (methodId: string) => void }) {
  const { options, methodId, error, onSelect } = props;
  const { t } = useTranslation('payments');
  const format = useFormat();
  const errorText = useFormText()(error);
  return (
    <div>
      <div className={head}>
        <p id="payment-method-label" className={fieldLabel}>
          {t('fields.method')}
        </p>
        <Link href={ADD_MONEY_PATH} className={button({ variant: 'ghost', size: 'sm' })}>
          {t('method.addMoney')}
        </Link>
      </div>
      <div
        role="radiogroup"
        aria-labelledby="payment-method-label"
        aria-invalid={errorText ? true : undefined}
        aria-describedby={errorText ? 'payment-method-error' : undefined}
        tabIndex={errorText ? -1 : undefined}
        className={choiceGroup}
      >
        {options.map((option) => {
          const disabled = option.kind === 'balance' && !option.enough;
          const label =
            option.kind === 'balance'
              ? option.enough
                ? t('method.balance')
                : t('method.notEnough', { amount: format.money(option.availableCents) })
              : option.kind === 'card'
                ? t('method.card', { brand: option.card.brand.toUpperCase(), last4: option.card.last4 })
                : t('method.newCard');
          const detail =
            option.kind === 'balance'
              ? option.enough
                ? t('method.available', { amount: format.money(option.availableCents) })
                : null
              : option.kind === 'card'
                ? `${String(option.card.expMonth).padStart(2, '0')}/${option.card.expYear} · ${t('method.cardFee')}`
                : t('method.newCardDetail');
          return (
            <label key={option.id} className={disabled ? `${choiceCard} ${disabledCard}` : choiceCard}>
              <input
                type="radio"
                name="payment-method"
                className={choiceRadio}
                value={option.id}
                checked={methodId === option.id}
                disabled={disabled}
                onChange={() => onSelect(option.id)}
              />
              <span>
                {label}
                {detail ? <span className={choiceDetail}>{detail}</span> : null}
              </span>
            </label>
          );
        })}
      </div>
      {errorText ? (
        <p id="payment-method-error" className={fieldError}>
          {errorText}
        </p>
      ) : null}
    </div>
  );
}
