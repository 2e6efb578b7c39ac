import { assign, setup, type ActorRefFrom } from 'xstate';
import { acceptsAmountInput, centsFromInput } from '../domain/money/amount-input';
import { formatAmount } from '../domain/money/amount';
import { chargeFor, type Charge } from '../domain/money/fees';
import { DEPOSIT_MAX_CENTS, DEPOSIT_MIN_CENTS } from '../domain/limits';
import type { components } from '../openapi/schema';
import { addCardMachine } from './add-card.machine';
import { errorOf, failureCode } from './forms/api-failure';
import type { FormMessage } from './forms/field-errors';
import type { PaymentCard } from './payments/funding';
import { idempotencyKeyFor } from './payments/idempotency-key';
import { failureMessage } from './payments/payment-form';
import { hostActor } from './forms/host-actor';

/**
 * Add money (/withdraw-funds/add-money, issue 6).
 *
 * By card: choose one of the user's cards or add one (the add-card flow runs inside, and the new card is chosen) →
 * amount ($1.00 to $10,000.00 reaches the wallet) → confirm (amount, the 5% fee line, the total the card is
 * charged) → processing (the card is authorised; the capture follows within seconds) → done when the deposit is
 * complete, or declined with the processor's words. The Idempotency-Key comes from the flow id and the body, so a
 * retry after a lost answer cannot charge twice.
 *
 * By USDT: the user's deposit address (copy, QR code) while the screen watches for a new transfer to it → pending
 * while the network confirms it → done once credited, or failed when the network drops it.
 */
export type Deposit = components['schemas']['Deposit'];

export interface UsdtAddress {
  address: string;
  asset: string;
  network: string;
  requiredConfirmations: number;
}

export interface AddMoneyInput {
  /** A random id of this screen, from the host: the root of the Idempotency-Keys. */
  flowId: string;
  /** Now (ms since the epoch) for the add-card form's expiry check, and the user's country as its default. */
  today: number;
  country?: string | null;
}

export interface CardDepositRequest {
  idempotencyKey: string;
  body: { paymentMethodId: string; amount: string };
}

type AddMoneyErrors = Partial<Record<'card' | 'amount', FormMessage>>;

export interface AddMoneyContext {
  flowId: string;
  today: number;
  country: string | null;
  cards: PaymentCard[];
  cardId: string | null;
  amount: string;
  errors: AddMoneyErrors;
  failure: FormMessage | null;
  address: UsdtAddress | null;
  copied: boolean;
  deposit: Deposit | null;
}

export type AddMoneyEvent =
  | { type: 'CHOOSE_CARD' }
  | { type: 'CHOOSE_USDT' }
  | { type: 'SELECT_CARD'; cardId: string }
  | { type: 'ADD_CARD' }
  | { type: 'CANCEL' }
  | { type: 'CHANGE_AMOUNT'; value: string }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'CONFIRM' }
  | { type: 'RETRY' }
  | { type: 'COPY' }
  | { type: 'CHANGE_CARD' };

/** Digits before the point: a deposit stays within $10,000. */
export const DEPOSIT_WHOLE_DIGITS = 5;

const CARD_REQUIRED: FormMessage = { key: 'wallet:addMoney.rules.card_required' };

export function depositAmountProblem(text: string): FormMessage | null {
  const cents = centsFromInput(text);
  if (cents === null) return { key: 'wallet:rules.required' };
  if (cents < DEPOSIT_MIN_CENTS || cents > DEPOSIT_MAX_CENTS) return { key: 'wallet:addMoney.rules.amount_range' };
  return null;
}

/** Amount, 5% fee and the total the card is charged, as the confirm step shows them. */
export const depositChargeOf = (context: Pick<AddMoneyContext, 'amount'>): Charge => chargeFor(centsFromInput(context.amount) ?? 0, 'card');

function cardDepositRequestOf(context: AddMoneyContext): CardDepositRequest {
  const body = { paymentMethodId: context.cardId ?? '', amount: formatAmount(centsFromInput(context.amount) ?? 0) };
  return { idempotencyKey: idempotencyKeyFor(context.flowId, body), body };
}

