import { assign, setup } from 'xstate';
import type { FormMessage } from './forms/field-errors';
import { hostActor } from './forms/host-actor';
import { messageProblem, REQUEST_WHOLE_DIGITS, requestAmountProblem, wireAmount, type PaymentFormErrors } from './payments/payment-form';
import { paymentStepActions, paymentStepGuards } from './payments/payment-steps';
import type { Person } from './payments/person';

/**
 * Request money (/payment/request, issue 5): recipient (who is asked to pay) → amount (below $500) → message
 * (required: the payer must know what it is for) → confirm → submitting → requested. Nothing moves until the
 * payer pays, so a failed submit may simply be tried again; the creator receives 100% (no fee on a request).
 */
export interface RequestPaymentBody {
  receiverUserId: string;
  amount: string;
  message: string;
}

export interface RequestedPayment {
  paymentId: string;
  amount: string;
}

export interface RequestPaymentContext {
  recipient: Person | null;
  amount: string;
  message: string;
  errors: PaymentFormErrors;
  failure: FormMessage | null;
  requested: RequestedPayment | null;
}

export type RequestPaymentEvent =
  | { type: 'SET_RECIPIENT'; person: Person | null }
  | { type: 'CHANGE_AMOUNT'; value: string }
  | { type: 'CHANGE_MESSAGE'; value: string }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'CONFIRM' }
  | { type: 'RETRY' };

export const requestBodyOf = (context: RequestPaymentContext): RequestPaymentBody => ({
  receiverUserId: context.recipient?.userId ?? '',
  amount: wireAmount(context.amount),
  message: context.message.trim(),
});

export const requestPaymentMachine = setup({
  types: {
    context: {} as RequestPaymentContext,
    events: {} as RequestPaymentEvent,
  },
  actors: {
    requestPayment: hostActor<RequestedPayment, RequestPaymentBody>('requestPayment'),
  },
  guards: {
    ...paymentStepGuards<RequestPaymentContext>(REQUEST_WHOLE_DIGITS, requestAmountProblem),
    messageIsValid: ({ context }) => messageProblem(context.message) === null,
  },
  actions: {
    ...paymentStepActions<RequestPaymentContext, RequestPaymentEvent>(requestAmountProblem),
    setMessage: assign(({ event }) => (event.type === 'CHANGE_MESSAGE' ? { message: event.value, errors: {} } : {})),
    showMessageProblem: assign(({ context }) => ({ errors: { message: messageProblem(context.message)! } })),
    storeRequested: assign({ requested: ({ event }) => (event as unknown as { output: RequestedPayment }).output }),
    // Host effect: move focus to the first message (the step's field, or the alert).
    focusFirstError: () => {},
  },
}).createMachine({
  id: 'requestPayment',
  context: { recipient: null, amount: '', message: '', errors: {}, failure: null, requested: null },
  initial: 'recipient',
  states: {
    recipient: {
      on: {
        SET_RECIPIENT: { actions: 'setRecipient' },
        NEXT: [
          { guard: 'hasRecipient', target: 'amount', actions: 'clearErrors' },
          { actions: ['showRecipientProblem', 'focusFirstError'] },
        ],
      },
    },
    amount: {
      on: {
        CHANGE_AMOUNT: { guard: 'amountTaken', actions: 'setAmount' },
        NEXT: [
          { guard: 'amountIsValid', target: 'message', actions: 'clearErrors' },
          { actions: ['showAmountProblem', 'focusFirstError'] },
        ],
        BACK: { target: 'recipient', actions: 'clearErrors' },
      },
    },
    message: {
      on: {
        CHANGE_MESSAGE: { guard: 'messageTaken', actions: 'setMessage' },
        NEXT: [
          { guard: 'messageIsValid', target: 'confirm', actions: 'clearErrors' },
          { actions: ['showMessageProblem', 'focusFirstError'] },
        ],
        BACK: { target: 'amount', actions: 'clearErrors' },
      },
    },
    confirm: {
      on: {
        CONFIRM: 'submitting',
        BACK: 'message',
      },
    },
    submitting: {
      invoke: {
        src: 'requestPayment',
        input: ({ context }) => requestBodyOf(context),
        onDone: { target: 'requested', actions: 'storeRequested' },
        onError: { target: 'failed', actions: ['showFailure', 'focusFirstError'] },
      },
    },
    // Nothing moved: try again, or go back and change the request.
    failed: {
      on: {
        RETRY: { target: 'submitting', actions: 'clearErrors' },
        BACK: { target: 'message', actions: 'clearErrors' },
      },
    },
    requested: { type: 'final' },
  },
});
