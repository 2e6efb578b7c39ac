import { useTranslation } from 'react-i18next';
import { centsFromInput } from '../../../domain/money/amount-input';
import type { CheckoutView } from '../../../machines/payments/checkout.view';
import { NEW_CARD_METHOD } from '../../../machines/payments/funding';
import type { Person } from '../../../machines/payments/person';
import { methodOptions, sendSummary, type SendParts, type SendScreen } from '../../../machines/payments/send-form.view';
import type { SendPaymentContext, SendPaymentEvent } from '../../../machines/send-payment.machine';
import { css } from '../../../styled-system/css';
import { useFormat } from '../../lib/use-format';
import { useFormText } from '../../ui/form/use-form-text';
import { PaymentFailure, StepLoadFailure } from '../../ui/wizard/payment-outcome';
import { CheckoutItem } from './checkout-item';
import { MethodChoice } from './method-choice';
import { NewCardFields } from './new-card-fields';
import { AmountField } from './payment-fields';
import { RecipientField } from './recipient-field';
import { RequestBeingPaid } from './request-being-paid';
import type { PaymentCalls } from './use-payment-calls';

const fixedAmount = css({ display: 'grid', gap: '1' });
const fixedLabel = css({ fontSize: 'sm', fontWeight: 'semibold' });
const fixedValue = css({ fontSize: '2xl', fontWeight: 'bold' });
export const terms = css({ fontSize: 'sm', color: 'fg.default', bg: 'bg.subtle', borderRadius: 'lg', p: '3' });

type Send = (event: SendPaymentEvent) => void;

/** Whom and how much: the item bought, the request paid, or the recipient field and the amount (sendScreen decides). */
export function SendSubject({
  context,
  screen,
  checkout,
  calls,
  send,
  onRecipient,
}: {
  context: SendPaymentContext;
  screen: SendScreen;
  checkout: CheckoutView | null;
  calls: PaymentCalls;
  send: Send;
  onRecipient: (person: Person | null) => void;
}) {
  const { t } = useTranslation('payments');
  const format = useFormat();
  return (
    <>
      {screen.finding ? <p role="status">{t(screen.finding)}</p> : null}
      {context.itemGone && context.recipient ? (
        <p role="status" className={terms}>
          {t('checkout.itemGone', { username: context.recipient.username })}
        </p>
      ) : null}
      {screen.subject === 'item' && checkout ? <CheckoutItem view={checkout} /> : null}
      {screen.subject === 'request' && context.recipient ? (
        <RequestBeingPaid
          requester={context.recipient}
          amountCents={sendSummary(context).amountCents}
          note={context.request?.note ?? null}
          requestedAt={context.request?.requestedAt ?? null}
        />
      ) : null}
      {screen.subject === 'recipient' ? (
        <RecipientField
          id="send-recipient"
          label={t('fields.recipient')}
          calls={calls}
          initial={context.recipient}
          error={context.errors.recipient}
          onSelectionChange={onRecipient}
        />
      ) : null}
      {screen.amount === 'fixed' ? (
        <div className={fixedAmount}>
          <span className={fixedLabel}>{t('fields.amountFixed')}</span>
          <span className={fixedValue}>{format.money(centsFromInput(context.amount) ?? 0)}</span>
        </div>
      ) : null}
      {screen.amount === 'field' ? (
        <AmountField
          id="send-amount"
          value={context.amount}
          error={context.errors.amount}
          hint={context.recipient ? t('fields.amountTo', { username: context.recipient.username }) : undefined}
          onValueChange={(value) => send({ type: 'CHANGE_AMOUNT', value })}
        />
      ) : null}
    </>
  );
}

/** With what: the methods (loading, unreadable with Retry, or the list), a new card's fields, and a failure. */
export function SendMethods({ context, parts, send }: { context: SendPaymentContext; parts: SendParts; send: Send }) {
  const { t } = useTranslation('payments');
  const failureText = useFormText()(context.failure);
  const newCard = context.methodId === NEW_CARD_METHOD;
  return (
    <>
      {parts.methods === 'loading' ? <p role="status">{t('method.loading')}</p> : null}
      {parts.methods === 'loadFailed' ? (
        <StepLoadFailure title={t('method.loadFailed')} retryLabel={t('actions.retry')} onRetry={() => send({ type: 'RETRY' })} />
      ) : null}
      {context.funding ? (
        <MethodChoice
          options={methodOptions(context)}
          methodId={context.methodId}
          error={context.errors.method}
          onSelect={(methodId) => send({ type: 'SELECT_METHOD', methodId })}
        />
      ) : null}
      {newCard && context.funding ? (
        <NewCardFields
          values={context.card}
          errors={context.cardErrors}
          save={context.saveCard}
          declined={context.declined ? failureText : null}
          onChange={(values) => send({ type: 'CHANGE_CARD', values })}
          onSaveChange={(save) => send({ type: 'SET_SAVE_CARD', save })}
        />
      ) : null}
      {context.failure && !(context.declined && newCard) ? (
        <PaymentFailure title={context.declined ? t('failed.cardDeclined') : t('failed.other')} text={failureText} />
      ) : null}
    </>
  );
}
