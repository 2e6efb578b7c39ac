import { assign, fromPromise, setup } from 'xstate';
import { failureStatus } from './forms/api-failure';
import type { Deposit } from './add-money.machine';

/**
 * /withdraw-funds/deposit-details?id= (issue 6): one deposit — payment id, date, status badge, charged type,
 * charged amount, total. While it is in flight (`created`, `processing`) the page says it is being processed and
 * reads it again every few seconds until it settles. An unknown, malformed or foreign id is "Could not find the
 * transaction" (the server answers 404, or 400), never a hint of which.
 */
export interface DepositDetailsInput {
  depositId: string | null;
}

export const DEPOSIT_REFRESH_MS = 3_000;
const IN_FLIGHT = ['created', 'processing'];
const NOT_FOUND_STATUSES = [400, 404];

export const depositDetailsMachine = setup({
  types: {
    context: {} as { depositId: string | null; deposit: Deposit | null },
    events: {} as { type: 'RETRY' },
    input: {} as DepositDetailsInput,
  },
  actors: {
    loadDeposit: fromPromise<Deposit, { depositId: string }>(async () => {
      throw new Error('loadDeposit is provided by the host');
    }),
  },
  guards: {
    hasId: ({ context }) => context.depositId !== null && context.depositId.trim() !== '',
    isNotFound: ({ event }) => NOT_FOUND_STATUSES.includes(failureStatus((event as { error?: unknown }).error) ?? 0),
    inFlight: ({ context }) => context.deposit !== null && IN_FLIGHT.includes(context.deposit.status),
  },
  actions: {
    storeDeposit: assign({ deposit: ({ event }) => (event as unknown as { output: Deposit }).output }),
  },
}).createMachine({
  id: 'depositDetails',
  context: ({ input }) => ({ depositId: input.depositId, deposit: null }),
  initial: 'checking',
  states: {
    checking: { always: [{ guard: 'hasId', target: 'loading' }, { target: 'notFound' }] },
    loading: {
      invoke: {
        src: 'loadDeposit',
        input: ({ context }) => ({ depositId: context.depositId! }),
        onDone: { target: 'shown', actions: 'storeDeposit' },
        onError: [{ guard: 'isNotFound', target: 'notFound' }, { target: 'failed' }],
      },
    },
    failed: { on: { RETRY: 'loading' } },
    notFound: { type: 'final' },
    shown: { always: [{ guard: 'inFlight', target: 'inFlight' }, { target: 'settled' }] },
    // The last figures stay on screen while it is read again.
    inFlight: {
      after: { [DEPOSIT_REFRESH_MS]: 'refreshing' },
    },
    refreshing: {
      invoke: {
        src: 'loadDeposit',
        input: ({ context }) => ({ depositId: context.depositId! }),
        onDone: { target: 'shown', actions: 'storeDeposit' },
        // A failed re-read keeps what is shown and tries again later.
        onError: 'inFlight',
      },
    },
    settled: { type: 'final' },
  },
});
