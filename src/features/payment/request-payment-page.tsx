import { appInspect } from '../../lib/app-inspector';
import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { centsFromInput } from '../../../domain/money/amount-input';
import { requestPaymentMachine } from '../../../machines/request-payment.machine';
import { css } from '../../../styled-system/css';
import { useFormat } from '../../lib/use-format';
import { button } from '../../ui/button-styles';
import { focusFirstError } from '../../ui/form/focus-first-error';
import { MachineForm } from '../../ui/form/machine-form';
import { useFormText } from '../../ui/form/use-form-text';
import { PageHeader } from '../../ui/page-header';
import { card } from '../../ui/page-styles';
import { Stepper } from '../../ui/stepper';
import { FirstSteps } from './first-steps';
import { PaymentDone, PaymentFailure } from './payment-outcome';
import { PaymentSummary } from './payment-summary';
import { StepButtons } from './step-buttons';
import { usePaymentCalls } from './use-payment-calls';

const FORM_ID = 'request-payment-form';
const narrow = css({ maxW: 'xl' });
const STEP_INDEX: Record<string, number> = { recipient: 0, amount: 1, message: 2, confirm: 3, submitting: 3, failed: 3, requested: 4 };

/** /payment/request: renders the request-payment machine, one step at a time. */
export function RequestPaymentPage() {
  const { t } = useTranslation('payments');
  const format = useFormat();
  const formText = useFormText();
  const calls = usePaymentCalls();
  const logic = useMemo(
    () =>
      requestPaymentMachine.provide({
        actors: { requestPayment: calls.requestPayment },
        actions: { focusFirstError: () => focusFirstError(FORM_ID) },
      }),
    [calls],
  );
  const [state, send] = useMachine(logic, { inspect: appInspect });
  const { context } = state;
  const step = String(state.value);
  const back = () => send({ type: 'BACK' });
  const amount = format.money(centsFromInput(context.amount) ?? 0);
  const steps = [t('steps.recipient'), t('steps.amount'), t('steps.message'), t('steps.confirm')];
  const summary = [
    [t('summary.recipient'), `@${context.recipient?.username ?? ''}`],
    [t('summary.amount'), amount],
    [t('summary.message'), context.message.trim()],
  ] as const;

  return (
    <>
      <PageHeader title={t('request.title')} lead={t('request.lead')} />
      <div className={`${card} ${narrow}`}>
        {state.matches('requested') && context.requested ? (
          <PaymentDone
            title={t('requested.title')}
            body={t('requested.body', { amount, username: context.recipient?.username ?? '' })}
            paymentId={context.requested.paymentId}
          />
        ) : (
          <>
            <Stepper steps={steps} current={STEP_INDEX[step] ?? 0} />
            <MachineForm id={FORM_ID} onSubmit={() => send({ type: state.matches('confirm') ? 'CONFIRM' : state.matches('failed') ? 'RETRY' : 'NEXT' })}>
              <FirstSteps
                step={step}
                idPrefix="request"
                context={context}
                send={send}
                calls={calls}
                amountHint={t('fields.requestAmountHint')}
                messageLabel={t('fields.requestMessage')}
              />
              {state.matches('failed') ? <PaymentFailure title={t('failed.other')} text={formText(context.failure)} /> : null}
              {state.matches('confirm') || state.matches('submitting') || state.matches('failed') ? (
                <>
                  <PaymentSummary rows={summary} />
                  <StepButtons onBack={state.matches('submitting') ? undefined : back}>
                    <button type="submit" className={button({ size: 'lg' })} disabled={state.matches('submitting')}>
                      {state.matches('submitting')
                        ? t('actions.requesting')
                        : state.matches('failed')
                          ? t('actions.retry')
                          : t('actions.request', { amount })}
                    </button>
                  </StepButtons>
                </>
              ) : null}
            </MachineForm>
          </>
        )}
      </div>
    </>
  );
}
