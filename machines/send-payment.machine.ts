import { assign, setup } from 'xstate';
import { acceptsAmountInput, centsFromInput } from '../domain/money/amount-input';
import { failureCode } from './forms/api-failure';
import type { FormMessage } from './forms/field-errors';
import { cardAmountTooSmall } from '../domain/limits';
import { errorOf } from './forms/form-actions';
import { hostActor } from './forms/host-actor';
import { BALANCE_METHOD, chargeOf, isKnownMethod, type Funding } from './payments/funding';
import { idempotencyKeyFor } from './payments/idempotency-key';
import { amountProblem, SEND_WHOLE_DIGITS, wireAmount, type PaymentFormErrors } from './payments/payment-form';
import { paymentStepActions, paymentStepGuards } from './payments/payment-steps';
import { personFrom, type Person } from './payments/person';

/**
 * Send money (/payment/send, issue 5): recipient → amount → message (optional) → payment method (the balance or
 * one of the payer's cards) → confirm (amount, transfer fee, total charge, method) → submitting → sent (with the
 * transaction id), or a failure with the server's words: insufficient funds, card declined, anything else.
 *
 * Opened for a known receiver (a public profile: receiver and maybe an amount) it starts at the amount; opened to
 * pay a request (`paymentId`) the receiver and amount are the request's and cannot change, so it starts at the
 * message. Opened from a public profile's link (`?to=&amount=&pricePointId=`) it first looks the receiver up by
 * username; buying a price point fixes the amount at its price (the server checks it) and starts at the message.
 * The balance is checked before confirming ('Insufficient funds'); the server checks it again under its
 * lock, and that refusal is shown too. The Idempotency-Key is derived from the flow id and the exact body, so a
 * retry after a lost answer cannot pay twice.
 */
export interface SendPaymentInput {
  /** A random id of this screen, from the host: the root of the Idempotency-Keys. */
  flowId: string;
  receiver?: { userId: string; username: string; fullName?: string | null } | null;
  amount?: string | null;
  /** The request being paid. */
  paymentId?: string | null;
  /**
   * Only a username (a public profile's `?to=`): the receiver is looked up first. Ignored when `receiver` is given.
   */
  receiverUsername?: string | null;
  /** The creator's price point being bought (a public profile's `?pricePointId=`): the amount is its price. */
  pricePointId?: string | null;
}

export interface SendPaymentRequest {
  idempotencyKey: string;
  body: { receiverUserId: string; amount: string; message?: string; paymentMethodId: string; paymentId?: string; pricePointId?: string };
}

/** What the success screen shows of the payment the server made. */
export interface SentPayment {
  paymentId: string;
  status: string;
  amount: string;
  fee: string;
  totalCharge: string;
}

export interface SendPaymentContext {
  flowId: string;
  recipient: Person | null;
  amount: string;
  message: string;
  methodId: string;
  funding: Funding | null;
  /** Paying this request: receiver and amount are fixed. */
  paymentId: string | null;
  /** Buying this price point: the amount is its price and fixed (the server checks it is). */
  pricePointId: string | null;
  /** The username still to look up (a public profile's link), until found. */
  receiverUsername: string | null;
  errors: PaymentFormErrors;
  /** Why the last submit failed, as the server said it (or the generic message). */
  failure: FormMessage | null;
  sent: SentPayment | null;
}

export type SendPaymentEvent =
  | { type: 'SET_RECIPIENT'; person: Person | null }
  | { type: 'CHANGE_AMOUNT'; value: string }
  | { type: 'CHANGE_MESSAGE'; value: string }
  | { type: 'SELECT_METHOD'; methodId: string }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'CONFIRM' }
  | { type: 'RETRY' }
  | { type: 'CHANGE_METHOD' };

/** The body the confirm step describes and the submit sends. */
export function sendRequestOf(context: SendPaymentContext): SendPaymentRequest {
  const body: SendPaymentRequest['body'] = {
    receiverUserId: context.recipient?.userId ?? '',
    amount: wireAmount(context.amount),
    paymentMethodId: context.methodId,
  };
  const message = context.message.trim();
  if (message) body.message = message;
  if (context.paymentId) body.paymentId = context.paymentId;
  if (context.pricePointId) body.pricePointId = context.pricePointId;
  return { idempotencyKey: idempotencyKeyFor(context.flowId, body), body };
}

