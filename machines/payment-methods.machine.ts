import { assign, setup } from 'xstate';
import type { PaymentCard } from './payments/funding';
import { errorOf } from './forms/api-failure';
import { hostActor } from './forms/host-actor';

/**
 * /settings/payment-methods (issue 6): the user's cards; removing one asks first (No / Yes), then 'card removed'.
 * A card already gone (removed in another tab: 404) is dropped from the list as removed — the user's wish holds.
 */
export type PaymentMethodsEvent =
  | { type: 'RETRY' }
  | { type: 'REMOVE'; cardId: string }
  | { type: 'CANCEL' }
  | { type: 'CONFIRM' };

export interface PaymentMethodsContext {
  cards: PaymentCard[];
  /** The card the confirmation asks about. */
  removing: PaymentCard | null;
}

const statusOf = (event: unknown) => ((event as { error?: { status?: unknown } }).error?.status ?? null) as number | null;

export const paymentMethodsMachine = setup({
  types: {
    context: {} as PaymentMethodsContext,
    events: {} as PaymentMethodsEvent,
  },
  actors: {
    loadCards: hostActor<PaymentCard[], void>('loadCards'),
    removeCard: hostActor<void, { cardId: string }>('removeCard'),
  },
  guards: {
    isListed: ({ context, event }) => event.type === 'REMOVE' && context.cards.some((c) => c.id === event.cardId),
    alreadyGone: ({ event }) => statusOf(event) === 404,
  },
  actions: {
    storeCards: assign((_, cards: PaymentCard[]) => ({ cards })),
    ask: assign(({ context, event }) => (event.type === 'REMOVE' ? { removing: context.cards.find((c) => c.id === event.cardId) ?? null } : {})),
    forget: assign({ removing: null }),
    dropRemoved: assign(({ context }) => ({ cards: context.cards.filter((c) => c.id !== context.removing?.id), removing: null })),
    // Host effects: the 'card removed' notice, and the server's words when it refused.
    notifyRemoved: () => {},
    notifyFailure: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'paymentMethods',
  context: { cards: [], removing: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: { src: 'loadCards', onDone: { target: 'listing', actions: { type: 'storeCards', params: ({ event }) => event.output } }, onError: 'loadFailed' },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    listing: {
      on: { REMOVE: { guard: 'isListed', target: 'confirming', actions: 'ask' } },
    },
    confirming: {
      on: { CANCEL: { target: 'listing', actions: 'forget' }, CONFIRM: 'removing' },
    },
    removing: {
      invoke: {
        src: 'removeCard',
        input: ({ context }) => ({ cardId: context.removing!.id }),
        onDone: { target: 'listing', actions: ['dropRemoved', 'notifyRemoved'] },
        onError: [
          { guard: 'alreadyGone', target: 'listing', actions: ['dropRemoved', 'notifyRemoved'] },
          {
            target: 'listing',
            actions: ['forget', { type: 'notifyFailure', params: ({ event }) => ({ error: errorOf(event) }) }],
          },
        ],
      },
    },
  },
});
