import { assign, setup } from 'xstate';
import type { PaymentView } from './activity/payment-types';
import { liveUpdatesPlaceholder, type LiveEvent } from './live/live-updates';
import { hostActor } from './forms/host-actor';

/**
 * Home (spec 2): the newest payments and what the first-step cards need to know — the wallet, so "Add money"
 * goes once money has arrived; the cards, so "Add a card" goes once one is on file; the profile, so "Complete your
 * profile" goes once it has a bio. The email's state comes from the session, not from here. A failed load keeps the
 * page usable (the cards that depend only on the session still show) and offers a retry.
 *
 * Live (issue 23.4): while shown, home follows the user's live updates; a payment change (a new payment or order,
 * a reply, a cancel) or a reset of the stream reads home again in place — the new row and the new balance appear
 * while the last ones stay on screen (a failed reread keeps them).
 */
export interface HomeActivityInput {
  userId: string;
}

export interface HomeData {
  recent: PaymentView[];
  /** Dollars as the wallet call answers (`balance`: available + held). */
  balance: string;
  /** Whether the user has a card on file; null when that could not be read (the card is then not offered). */
  hasCard: boolean | null;
  /** Whether the profile has a bio (the only profile field a user can fill in yet); null when unknown. */
  profileComplete: boolean | null;
}

export interface HomeActivityContext {
  userId: string;
  data: HomeData | null;
}

export type HomeActivityEvent = { type: 'RETRY' } | LiveEvent;

export const homeActivityMachine = setup({
  types: {
    context: {} as HomeActivityContext,
    events: {} as HomeActivityEvent,
    input: {} as HomeActivityInput,
  },
  actors: {
    loadHome: hostActor<HomeData, { userId: string }>('loadHome'),
    liveUpdates: liveUpdatesPlaceholder,
  },
  actions: {
    takeData: assign((_, data: HomeData) => ({ data })),
  },
}).createMachine({
  id: 'homeActivity',
  context: ({ input }) => ({ userId: input.userId, data: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadHome',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'ready', actions: { type: 'takeData', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    ready: {
      invoke: { src: 'liveUpdates', input: ({ context }) => ({ userId: context.userId }) },
      initial: 'current',
      states: {
        current: { on: { LIVE_PAYMENT: 'refreshing', LIVE_TRANSFER: 'refreshing', LIVE_RESET: 'refreshing' } },
        refreshing: {
          invoke: {
            src: 'loadHome',
            input: ({ context }) => ({ userId: context.userId }),
            onDone: { target: 'current', actions: { type: 'takeData', params: ({ event }) => event.output } },
            onError: 'current',
          },
          // Another change while reading: read again, so the newest is what stays.
          on: { LIVE_PAYMENT: { target: 'refreshing', reenter: true }, LIVE_TRANSFER: { target: 'refreshing', reenter: true } },
        },
      },
    },
    failed: { on: { RETRY: 'loading' } },
  },
});
