import { assign, fromPromise, setup } from 'xstate';
import type { components } from '../openapi/schema';

/**
 * /withdraw-funds (issue 6): the balance, the withdrawals and the deposits, read together; a failure offers a
 * retry. The lists are the newest first page of each (20); a details page follows one item.
 */
export interface WalletOverview {
  wallet: components['schemas']['Wallet'];
  withdrawals: Array<components['schemas']['Withdrawal']>;
  deposits: Array<components['schemas']['Deposit']>;
}

export type WalletOverviewEvent = { type: 'RETRY' } | { type: 'REFRESH' };

export const walletOverviewMachine = setup({
  types: {
    context: {} as { overview: WalletOverview | null },
    events: {} as WalletOverviewEvent,
  },
  actors: {
    loadOverview: fromPromise<WalletOverview, void>(async () => {
      throw new Error('loadOverview is provided by the host');
    }),
  },
  actions: {
    storeOverview: assign({ overview: ({ event }) => (event as unknown as { output: WalletOverview }).output }),
  },
}).createMachine({
  id: 'walletOverview',
  context: { overview: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: { src: 'loadOverview', onDone: { target: 'ready', actions: 'storeOverview' }, onError: 'failed' },
    },
    failed: { on: { RETRY: 'loading' } },
    // REFRESH (the user came back to the page) reads again while the last figures stay on screen.
    ready: { on: { REFRESH: 'loading' } },
  },
});
