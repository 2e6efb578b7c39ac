import { assign, not, setup } from 'xstate';
import { acceptsAmountInput, centsFromInput } from '../domain/money/amount-input';
import { errorOf, failureCode } from './forms/api-failure';
import { hasErrors, type FieldErrors, type FormMessage } from './forms/field-errors';
import { cardAmountTooSmall } from '../domain/limits';
import { hostActor } from './forms/host-actor';
import { BALANCE_METHOD, chargeOf, isKnownMethod, NEW_CARD_METHOD, type Funding } from './payments/funding';
import { idempotencyKeyFor } from './payments/idempotency-key';
import { newCardBody, newCardProblems, emptyNewCard, takesExpiry, type NewCardField, type NewCardValues } from './payments/new-card';
import type { AddCardBody } from './add-card.machine';
import { amountProblem, SEND_WHOLE_DIGITS, wireAmount, type PaymentFormErrors } from './payments/payment-form';
import { paymentStepActions, paymentStepGuards } from './payments/payment-steps';
import { personFrom, type Person } from './payments/person';

/**
 * Send money (/payment/send, issue 5, redesigned by issue 22): one screen — recipient, amount, note, method, the
 * fee and total — and one button that says what it does ("Pay $21.00"). The states are only loading the payer's
 * balance and cards, editing, submitting and done; what is allowed while editing is in the guards:
 *
 * - the balance can be chosen only when it covers the total (else the screen shows it "not enough", disabled); the
 *   method starts as the first one that can pay, and moves on to it when the amount outgrows the balance;
 * - "New card" takes the card's fields in place (the add-card rules; expiry as one MM/YY field) and "Save this card"
 *   (ticked): the server validates it with no charge, stores it and charges it in the same request;
 * - a request being paid (`paymentId`) or a price point (`pricePointId`) fixes the receiver and the amount;
 * - a refusal leaves everything typed where it was: the server's words (insufficient funds, a declined card under
 *   the card's fields, anything else) and the same button; pressing it again sends the same body, whose
 *   Idempotency-Key (from the flow id and the body) makes a retry after a lost answer pay once.
 *
 * Opened from a public profile's link (`?to=&amount=&pricePointId=`) the receiver is first looked up by username.
 * With a price point the screen is its checkout (issue 22 item 5): the lookup brings the creator's price points, the
 * item bought is kept (`item`: title, photo or video, price — the amount is its price as the creator set it), the note
 * is the fan's brief, and the done screen waits for the creator's reply until the hold's deadline the server answered
 * (`sent.holdExpiresAt`). A price point the creator no longer offers is dropped (`itemGone`): the screen becomes a
 * plain payment to the creator, and says why.
 */
export interface SendPaymentInput {
  /** A random id of this screen, from the host: the root of the Idempotency-Keys. */
  flowId: string;
  receiver?: { userId: string; username: string; fullName?: string | null; photo?: string | null } | null;
  amount?: string | null;
  /** The request being paid. */
  paymentId?: string | null;
  /** What the request being paid said, and when it was made (ISO): the screen shows the request itself. */
  request?: { note: string | null; requestedAt: string | null } | null;
  /**
   * Only a username (a public profile's `?to=`): the receiver is looked up first. Ignored when `receiver` is given.
   */
  receiverUsername?: string | null;
  /** The creator's price point being bought (a public profile's `?pricePointId=`): the amount is its price. */
  pricePointId?: string | null;
  /** The payer's note, typed on the creator's page (`?note=`): the message field starts with it. */
  note?: string | null;
  /** Now, from the host (ms since the epoch): a new card's expiry is judged against it. */
  today?: number;
  /** The payer's country, the new card's default. */
  country?: string | null;
}

interface SendPaymentBody {
  receiverUserId: string;
  amount: string;
  message?: string;
  paymentMethodId?: string;
  newCard?: AddCardBody;
  save?: boolean;
  paymentId?: string;
  pricePointId?: string;
  showOnPage?: boolean;
}

export interface SendPaymentRequest {
  idempotencyKey: string;
  body: SendPaymentBody;
}

