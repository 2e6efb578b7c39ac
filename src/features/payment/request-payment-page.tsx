import { appInspect } from '../../lib/app-inspector';
import { useMachine } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Person } from '../../../machines/payments/person';
import { requestScreen } from '../../../machines/payments/request-form.view';
import { requestPaymentMachine } from '../../../machines/request-payment.machine';
import { css } from '../../../styled-system/css';
import { useFormat } from '../../lib/use-format';
import { button } from '../../ui/button-styles';
import { focusFirstError } from '../../ui/form/focus-first-error';
import { MachineForm } from '../../ui/form/machine-form';
import { useFormText } from '../../ui/form/use-form-text';
import { PageHeader } from '../../ui/page-header';
import { card } from '../../ui/page-styles';
import { AmountField, MessageField } from './payment-fields';
import { PaymentDone, PaymentFailure } from '../../ui/wizard/payment-outcome';
import { PaymentSummary } from '../../ui/wizard/payment-summary';
import { RecipientField } from './recipient-field';
import { usePaymentCalls } from './use-payment-calls';

const FORM_ID = 'request-payment-form';
const narrow = css({ maxW: 'xl' });
const wide = css({ w: 'full' });

/** /payment/request (issue 22 item 1): one screen — whom, how much, what for, a summary and "Request $20.00". */
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
  const onRecipient = useCallback((person: Person | null) => send({ type: 'SET_RECIPIENT', person }), [send]);
  // What the screen says — the summary, the button, the receipt — is machines/payments/request-form.view.ts's.
  const view = requestScreen(state);

  return (
    <>
      <PageHeader title={t('request.title')} lead={t('request.lead')} />
      <div className={`${card} ${narrow}`}>
        {view.done ? (
          <PaymentDone
            title={t('requested.title')}
            body={t(view.done.key, { amount: format.money(view.done.amountCents), username: view.done.username })}
            paymentId={view.done.paymentId}
          />
        ) : (
          <MachineForm id={FORM_ID} onSubmit={() => send({ type: 'SUBMIT' })}>
            <RecipientField
              id="request-recipient"
              label={t('fields.recipient')}
              calls={calls}
              initial={context.recipient}
              error={context.errors.recipient}
              onSelectionChange={onRecipient}
            />
            <AmountField
              id="request-amount"
              value={context.amount}
              error={context.errors.amount}
              hint={t('fields.requestAmountHint')}
              onValueChange={(value) => send({ type: 'CHANGE_AMOUNT', value })}
            />
            <MessageField
              id="request-message"
              label={t('fields.requestMessage')}
              value={context.message}
              error={context.errors.message}
              onValueChange={(value) => send({ type: 'CHANGE_MESSAGE', value })}
            />
            {context.failure ? <PaymentFailure title={t('failed.other')} text={formText(context.failure)} /> : null}
            <PaymentSummary
              rows={[
                [t('summary.recipient'), view.summary.to ? `@${view.summary.to}` : '—'],
                [t('summary.amount'), format.money(view.summary.amountCents)],
              ]}
            />
            <button type="submit" className={`${button({ size: 'lg' })} ${wide}`} disabled={view.button.disabled}>
              {t(view.button.key, { amount: format.money(view.button.amountCents) })}
            </button>
          </MachineForm>
        )}
      </div>
    </>
  );
}