/** Amount, transfer fee and total charge of the payment as it stands (the method and confirm steps show it). */
export const sendChargeOf = (context: SendPaymentContext) => chargeOf(centsFromInput(context.amount) ?? 0, context.methodId);

const balanceTooLow = (context: SendPaymentContext) =>
  context.methodId === BALANCE_METHOD && context.funding !== null && sendChargeOf(context).totalCents > context.funding.availableCents;

/** A card is not charged below $1.00 (domain/limits.ts, the server's rule and its words). */
const CARD_AMOUNT_TOO_SMALL: FormMessage = { key: 'payments:rules.card_amount_too_small' };
const cardAmountTooSmallFor = (context: SendPaymentContext) =>
  context.methodId !== BALANCE_METHOD && cardAmountTooSmall(centsFromInput(context.amount) ?? 0);


export const sendPaymentMachine = setup({
  types: {
    context: {} as SendPaymentContext,
    events: {} as SendPaymentEvent,
    input: {} as SendPaymentInput,
  },
  actors: {
    loadFunding: hostActor<Funding, void>('loadFunding'),
    sendPayment: hostActor<SentPayment, SendPaymentRequest>('sendPayment'),
    findReceiver: hostActor<Person, { username: string }>('findReceiver'),
  },
  guards: {
    payingRequest: ({ context }) => context.paymentId !== null,
    buyingPricePoint: ({ context }) => context.pricePointId !== null,
    amountEditable: ({ context }) => context.paymentId === null && context.pricePointId === null,
    receiverToFind: ({ context }) => context.receiverUsername !== null,
    receiverKnown: ({ context }) => context.recipient !== null,
    ...paymentStepGuards<SendPaymentContext>(SEND_WHOLE_DIGITS, amountProblem),
    methodIsKnown: ({ context, event }) => event.type === 'SELECT_METHOD' && isKnownMethod(context.funding, event.methodId),
    balanceTooLow: ({ context }) => balanceTooLow(context),
    cardAmountTooSmall: ({ context }) => cardAmountTooSmallFor(context),
    // The payer can change the amount (not a request's, not a price point's): the message goes under it.
    cardAmountTooSmallEditable: ({ context }) =>
      cardAmountTooSmallFor(context) && context.paymentId === null && context.pricePointId === null,
    insufficientFunds: ({ event }) => failureCode(errorOf(event)) === 'insufficient_funds',
    cardDeclined: ({ event }) => failureCode(errorOf(event)) === 'card_declined',
  },
  actions: {
    takeFoundReceiver: assign({
      recipient: ({ event }) => (event as unknown as { output: Person }).output,
      receiverUsername: null,
    }),
    // Nobody by that name (or the lookup failed): the payer chooses someone, and a price point no longer applies.
    forgetLink: assign({ receiverUsername: null, pricePointId: null, amount: '' }),
    ...paymentStepActions<SendPaymentContext, SendPaymentEvent>(amountProblem),
    setMessage: assign(({ event }) => (event.type === 'CHANGE_MESSAGE' ? { message: event.value } : {})),
    storeFunding: assign({ funding: ({ event }) => (event as unknown as { output: Funding }).output }),
    selectMethod: assign(({ event }) => (event.type === 'SELECT_METHOD' ? { methodId: event.methodId, errors: {} } : {})),
    showInsufficientFunds: assign({ errors: { method: { key: 'payments:rules.insufficient_funds' } } }),
    showCardAmountTooSmall: assign({ errors: { amount: CARD_AMOUNT_TOO_SMALL } }),
    showCardAmountTooSmallOnMethod: assign({ errors: { method: CARD_AMOUNT_TOO_SMALL } }),
    storeSent: assign({ sent: ({ event }) => (event as unknown as { output: SentPayment }).output }),
    // Host effect: move focus to the first message (the step's field, or the alert).
    focusFirstError: () => {},
  },
}).createMachine({
  id: 'sendPayment',
  context: ({ input }) => {
    const amount = input.amount && acceptsAmountInput(input.amount, SEND_WHOLE_DIGITS) ? input.amount : '';
    return {
      flowId: input.flowId,
      recipient: input.receiver ? personFrom(input.receiver) : null,
      amount,
      message: '',
      methodId: BALANCE_METHOD,
      funding: null,
      paymentId: input.receiver && input.paymentId && amount ? input.paymentId : null,
      // A price point needs its price as the amount and a receiver (known or to look up); a request wins over it.
      pricePointId:
        !input.paymentId && input.pricePointId && amount && (input.receiver || input.receiverUsername) ? input.pricePointId : null,
      receiverUsername: !input.receiver && input.receiverUsername ? input.receiverUsername : null,
      errors: {},
      failure: null,
      sent: null,
    };
  },
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'receiverToFind', target: 'findingReceiver' },
        { guard: 'payingRequest', target: 'message' },
        { guard: 'buyingPricePoint', target: 'message' },
        { guard: 'receiverKnown', target: 'amount' },
        { target: 'recipient' },
      ],
    },
    findingReceiver: {
      invoke: {
        src: 'findReceiver',
        input: ({ context }) => ({ username: context.receiverUsername! }),
        onDone: { target: 'start', actions: 'takeFoundReceiver' },
        onError: { target: 'recipient', actions: 'forgetLink' },
      },
    },
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
        NEXT: 'method',
        // A request's receiver and amount are not the payer's to change: there is no step before this one.
        BACK: { guard: 'amountEditable', target: 'amount' },
      },
    },
    method: {
      initial: 'loading',
      on: {
        BACK: { target: 'message', actions: 'clearErrors' },
      },
      states: {
        // Read afresh each time: the balance may have changed since the last visit.
        loading: {
          invoke: {
            src: 'loadFunding',
            onDone: { target: 'choosing', actions: 'storeFunding' },
            onError: 'loadFailed',
          },
        },
        loadFailed: {
          on: { RETRY: 'loading' },
        },
        choosing: {
          on: {
            SELECT_METHOD: { guard: 'methodIsKnown', actions: 'selectMethod' },
            NEXT: [
              { guard: 'balanceTooLow', actions: ['showInsufficientFunds', 'focusFirstError'] },
              // A card below $1.00: back to the amount with the server's words under it (or, when the amount is
              // fixed, under the method), so the payer changes one or the other.
              { guard: 'cardAmountTooSmallEditable', target: '#sendPayment.amount', actions: ['showCardAmountTooSmall', 'focusFirstError'] },
              { guard: 'cardAmountTooSmall', actions: ['showCardAmountTooSmallOnMethod', 'focusFirstError'] },
              { target: '#sendPayment.confirm', actions: 'clearErrors' },
            ],
          },
        },
      },
    },
    confirm: {
      on: {
        CONFIRM: 'submitting',
        BACK: 'method',
      },
    },
    submitting: {
      invoke: {
        src: 'sendPayment',
        input: ({ context }) => sendRequestOf(context),
        onDone: { target: 'sent', actions: 'storeSent' },
        onError: [
          { guard: 'insufficientFunds', target: 'failed.insufficientFunds', actions: ['showFailure', 'focusFirstError'] },
          { guard: 'cardDeclined', target: 'failed.cardDeclined', actions: ['showFailure', 'focusFirstError'] },
          { target: 'failed.other', actions: ['showFailure', 'focusFirstError'] },
        ],
      },
    },
    failed: {
      // Always entered at one of its children (the failure's kind); `other` is only the default xstate requires.
      initial: 'other',
      on: {
        CHANGE_METHOD: { target: 'method', actions: 'clearErrors' },
      },
      states: {
        insufficientFunds: {},
        cardDeclined: {},
        // The answer may have been lost on the way: the same body and key again cannot pay twice.
        other: {
          on: { RETRY: { target: '#sendPayment.submitting', actions: 'clearErrors' } },
        },
      },
    },
    sent: { type: 'final' },
  },
});