/** What the success screen shows of the payment the server made. */
export interface SentPayment {
  paymentId: string;
  status: string;
  amount: string;
  fee: string;
  totalCharge: string;
  /** A price point's: when its held money goes back to the payer if the creator has not replied (ISO). */
  holdExpiresAt: string | null;
}

/** A creator's price point, as their public page lists it: what the checkout names. */
export interface CheckoutItem {
  id: string;
  description: string;
  mediaType: 'photo' | 'video';
  /** Decimal USD, as the API carries it ("25.00"). */
  price: string;
}

/** A public profile's link looked up: the creator, and the price points they offer now. */
export interface FoundReceiver {
  receiver: Person;
  pricePoints: CheckoutItem[];
}

export interface SendPaymentContext {
  flowId: string;
  today: number;
  recipient: Person | null;
  amount: string;
  message: string;
  /** `balance`, a card's id, or `new-card`. */
  methodId: string;
  card: NewCardValues;
  saveCard: boolean;
  cardErrors: FieldErrors<NewCardField>;
  funding: Funding | null;
  /** Paying this request: receiver and amount are fixed. */
  paymentId: string | null;
  request: { note: string | null; requestedAt: string | null } | null;
  /** Buying this price point: the amount is its price and fixed (the server checks it is). */
  pricePointId: string | null;
  /** The price point being bought, once the creator's page was read (the checkout names it). */
  item: CheckoutItem | null;
  /** The link's price point is no longer offered: it was dropped, and the screen says so. */
  itemGone: boolean;
  /** The username still to look up (a public profile's link), until found. */
  receiverUsername: string | null;
  errors: PaymentFormErrors;
  /** Why the last submit failed, as the server said it (or the generic message). */
  failure: FormMessage | null;
  /** The last submit failed because the card was declined (its words go under the card). */
  declined: boolean;
  sent: SentPayment | null;
  /** The creator's page the screen was opened from (a public profile's `?to=`), or null: only then is the wall offered. */
  fromPage: string | null;
  /** The payer's choice to show their name and message on that page (issue 23, off by default). */
  showOnPage: boolean;
}

export type SendPaymentEvent =
  | { type: 'SET_RECIPIENT'; person: Person | null }
  | { type: 'CHANGE_AMOUNT'; value: string }
  | { type: 'CHANGE_MESSAGE'; value: string }
  | { type: 'SELECT_METHOD'; methodId: string }
  | { type: 'CHANGE_CARD'; values: Partial<NewCardValues> }
  | { type: 'SET_SAVE_CARD'; save: boolean }
  | { type: 'SET_SHOW_ON_PAGE'; show: boolean }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' };

const amountCents = (context: Pick<SendPaymentContext, 'amount'>) => centsFromInput(context.amount) ?? 0;

/** Amount, transfer fee and total charge of the payment as it stands (shown live above the button). */
export const sendChargeOf = (context: Pick<SendPaymentContext, 'amount' | 'methodId'>) => chargeOf(amountCents(context), context.methodId);

/** Whether this method can pay the amount as it stands: the balance only when it covers the total. */
export function methodCanPay(context: Pick<SendPaymentContext, 'amount' | 'funding'>, methodId: string): boolean {
  if (methodId !== BALANCE_METHOD) return true;
  return context.funding !== null && chargeOf(amountCents(context), BALANCE_METHOD).totalCents <= context.funding.availableCents;
}

/** The first method that can pay: the balance when it covers the amount, else the first card, else a new card. */
function firstPayableMethod(context: Pick<SendPaymentContext, 'amount' | 'funding'>): string {
  if (methodCanPay(context, BALANCE_METHOD)) return BALANCE_METHOD;
  return context.funding?.cards[0]?.id ?? NEW_CARD_METHOD;
}

const fixedAmount = (context: SendPaymentContext) => context.paymentId !== null || context.pricePointId !== null;

/** A card is not charged below $1.00 (domain/limits.ts, the server's rule and its words). */
const CARD_AMOUNT_TOO_SMALL: FormMessage = { key: 'payments:rules.card_amount_too_small' };

