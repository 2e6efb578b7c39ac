import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentFormErrors } from '../../../machines/payments/payment-form';
import type { Person } from '../../../machines/payments/person';
import { AmountField, MessageField } from './payment-fields';
import { RecipientField } from './recipient-field';
import { StepButtons } from './step-buttons';
import type { PaymentCalls } from './use-payment-calls';

/** The events the first three steps send: both payment machines accept them alike. */
export type FirstStepEvent =
  | { type: 'SET_RECIPIENT'; person: Person | null }
  | { type: 'CHANGE_AMOUNT'; value: string }
  | { type: 'CHANGE_MESSAGE'; value: string }
  | { type: 'BACK' };

export interface FirstStepsProps {
  /** The machine's step; nothing is drawn outside recipient, amount and message. */
  step: string;
  /** Prefix of the fields' ids: one screen, one set of ids. */
  idPrefix: string;
  context: { recipient: Person | null; amount: string; message: string; errors: PaymentFormErrors };
  send: (event: FirstStepEvent) => void;
  calls: PaymentCalls;
  amountHint?: string;
  messageLabel: string;
  /** False when there is no step before the message (paying a request). */
  messageCanGoBack?: boolean;
}

/** Who, how much and the note: the steps the send and request screens share, each with its Back and Next. */
export function FirstSteps({ step, idPrefix, context, send, calls, amountHint, messageLabel, messageCanGoBack = true }: FirstStepsProps) {
  const { t } = useTranslation('payments');
  const onSelectionChange = useCallback((person: Person | null) => send({ type: 'SET_RECIPIENT', person }), [send]);
  const back = () => send({ type: 'BACK' });
  if (step === 'recipient') {
    return (
      <>
        <RecipientField
          id={`${idPrefix}-recipient`}
          label={t('fields.recipient')}
          calls={calls}
          initial={context.recipient}
          error={context.errors.recipient}
          onSelectionChange={onSelectionChange}
        />
        <StepButtons />
      </>
    );
  }
  if (step === 'amount') {
    return (
      <>
        <AmountField
          id={`${idPrefix}-amount`}
          value={context.amount}
          error={context.errors.amount}
          {...(amountHint ? { hint: amountHint } : {})}
          onValueChange={(value) => send({ type: 'CHANGE_AMOUNT', value })}
        />
        <StepButtons onBack={back} />
      </>
    );
  }
  if (step === 'message') {
    return (
      <>
        <MessageField
          id={`${idPrefix}-message`}
          label={messageLabel}
          value={context.message}
          error={context.errors.message}
          onValueChange={(value) => send({ type: 'CHANGE_MESSAGE', value })}
        />
        <StepButtons onBack={messageCanGoBack ? back : undefined} />
      </>
    );
  }
  return null;
}
