import { assign, type EventObject } from 'xstate';
import { acceptsAmountInput } from '../../domain/money/amount-input';
import type { FormMessage } from '../forms/field-errors';
import { failureMessage, RECIPIENT_REQUIRED, takesMessage, type PaymentFormErrors } from './payment-form';
import type { Person } from './person';
import { errorOf } from '../forms/api-failure';

/**
 * The setup() pieces of the steps the send and request machines share: who (recipient), how much (amount), the
 * note's length, and the submit's failure. Each machine spreads them into its own setup() and keeps its states.
 * They differ only in the amount: how many digits the field takes and which limit `amountProblem` checks.
 */
export interface PaymentStepsContext {
  recipient: Person | null;
  amount: string;
  errors: PaymentFormErrors;
  failure: FormMessage | null;
}

type StepEvent = EventObject & { person?: Person | null; value?: string };

export function paymentStepGuards<TContext extends PaymentStepsContext>(wholeDigits: number, amountProblem: (text: string) => FormMessage | null) {
  return {
    hasRecipient: ({ context }: { context: TContext }) => context.recipient !== null,
    amountTaken: ({ event }: { event: StepEvent }) => event.type === 'CHANGE_AMOUNT' && acceptsAmountInput(event.value ?? '', wholeDigits),
    amountIsValid: ({ context }: { context: TContext }) => amountProblem(context.amount) === null,
    messageTaken: ({ event }: { event: StepEvent }) => event.type === 'CHANGE_MESSAGE' && takesMessage(event.value ?? ''),
  };
}

export function paymentStepActions<TContext extends PaymentStepsContext, TEvent extends EventObject>(
  amountProblem: (text: string) => FormMessage | null,
) {
  // The context and events are the machine's; these actions use no actors.
  const update = (assigner: (args: { context: TContext; event: StepEvent }) => Partial<PaymentStepsContext>) =>
    assign<TContext, TEvent, undefined, TEvent, never>(({ context, event }) => assigner({ context, event }) as Partial<TContext>);
  return {
    setRecipient: update(({ event }) => (event.type === 'SET_RECIPIENT' ? { recipient: event.person ?? null, errors: {} } : {})),
    showRecipientProblem: update(() => ({ errors: { recipient: RECIPIENT_REQUIRED } })),
    setAmount: update(({ event }) => (event.type === 'CHANGE_AMOUNT' ? { amount: event.value ?? '', errors: {} } : {})),
    showAmountProblem: update(({ context }) => ({ errors: { amount: amountProblem(context.amount)! } })),
    clearErrors: update(() => ({ errors: {}, failure: null })),
    // What the server said about the submit, or the generic message.
    showFailure: update(({ event }) => ({ failure: failureMessage(errorOf(event)) })),
  };
}
