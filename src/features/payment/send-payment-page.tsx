import { appInspect } from '../../lib/app-inspector';
import { useMachine } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { checkoutResult, checkoutView, type CheckoutView } from '../../../machines/payments/checkout.view';
import { methodText, payButtonCents, sendParts, sendScreen, sendSummary, type SendParts } from '../../../machines/payments/send-form.view';
import type { Person } from '../../../machines/payments/person';
import { sendPaymentMachine, showOnPageOffer, type SendPaymentContext, type SendPaymentEvent } from '../../../machines/send-payment.machine';
import { css } from '../../../styled-system/css';
import { SessionContext } from '../../app/providers/session-context';
import { useFormat } from '../../lib/use-format';
import { useLocale } from '../../i18n/use-locale';
import { button } from '../../ui/button-styles';
import { CheckboxField } from '../../ui/form/checkbox-field';
import { focusFirstError } from '../../ui/form/focus-first-error';
import { MachineForm } from '../../ui/form/machine-form';
import { PageHeader } from '../../ui/page-header';
import { card } from '../../ui/page-styles';
import { MessageField } from './payment-fields';
import { PaymentDone } from '../../ui/wizard/payment-outcome';
import { PaymentSummary } from '../../ui/wizard/payment-summary';
import { SendMethods, SendSubject, terms } from './send-payment-parts';
import { readSendStart } from './send-state';
import { usePaymentCalls } from './use-payment-calls';

const FORM_ID = 'send-payment-form';
const narrow = css({ maxW: 'xl' });
const payButton = css({ w: 'full' });

/**
 * /payment/send (issue 22 item 1): one screen — recipient, amount, note, method (a new card in place), the summary
 * and one button that says what it does. Paying a request shows the request itself instead of whom and how much.
 * Selling a creator's price point it is the checkout (item 5, machines/payments/checkout.view.ts): the item and its
 * creator, the note as the brief, the terms of the hold before the button, and a done screen that waits for the reply.
 */
export function SendPaymentPage() {
  const { t } = useTranslation('payments');
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
  const parts = sendParts(state);
  const checkout = checkoutView(context, { lang });
  const screen = sendScreen(context, { finding: parts.finding, itemKnown: checkout !== null });

  return (
    <>
      <PageHeader title={t(screen.title)} lead={t(screen.lead)} />
      <div className={`${card} ${narrow}`}>
        {parts.sent ? (
          <SendDone context={context} />
        ) : (
          <MachineForm id={FORM_ID} onSubmit={() => send({ type: 'SUBMIT' })}>
            <SendSubject context={context} screen={screen} checkout={checkout} calls={calls} send={send} onRecipient={onRecipient} />
            <SendNote context={context} checkout={checkout} send={send} />
            <SendMethods context={context} parts={parts} send={send} />
            <SendPay context={context} parts={parts} checkout={checkout} />
          </MachineForm>
        )}
      </div>
    </>
  );
}

type Send = (event: SendPaymentEvent) => void;

/** The done screen: a checkout's waits for the creator's reply until its deadline; a payment's says whom and how much. */
function SendDone({ context }: { context: SendPaymentContext }) {
  const { t } = useTranslation('payments');
  const format = useFormat();
  const lang = useLocale();
  const result = checkoutResult(context, { lang });
  if (!context.sent) return null;
  return result ? (
    <PaymentDone
      title={t(result.title.key, { username: result.title.username })}
      body={t(result.deadline.key, { deadline: result.deadline.deadline })}
      paymentId={context.sent.paymentId}
    />
  ) : (
    <PaymentDone
      title={t('sent.title')}
      body={t('sent.body', { amount: format.money(sendSummary(context).amountCents), username: context.recipient?.username ?? '' })}
      paymentId={context.sent.paymentId}
    />
  );
}

/** The note (a checkout's brief) and, paying from a creator's page, whether to be shown on their wall. */
function SendNote({ context, checkout, send }: { context: SendPaymentContext; checkout: CheckoutView | null; send: Send }) {
  const { t } = useTranslation('payments');
  const wallOwner = showOnPageOffer(context);
  return (
    <>
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
    </>
  );
}

/** The summary, a checkout's terms, and the one button that says what it does ("Pay $21.00", "Paying…"). */
function SendPay({ context, parts, checkout }: { context: SendPaymentContext; parts: SendParts; checkout: CheckoutView | null }) {
  const { t } = useTranslation('payments');
  const format = useFormat();
  const summary = sendSummary(context);
  const method = methodText(summary);
  return (
    <>
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
        disabled={!parts.pay.enabled}
        aria-describedby={checkout ? 'checkout-terms' : undefined}
      >
        {t(parts.pay.labelKey, { amount: format.money(payButtonCents(context)) })}
      </button>
    </>
  );
}
