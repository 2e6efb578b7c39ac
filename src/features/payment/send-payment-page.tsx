import { appInspect } from '../../lib/app-inspector';
import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BALANCE_METHOD } from '../../../machines/payments/funding';
import { sendChargeOf, sendPaymentMachine, type SendPaymentContext } from '../../../machines/send-payment.machine';
import { css } from '../../../styled-system/css';
import { useFormat } from '../../lib/use-format';
import { button } from '../../ui/button-styles';
import { focusFirstError } from '../../ui/form/focus-first-error';
import { MachineForm } from '../../ui/form/machine-form';
import { useFormText } from '../../ui/form/use-form-text';
import { PageHeader } from '../../ui/page-header';
import { card } from '../../ui/page-styles';
import { Stepper } from '../../ui/stepper';
import { MethodChoice } from './method-step';
import { FirstSteps } from './first-steps';
import { PaymentDone, PaymentFailure, StepLoadFailure } from './payment-outcome';
import { PaymentSummary } from './payment-summary';
import { readSendStart } from './send-state';
import { ChangeOrRetry, StepButtons } from './step-buttons';
import { usePaymentCalls } from './use-payment-calls';

const FORM_ID = 'send-payment-form';
const narrow = css({ maxW: 'xl' });
const STEP_INDEX: Record<string, number> = { recipient: 0, amount: 1, message: 2, method: 3, confirm: 4, submitting: 4, failed: 4, sent: 5 };

function methodLabel(context: SendPaymentContext, t: (key: 'method.balance') => string): string {
  if (context.methodId === BALANCE_METHOD) return t('method.balance');
  const found = context.funding?.cards.find((c) => c.id === context.methodId);
  return found ? `${found.brand.toUpperCase()} •••• ${found.last4}` : context.methodId;
}

/** /payment/send: renders the send-payment machine, one step at a time. */
export function SendPaymentPage() {
  const { t } = useTranslation('payments');
  const format = useFormat();
  const formText = useFormText();
  const calls = usePaymentCalls();
  // Read once: the history state the screen was opened with (a request to pay), else a public profile's link. The
  // server renders the screen only when there is neither (server/web/spa.ts, main.tsx).
  const input = useMemo(
    () => ({
      flowId: crypto.randomUUID(),
      ...(import.meta.env.SSR ? readSendStart(null, '') : readSendStart(window.history.state, window.location.search)),
    }),
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
  const step = typeof state.value === 'string' ? state.value : Object.keys(state.value)[0]!;
  const back = () => send({ type: 'BACK' });
  const charge = sendChargeOf(context);
  const steps = [t('steps.recipient'), t('steps.amount'), t('steps.message'), t('steps.method'), t('steps.confirm')];

  const summary = [
    [t('summary.recipient'), `@${context.recipient?.username ?? ''}`],
    [t('summary.amount'), format.money(charge.amountCents)],
    [t('summary.fee'), format.money(charge.feeCents)],
    [t('summary.total'), format.money(charge.totalCents)],
    [t('summary.method'), methodLabel(context, t)],
    [t('summary.message'), context.message.trim() || t('summary.none')],
  ] as const;

  return (
    <>
      <PageHeader title={t('send.title')} lead={t('send.lead')} />
      <div className={`${card} ${narrow}`}>
        {state.matches('sent') && context.sent ? (
          <PaymentDone
            title={t('sent.title')}
            body={t('sent.body', { amount: format.money(charge.amountCents), username: context.recipient?.username ?? '' })}
            paymentId={context.sent.paymentId}
          />
        ) : (
          <>
            <Stepper steps={steps} current={STEP_INDEX[step] ?? 0} />
            <MachineForm id={FORM_ID} onSubmit={() => send({ type: state.matches('confirm') ? 'CONFIRM' : 'NEXT' })}>
              <FirstSteps
                step={step}
                idPrefix="send"
                context={context}
                send={send}
                calls={calls}
                messageLabel={t('fields.message')}
                messageCanGoBack={context.paymentId === null && context.pricePointId === null}
              />
              {state.matches('findingReceiver') ? <p role="status">{t('send.findingReceiver')}</p> : null}
              {state.matches({ method: 'loading' }) ? <p role="status">{t('method.loading')}</p> : null}
              {state.matches({ method: 'loadFailed' }) ? (
                <StepLoadFailure title={t('method.loadFailed')} retryLabel={t('actions.retry')} onRetry={() => send({ type: 'RETRY' })} />
              ) : null}
              {state.matches({ method: 'choosing' }) && context.funding ? (
                <>
                  <MethodChoice
                    funding={context.funding}
                    methodId={context.methodId}
                    error={context.errors.method}
                    onSelect={(methodId) => send({ type: 'SELECT_METHOD', methodId })}
                  />
                  <PaymentSummary rows={summary.slice(1, 4)} />
                  <StepButtons onBack={back} />
                </>
              ) : null}
              {state.matches('confirm') || state.matches('submitting') ? (
                <>
                  <PaymentSummary rows={summary} />
                  <StepButtons onBack={state.matches('confirm') ? back : undefined}>
                    <button type="submit" className={button({ size: 'lg' })} disabled={state.matches('submitting')}>
                      {state.matches('submitting') ? t('actions.sending') : t('actions.send', { amount: format.money(charge.totalCents) })}
                    </button>
                  </StepButtons>
                </>
              ) : null}
              {state.matches('failed') ? (
                <>
                  <PaymentFailure
                    title={
                      state.matches({ failed: 'insufficientFunds' })
                        ? t('failed.insufficientFunds')
                        : state.matches({ failed: 'cardDeclined' })
                          ? t('failed.cardDeclined')
                          : t('failed.other')
                    }
                    text={formText(context.failure)}
                  />
                  <PaymentSummary rows={summary} />
                  <ChangeOrRetry
                    changeLabel={t('actions.changeMethod')}
                    onChange={() => send({ type: 'CHANGE_METHOD' })}
                    retryLabel={t('actions.retry')}
                    onRetry={state.can({ type: 'RETRY' }) ? () => send({ type: 'RETRY' }) : undefined}
                  />
                </>
              ) : null}
            </MachineForm>
          </>
        )}
      </div>
    </>
  );
}
