import { assign, setup } from 'xstate';
import { hasErrors, type FormMessage } from './forms/field-errors';
import { hostActor } from './forms/host-actor';
import {
  messageProblem,
  RECIPIENT_REQUIRED,
  REQUEST_WHOLE_DIGITS,
  requestAmountProblem,
  wireAmount,
  type PaymentFormErrors,
} from './payments/payment-form';
import { paymentStepActions, paymentStepGuards } from './payments/payment-steps';
import type { Person } from './payments/person';

/**
 * Request money (/payment/request, issue 5, one screen since issue 22): who is asked to pay, the amount (below
 * $500), the note (required: the payer must know what it is for), a summary above the one button
 * ("Request $20.00"). States: editing, submitting, done. Nothing moves until the payer pays, so a failed submit
 * leaves everything as typed and may simply be tried again; the requester receives 100% (no fee on a request).
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
  | { type: 'SUBMIT' };

const requestBodyOf = (context: RequestPaymentContext): RequestPaymentBody => ({
  receiverUserId: context.recipient?.userId ?? '',
  amount: wireAmount(context.amount),
  message: context.message.trim(),
});

/** Everything the button would be refused for, each under its field. */
function requestProblems(context: RequestPaymentContext): PaymentFormErrors {
  const errors: PaymentFormErrors = {};
  if (!context.recipient) errors.recipient = RECIPIENT_REQUIRED;
  const amount = requestAmountProblem(context.amount);
  if (amount) errors.amount = amount;
  const message = messageProblem(context.message);
  if (message) errors.message = message;
  return errors;
}

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
    readyToRequest: ({ context }) => !hasErrors(requestProblems(context)),
  },
  actions: {
    ...paymentStepActions<RequestPaymentContext, RequestPaymentEvent>(requestAmountProblem),
    setMessage: assign(({ context, event }) => {
      if (event.type !== 'CHANGE_MESSAGE') return {};
      const { message: _cleared, ...errors } = context.errors;
      return { message: event.value, errors, failure: null };
    }),
    showProblems: assign(({ context }) => ({ errors: requestProblems(context), failure: null })),
    storeRequested: assign((_, requested: RequestedPayment) => ({ requested })),
    // Host effect: move focus to the first message (a field's, or the alert).
    focusFirstError: () => {},
  },
}).createMachine({
  id: 'requestPayment',
  context: { recipient: null, amount: '', message: '', errors: {}, failure: null, requested: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        SET_RECIPIENT: { actions: 'setRecipient' },
        CHANGE_AMOUNT: { guard: 'amountTaken', actions: 'setAmount' },
        CHANGE_MESSAGE: { guard: 'messageTaken', actions: 'setMessage' },
        SUBMIT: [
          { guard: 'readyToRequest', target: 'submitting', actions: 'clearErrors' },
          { actions: ['showProblems', 'focusFirstError'] },
        ],
      },
    },
    submitting: {
      invoke: {
        src: 'requestPayment',
        input: ({ context }) => requestBodyOf(context),
        onDone: { target: 'done', actions: { type: 'storeRequested', params: ({ event }) => event.output } },
        // Nothing moved: everything stays as typed, with the server's words above the button.
        onError: { target: 'editing', actions: ['showFailure', 'focusFirstError'] },
      },
    },
    done: { type: 'final' },
  },
});
