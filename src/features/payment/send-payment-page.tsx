import { appInspect } from '../../lib/app-inspector';
import { useMachine } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { centsFromInput } from '../../../domain/money/amount-input';
import { NEW_CARD_METHOD } from '../../../machines/payments/funding';
import { checkoutResult, checkoutView } from '../../../machines/payments/checkout.view';
import { methodOptions, methodText, payButtonCents, sendScreen, sendSummary } from '../../../machines/payments/send-form.view';
import type { Person } from '../../../machines/payments/person';
import { sendPaymentMachine, showOnPageOffer } from '../../../machines/send-payment.machine';
import { css } from '../../../styled-system/css';
import { SessionContext } from '../../app/providers/session-context';
import { useFormat } from '../../lib/use-format';
import { useLocale } from '../../i18n/use-locale';
import { button } from '../../ui/button-styles';
import { CheckboxField } from '../../ui/form/checkbox-field';
import { focusFirstError } from '../../ui/form/focus-first-error';
import { MachineForm } from '../../ui/form/machine-form';
import { useFormText } from '../../ui/form/use-form-text';
import { PageHeader } from '../../ui/page-header';
import { card } from '../../ui/page-styles';
import { CheckoutItem } from './checkout-item';
import { MethodChoice } from './method-choice';
import { NewCardFields } from './new-card-fields';
import { AmountField, MessageField } from './payment-fields';
import { PaymentDone, PaymentFailure, StepLoadFailure } from '../../ui/wizard/payment-outcome';
import { PaymentSummary } from '../../ui/wizard/payment-summary';
import { RecipientField } from './recipient-field';
import { RequestBeingPaid } from './request-being-paid';
import { readSendStart } from './send-state';
import { usePaymentCalls } from './use-payment-calls';

const FORM_ID = 'send-payment-form';
const narrow = css({ maxW: 'xl' });
const fixedAmount = css({ display: 'grid', gap: '1' });
const fixedLabel = css({ fontSize: 'sm', fontWeight: 'semibold' });
const fixedValue = css({ fontSize: '2xl', fontWeight: 'bold' });
const payButton = css({ w: 'full' });
const terms = css({ fontSize: 'sm', color: 'fg.default', bg: 'bg.subtle', borderRadius: 'lg', p: '3' });

/**
 * /payment/send (issue 22 item 1): one screen — recipient, amount, note, method (a new card in place), the summary
 * and one button that says what it does. Paying a request shows the request itself instead of whom and how much.
 * Selling a creator's price point it is the checkout (item 5, machines/payments/checkout.view.ts): the item and its
 * creator, the note as the brief, the terms of the hold before the button, and a done screen that waits for the reply.
 */
export function SendPaymentPage() {
  const { t } = useTranslation('payments');
  const format = useFormat();
  const formText = useFormText();
  const lang = useLocale();
  const calls = usePaymentCalls();
  const country = SessionContext.useSelector((snapshot) => snapshot.context.user?.country ?? null);
  // Read once: the history state the screen was opened with (a request to pay), else a public profile's link. The
  // server renders the screen only when there is neither (server/web/spa.ts, main.tsx).
  const input = useMemo(
    () => ({
      flowId: crypto.randomUUID(),
      today: Date.now(),
      country,
      ...(import.meta.env.SSR ? readSendStart(null, '') : readSendStart(window.history.state, window.location.search)),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const logic = useMemo(
    () =>
      sendPaymentMachine.provide({
        actors: { loadFunding: calls.loadFunding, sendPayment: calls.sendPayment, findReceiver: calls.findReceiver },
        actions: { focusFirstError: () => focusFirstError(FORM_ID) },
      }),
    [calls],
  );
  const [state, send] = useMachine(logic, { input, inspect: appInspect });
  const { context } = state;
  const onRecipient = useCallback((person: Person | null) => send({ type: 'SET_RECIPIENT', person }), [send]);
  const summary = sendSummary(context);
  const checkout = checkoutView(context, { lang });
  const result = checkoutResult(context, { lang });
  const screen = sendScreen(context, { finding: state.matches('findingReceiver'), itemKnown: checkout !== null });
  const submitting = state.matches('submitting');
  const newCard = context.methodId === NEW_CARD_METHOD;
  const wallOwner = showOnPageOffer(context);
  const failureText = formText(context.failure);
  const method = methodText(summary);

  return (
    <>
      <PageHeader
        title={t(screen.title)}
        lead={t(screen.lead)}
      />
      <div className={`${card} ${narrow}`}>
        {state.matches('done') && context.sent && result ? (
          <PaymentDone
            title={t(result.title.key, { username: result.title.username })}
            body={t(result.deadline.key, { deadline: result.deadline.deadline })}
            paymentId={context.sent.paymentId}
          />
        ) : state.matches('done') && context.sent ? (
          <PaymentDone
            title={t('sent.title')}
            body={t('sent.body', { amount: format.money(summary.amountCents), username: context.recipient?.username ?? '' })}
            paymentId={context.sent.paymentId}
          />
        ) : (
          <MachineForm id={FORM_ID} onSubmit={() => send({ type: 'SUBMIT' })}>
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
                amountCents={summary.amountCents}
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
            <MessageField
              id="send-message"
              label={checkout ? t(checkout.briefLabel.key, { username: checkout.briefLabel.username }) : t('fields.message')}
              value={context.message}
              error={context.errors.message}
              onValueChange={(value) => send({ type: 'CHANGE_MESSAGE', value })}
            />
            {wallOwner ? (
              <CheckboxField
                id="send-show-on-page"
                label={t('send.showOnPage', { username: wallOwner })}
                checked={context.showOnPage}
                onCheckedChange={(show) => send({ type: 'SET_SHOW_ON_PAGE', show })}
              />
            ) : null}
            {state.matches({ form: 'loading' }) ? <p role="status">{t('method.loading')}</p> : null}
            {state.matches({ form: 'loadFailed' }) ? (
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
              <PaymentFailure
                title={context.declined ? t('failed.cardDeclined') : t('failed.other')}
                text={failureText}
              />
            ) : null}
            <PaymentSummary
              rows={[
                [t('summary.to'), summary.to ? `@${summary.to}` : '—'],
                [t('summary.amount'), format.money(summary.amountCents)],
                [t('summary.fee'), format.money(summary.feeCents)],
                [t('summary.total'), format.money(summary.totalCents)],
                [t('summary.method'), method ? t(method.key, method) : ''],
              ]}
            />
            {checkout ? (
              <p id="checkout-terms" className={terms}>
                {t(checkout.terms.key, { username: checkout.terms.username, deadline: checkout.terms.deadline })}
              </p>
            ) : null}
            <button
              type="submit"
              className={`${button({ size: 'lg' })} ${payButton}`}
              disabled={submitting}
              aria-describedby={checkout ? 'checkout-terms' : undefined}
            >
              {submitting ? t('actions.paying') : t('actions.pay', { amount: format.money(payButtonCents(context)) })}
            </button>
          </MachineForm>
        )}
      </div>
    </>
  );
}
