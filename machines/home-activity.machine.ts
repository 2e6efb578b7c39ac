import { assign, fromPromise, setup } from 'xstate';
import type { PaymentView } from './activity/payment-types';

/**
 * Home (spec 2): the newest payments and what the first-step cards need to know — the wallet, so "Add money"
 * goes once money has arrived; the cards, so "Add a card" goes once one is on file; the profile, so "Complete your
 * profile" goes once it has a bio. The email's state comes from the session, not from here. A failed load keeps the
 * page usable (the cards that depend only on the session still show) and offers a retry.
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

export type HomeActivityEvent = { type: 'RETRY' };

export const homeActivityMachine = setup({
  types: {
    context: {} as HomeActivityContext,
    events: {} as HomeActivityEvent,
    input: {} as HomeActivityInput,
  },
  actors: {
    loadHome: fromPromise<HomeData, { userId: string }>(async () => {
      throw new Error('loadHome is provided by the host');
    }),
  },
  actions: {
    takeData: assign({ data: ({ event }) => (event as unknown as { output: HomeData }).output }),
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
        onDone: { target: 'ready', actions: 'takeData' },
        onError: 'failed',
      },
    },
    ready: {},
    failed: { on: { RETRY: 'loading' } },
  },
});