/** Everything the button would be refused for, each under its field. */
function sendProblems(context: SendPaymentContext): { errors: PaymentFormErrors; cardErrors: FieldErrors<NewCardField> } {
  const errors: PaymentFormErrors = {};
  if (!context.recipient) errors.recipient = { key: 'payments:rules.recipient_required' };
  const amount = amountProblem(context.amount);
  if (amount) errors.amount = amount;
  // Before the balance and cards are known the method is not judged (Pay is refused then anyway).
  else if (context.funding !== null && !methodCanPay(context, context.methodId)) errors.method = { key: 'payments:rules.insufficient_funds' };
  else if (context.methodId !== BALANCE_METHOD && cardAmountTooSmall(amountCents(context))) {
    if (fixedAmount(context)) errors.method = CARD_AMOUNT_TOO_SMALL;
    else errors.amount = CARD_AMOUNT_TOO_SMALL;
  }
  const cardErrors = context.methodId === NEW_CARD_METHOD ? newCardProblems(context.card, context.today) : {};
  return { errors, cardErrors };
}

/**
 * Whose page the payer may appear on (issue 23: "Show my name and message on @maya's page"): the creator whose page
 * opened this screen, while they are still the recipient; null when the screen came from anywhere else.
 */
export function showOnPageOffer(context: Pick<SendPaymentContext, 'fromPage' | 'recipient'>): string | null {
  const username = context.recipient?.username;
  return context.fromPage !== null && username && username.toLowerCase() === context.fromPage.toLowerCase() ? username : null;
}

/** The body the button sends; its Idempotency-Key never carries the card's number or CVV (as the server's hash). */
export function sendRequestOf(context: SendPaymentContext): SendPaymentRequest {
  const body: SendPaymentBody = {
    receiverUserId: context.recipient?.userId ?? '',
    amount: wireAmount(context.amount),
  };
  if (context.methodId === NEW_CARD_METHOD) {
    body.newCard = newCardBody(context.card);
    body.save = context.saveCard;
  } else {
    body.paymentMethodId = context.methodId;
  }
  const message = context.message.trim();
  if (message) body.message = message;
  if (context.paymentId) body.paymentId = context.paymentId;
  if (context.pricePointId) body.pricePointId = context.pricePointId;
  if (context.showOnPage && showOnPageOffer(context)) body.showOnPage = true;
  const keyed = body.newCard
    ? { ...body, newCard: { ...body.newCard, number: `…${body.newCard.number.replace(/\D/gu, '').slice(-4)}`, cvv: '(secret)' } }
    : body;
  return { idempotencyKey: idempotencyKeyFor(context.flowId, keyed as unknown as Record<string, unknown>), body };
}

/**
 * The method stays while it can pay; when the amount outgrows the balance, the first method that can pay. Before
 * the balance and cards are known nothing is decided.
 */
const moveMethodOn = (context: SendPaymentContext) =>
  context.funding === null || methodCanPay(context, context.methodId) ? context.methodId : firstPayableMethod(context);