export const addMoneyMachine = setup({
  types: {
    context: {} as AddMoneyContext,
    events: {} as AddMoneyEvent,
    input: {} as AddMoneyInput,
  },
  actors: {
    loadCards: hostActor<PaymentCard[], void>('loadCards'),
    addCard: addCardMachine,
    createCardDeposit: hostActor<Deposit, CardDepositRequest>('createCardDeposit'),
    /** Resolves with the deposit once it has left `created`/`processing` (complete or failed). */
    watchDeposit: hostActor<Deposit, { depositId: string }>('watchDeposit'),
    loadUsdtAddress: hostActor<UsdtAddress, void>('loadUsdtAddress'),
    /** Resolves with the first USDT deposit that was not there when it started. */
    watchUsdtArrival: hostActor<Deposit, void>('watchUsdtArrival'),
  },
  guards: {
    cardIsKnown: ({ context, event }) => event.type === 'SELECT_CARD' && context.cards.some((c) => c.id === event.cardId),
    hasCard: ({ context }) => context.cardId !== null && context.cards.some((c) => c.id === context.cardId),
    amountTaken: ({ event }) => event.type === 'CHANGE_AMOUNT' && acceptsAmountInput(event.value, DEPOSIT_WHOLE_DIGITS),
    amountIsValid: ({ context }) => depositAmountProblem(context.amount) === null,
    cardDeclined: ({ event }) => failureCode(errorOf(event)) === 'card_declined',
    depositComplete: (_, deposit: Deposit) => deposit.status === 'complete',
  },
  actions: {
    storeCards: assign(({ context }, cards: PaymentCard[]) => {
      // The first card is chosen for the user; a chosen card that is gone (removed elsewhere) is forgotten.
      const cardId = cards.some((c) => c.id === context.cardId) ? context.cardId : (cards[0]?.id ?? null);
      return { cards, cardId };
    }),
    selectCard: assign(({ event }) => (event.type === 'SELECT_CARD' ? { cardId: event.cardId, errors: {} } : {})),
    // The add-card machine ends only once the card is added, so its output is the card.
    selectAddedCard: assign((_, card: PaymentCard | null) => ({ cardId: card?.id ?? null, errors: {} })),
    showCardRequired: assign({ errors: { card: CARD_REQUIRED } }),
    setAmount: assign(({ event }) => (event.type === 'CHANGE_AMOUNT' ? { amount: event.value, errors: {} } : {})),
    showAmountProblem: assign(({ context }) => ({ errors: { amount: depositAmountProblem(context.amount)! } })),
    clearErrors: assign({ errors: {}, failure: null }),
    showFailure: assign({ failure: ({ event }) => failureMessage(errorOf(event)) }),
    storeDeposit: assign((_, deposit: Deposit) => ({ deposit })),
    storeAddress: assign((_, address: UsdtAddress) => ({ address })),
    markCopied: assign({ copied: true }),
    // Host effects: put the address on the clipboard (and say so); move focus to the first message.
    copyAddress: () => {},
    focusFirstError: () => {},
    notifyAdded: () => {},
  },
}).createMachine({
  id: 'addMoney',
  context: ({ input }) => ({
    flowId: input.flowId,
    today: input.today,
    country: input.country ?? null,
    cards: [],
    cardId: null,
    amount: '',
    errors: {},
    failure: null,
    address: null,
    copied: false,
    deposit: null,
  }),
  initial: 'choosingMethod',
  states: {
    choosingMethod: {
      on: {
        CHOOSE_CARD: 'card',
        CHOOSE_USDT: 'usdt',
      },
    },
    card: {
      initial: 'loading',
      states: {
        // Read afresh each visit: a card may have been added or removed elsewhere.
        loading: {
          meta: { step: 0 },
          invoke: { src: 'loadCards', onDone: { target: 'choosing', actions: { type: 'storeCards', params: ({ event }) => event.output } }, onError: 'loadFailed' },
          on: { BACK: '#addMoney.choosingMethod' },
        },
        loadFailed: {
          meta: { step: 0 },
          on: { RETRY: 'loading', BACK: '#addMoney.choosingMethod' },
        },
        choosing: {
          meta: { step: 0 },
          on: {
            SELECT_CARD: { guard: 'cardIsKnown', actions: 'selectCard' },
            ADD_CARD: { target: 'addingCard', actions: 'clearErrors' },
            NEXT: [
              { guard: 'hasCard', target: 'amount', actions: 'clearErrors' },
              { actions: ['showCardRequired', 'focusFirstError'] },
            ],
            BACK: { target: '#addMoney.choosingMethod', actions: 'clearErrors' },
          },
        },
        addingCard: {
          meta: { step: 0 },
          invoke: {
            id: 'addCard',
            src: 'addCard',
            input: ({ context }) => ({ today: context.today, country: context.country }),
            // The list is read again with the new card in it, and the new card chosen.
            onDone: { target: 'loading', actions: { type: 'selectAddedCard', params: ({ event }) => event.output } },
          },
          on: { CANCEL: 'choosing' },
        },
        amount: {
          meta: { step: 1 },
          on: {
            CHANGE_AMOUNT: { guard: 'amountTaken', actions: 'setAmount' },
            NEXT: [
              { guard: 'amountIsValid', target: 'confirm', actions: 'clearErrors' },
              { actions: ['showAmountProblem', 'focusFirstError'] },
            ],
            BACK: { target: 'choosing', actions: 'clearErrors' },
          },
        },
        confirm: {
          meta: { step: 2 },
          on: { CONFIRM: 'charging', BACK: 'amount' },
        },
        // The card is authorised for amount + 5%; the answer is the deposit `processing`.
        charging: {
          meta: { step: 2 },
          invoke: {
            src: 'createCardDeposit',
            input: ({ context }) => cardDepositRequestOf(context),
            onDone: { target: 'processing', actions: { type: 'storeDeposit', params: ({ event }) => event.output } },
            onError: [
              { guard: 'cardDeclined', target: 'declined', actions: ['showFailure', 'focusFirstError'] },
              { target: 'failed', actions: ['showFailure', 'focusFirstError'] },
            ],
          },
        },
        // The capture settles in a background job; the wallet grows when it is complete.
        processing: {
          meta: { step: 3 },
          invoke: {
            src: 'watchDeposit',
            input: ({ context }) => ({ depositId: context.deposit!.id }),
            onDone: [
              {
                guard: { type: 'depositComplete', params: ({ event }) => event.output },
                target: '#addMoney.done',
                actions: [{ type: 'storeDeposit', params: ({ event }) => event.output }, 'notifyAdded'],
              },
              { target: 'declined', actions: { type: 'storeDeposit', params: ({ event }) => event.output } },
            ],
            // Lost track of it, not of the money: the deposit details page follows it from here.
            onError: '#addMoney.stillProcessing',
          },
        },
        declined: {
          meta: { step: 2 },
          on: { CHANGE_CARD: { target: 'choosing', actions: 'clearErrors' } },
        },
        // The answer may have been lost on the way: the same body under the same key cannot charge twice.
        failed: {
          meta: { step: 2 },
          on: {
            RETRY: { target: 'charging', actions: 'clearErrors' },
            CHANGE_CARD: { target: 'choosing', actions: 'clearErrors' },
          },
        },
      },
    },
    usdt: {
      initial: 'loading',
      on: { BACK: { target: 'choosingMethod' } },
      states: {
        loading: {
          invoke: { src: 'loadUsdtAddress', onDone: { target: 'waiting', actions: { type: 'storeAddress', params: ({ event }) => event.output } }, onError: 'loadFailed' },
        },
        loadFailed: { on: { RETRY: 'loading' } },
        // The address and its QR code are shown; a transfer to it is watched for.
        waiting: {
          invoke: { src: 'watchUsdtArrival', onDone: { target: 'pending', actions: { type: 'storeDeposit', params: ({ event }) => event.output } }, onError: 'loadFailed' },
          on: { COPY: { actions: ['copyAddress', 'markCopied'] } },
        },
        // Seen on the network; credited at the required number of confirmations.
        pending: {
          invoke: {
            src: 'watchDeposit',
            input: ({ context }) => ({ depositId: context.deposit!.id }),
            onDone: [
              {
                guard: { type: 'depositComplete', params: ({ event }) => event.output },
                target: '#addMoney.done',
                actions: [{ type: 'storeDeposit', params: ({ event }) => event.output }, 'notifyAdded'],
              },
              { target: 'dropped', actions: { type: 'storeDeposit', params: ({ event }) => event.output } },
            ],
            onError: '#addMoney.stillProcessing',
          },
          on: { COPY: { actions: ['copyAddress', 'markCopied'] } },
        },
        dropped: {},
      },
    },
    stillProcessing: { type: 'final' },
    done: { type: 'final' },
  },
});

export type AddCardActor = ActorRefFrom<typeof addCardMachine>;
