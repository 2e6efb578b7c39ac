import { assign, setup } from 'xstate';
import type { components } from '../openapi/schema';
import { liveUpdatesPlaceholder, type LiveEvent } from './live/live-updates';
import { hostActor } from './forms/host-actor';

/**
 * /withdraw-funds (issue 6): the balance, the withdrawals and the deposits, read together; a failure offers a
 * retry. The lists are the newest first page of each (20); a details page follows one item. Live (issue 23.4):
 * a payment change (the balance moved) or a reset of the stream reads them again, as REFRESH does.
 */
export interface WalletOverview {
  wallet: components['schemas']['Wallet'];
  withdrawals: Array<components['schemas']['Withdrawal']>;
  deposits: Array<components['schemas']['Deposit']>;
}

export type WalletOverviewEvent = { type: 'RETRY' } | { type: 'REFRESH' } | LiveEvent;

export const walletOverviewMachine = setup({
  types: {
    context: {} as { overview: WalletOverview | null },
    events: {} as WalletOverviewEvent,
  },
  actors: {
    loadOverview: hostActor<WalletOverview, void>('loadOverview'),
    liveUpdates: liveUpdatesPlaceholder,
  },
  actions: {
    storeOverview: assign((_, overview: WalletOverview) => ({ overview })),
  },
}).createMachine({
  id: 'walletOverview',
  context: { overview: null },
  initial: 'loading',
  // The user is the session's (the stream's cookie); the input is there for the actor's shape.
  invoke: { src: 'liveUpdates', input: { userId: '' } },
  states: {
    loading: {
      invoke: { src: 'loadOverview', onDone: { target: 'ready', actions: { type: 'storeOverview', params: ({ event }) => event.output } }, onError: 'failed' },
    },
    failed: { on: { RETRY: 'loading' } },
    // REFRESH (the user came back to the page) reads again while the last figures stay on screen.
    ready: { on: { REFRESH: 'loading', LIVE_PAYMENT: 'loading', LIVE_TRANSFER: 'loading', LIVE_RESET: 'loading' } },
  },
});