export const sendPaymentMachine = setup({
  types: {
    context: {} as SendPaymentContext,
    events: {} as SendPaymentEvent,
    input: {} as SendPaymentInput,
  },
  actors: {
    loadFunding: hostActor<Funding, void>('loadFunding'),
    sendPayment: hostActor<SentPayment, SendPaymentRequest>('sendPayment'),
    findReceiver: hostActor<FoundReceiver, { username: string }>('findReceiver'),
  },
  guards: {
    receiverToFind: ({ context }) => context.receiverUsername !== null,
    recipientEditable: ({ context }) => context.paymentId === null,
    ...paymentStepGuards<SendPaymentContext>(SEND_WHOLE_DIGITS, amountProblem),
    // A request's and a price point's amount are fixed; otherwise only keystrokes the amount rule allows.
    amountChangeTaken: ({ context, event }) =>
      !fixedAmount(context) && event.type === 'CHANGE_AMOUNT' && acceptsAmountInput(event.value, SEND_WHOLE_DIGITS),
    // A method the payer has (or a new card) and that can pay the amount: the balance only when it covers it.
    methodAllowed: ({ context, event }) =>
      event.type === 'SELECT_METHOD' &&
      (event.methodId === NEW_CARD_METHOD || isKnownMethod(context.funding, event.methodId)) &&
      methodCanPay(context, event.methodId),
    // The card's fields exist only while "New card" is the method; the expiry takes only an MM/YY shape.
    payingByNewCard: ({ context }) => context.methodId === NEW_CARD_METHOD,
    cardTaken: ({ context, event }) =>
      context.methodId === NEW_CARD_METHOD &&
      event.type === 'CHANGE_CARD' &&
      (event.values.expiry === undefined || takesExpiry(event.values.expiry)),
    readyToPay: ({ context }) => {
      const { errors, cardErrors } = sendProblems(context);
      return !hasErrors(errors) && !hasErrors(cardErrors);
    },
    insufficientFunds: ({ event }) => failureCode(errorOf(event)) === 'insufficient_funds',
    cardDeclined: ({ event }) => failureCode(errorOf(event)) === 'card_declined',
  },
  actions: {
    // The creator found; a price point still offered is named and priced as they set it, one no longer offered is
    // dropped with its amount (the payer chooses what to pay).
    takeFoundReceiver: assign(({ context }, { receiver, pricePoints }: FoundReceiver) => {
      if (context.pricePointId === null) return { recipient: receiver, receiverUsername: null };
      const item = pricePoints.find((p) => p.id === context.pricePointId) ?? null;
      return item
        ? { recipient: receiver, receiverUsername: null, item, amount: item.price }
        : { recipient: receiver, receiverUsername: null, pricePointId: null, amount: '', itemGone: true };
    }),
    // Nobody by that name (or the lookup failed): the payer chooses someone, and a price point no longer applies.
    forgetLink: assign({ receiverUsername: null, pricePointId: null, amount: '' }),
    ...paymentStepActions<SendPaymentContext, SendPaymentEvent>(amountProblem),
    setAmountAndMethod: assign(({ context, event }) => {
      if (event.type !== 'CHANGE_AMOUNT') return {};
      const next = { ...context, amount: event.value };
      return { amount: event.value, methodId: moveMethodOn(next), errors: {}, failure: null, declined: false };
    }),
    setMessage: assign(({ event }) => (event.type === 'CHANGE_MESSAGE' ? { message: event.value } : {})),
    storeFunding: assign(({ context }, funding: Funding) => ({ funding, methodId: moveMethodOn({ ...context, funding }) })),
    selectMethod: assign(({ event }) =>
      event.type === 'SELECT_METHOD' ? { methodId: event.methodId, errors: {}, failure: null, declined: false } : {},
    ),
    setCard: assign(({ context, event }) => {
      if (event.type !== 'CHANGE_CARD') return {};
      const cardErrors = { ...context.cardErrors };
      for (const field of Object.keys(event.values) as NewCardField[]) delete cardErrors[field];
      return { card: { ...context.card, ...event.values }, cardErrors, failure: null, declined: false };
    }),
    setSaveCard: assign(({ event }) => (event.type === 'SET_SAVE_CARD' ? { saveCard: event.save } : {})),
    setShowOnPage: assign(({ event }) => (event.type === 'SET_SHOW_ON_PAGE' ? { showOnPage: event.show } : {})),
    showProblems: assign(({ context }) => ({ ...sendProblems(context), failure: null, declined: false })),
    clearProblems: assign({ errors: {}, cardErrors: {}, failure: null, declined: false }),
    markDeclined: assign({ declined: true }),
    storeSent: assign((_, sent: SentPayment) => ({ sent })),
    // Host effect: move focus to the first message (a field's, or the alert).
    focusFirstError: () => {},
  },
}).createMachine({
  id: 'sendPayment',
  context: ({ input }) => {
    const amount = input.amount && acceptsAmountInput(input.amount, SEND_WHOLE_DIGITS) ? input.amount : '';
    const paymentId = input.receiver && input.paymentId && amount ? input.paymentId : null;
    return {
      flowId: input.flowId,
      today: input.today ?? 0,
      recipient: input.receiver ? { ...personFrom(input.receiver), photo: input.receiver.photo ?? null } : null,
      amount,
      message: input.note?.slice(0, 500) ?? '',
      methodId: BALANCE_METHOD,
      card: emptyNewCard(input.country ?? ''),
      saveCard: true,
      cardErrors: {},
      funding: null,
      paymentId,
      request: paymentId ? (input.request ?? null) : null,
      // A price point comes with its creator's username: their page, looked up first, names and prices it. A request
      // wins over it.
      pricePointId: !input.paymentId && !input.receiver && input.pricePointId && input.receiverUsername ? input.pricePointId : null,
      receiverUsername: !input.receiver && input.receiverUsername ? input.receiverUsername : null,
      item: null,
      itemGone: false,
      errors: {},
      failure: null,
      declined: false,
      sent: null,
      fromPage: !input.receiver && input.receiverUsername ? input.receiverUsername : null,
      showOnPage: false,
    };
  },
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'receiverToFind', target: 'findingReceiver' }, { target: 'form' }],
    },
    findingReceiver: {
      invoke: {
        src: 'findReceiver',
        input: ({ context }) => ({ username: context.receiverUsername! }),
        onDone: { target: 'form', actions: { type: 'takeFoundReceiver', params: ({ event }) => event.output } },
        onError: { target: 'form', actions: 'forgetLink' },
      },
    },
    // The screen: who, how much and the note can be typed at once (the server renders it; what was typed before
    // the app took over is kept), while the balance and cards load; which methods can pay is decided on them.
    form: {
      initial: 'loading',
      on: {
        SET_RECIPIENT: { guard: 'recipientEditable', actions: 'setRecipient' },
        CHANGE_AMOUNT: { guard: 'amountChangeTaken', actions: 'setAmountAndMethod' },
        CHANGE_MESSAGE: { guard: 'messageTaken', actions: 'setMessage' },
        SET_SHOW_ON_PAGE: { actions: 'setShowOnPage' },
      },
      states: {
        // Read again after the server found the balance short (it changed since).
        loading: {
          // Pay before the methods are known: what is missing is said; nothing is sent (with nothing missing, the
          // button waits for the methods).
          on: { SUBMIT: { guard: not('readyToPay'), actions: ['showProblems', 'focusFirstError'] } },
          invoke: {
            src: 'loadFunding',
            onDone: { target: 'editing', actions: { type: 'storeFunding', params: ({ event }) => event.output } },
            onError: 'loadFailed',
          },
        },
        loadFailed: {
          on: { RETRY: 'loading' },
        },
        editing: {
          on: {
            SELECT_METHOD: { guard: 'methodAllowed', actions: 'selectMethod' },
            CHANGE_CARD: { guard: 'cardTaken', actions: 'setCard' },
            SET_SAVE_CARD: { guard: 'payingByNewCard', actions: 'setSaveCard' },
            SUBMIT: [
              { guard: 'readyToPay', target: '#sendPayment.submitting', actions: 'clearProblems' },
              { actions: ['showProblems', 'focusFirstError'] },
            ],
          },
        },
      },
    },
    submitting: {
      invoke: {
        src: 'sendPayment',
        input: ({ context }) => sendRequestOf(context),
        onDone: { target: 'done', actions: { type: 'storeSent', params: ({ event }) => event.output } },
        onError: [
          // The balance changed since it was read: read it again (the method moves on if it no longer pays).
          { guard: 'insufficientFunds', target: 'form.loading', actions: ['showFailure', 'focusFirstError'] },
          { guard: 'cardDeclined', target: 'form.editing', actions: ['showFailure', 'markDeclined', 'focusFirstError'] },
          { target: 'form.editing', actions: ['showFailure', 'focusFirstError'] },
        ],
      },
    },
    done: { type: 'final' },
  },
});
