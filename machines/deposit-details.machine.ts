import { assign, setup } from 'xstate';
import { errorOf, failureStatus } from './forms/api-failure';
import type { Deposit } from './add-money.machine';
import { hostActor } from './forms/host-actor';

/**
 * /withdraw-funds/deposit-details?id= (issue 6): one deposit — payment id, date, status badge, charged type,
 * charged amount, total. While it is in flight (`created`, `processing`) the page says it is being processed and
 * reads it again every few seconds until it settles. An unknown, malformed or foreign id is "Could not find the
 * transaction" (the server answers 404, or 400), never a hint of which.
 */
export interface DepositDetailsInput {
  depositId: string | null;
}

const DEPOSIT_REFRESH_MS = 3_000;
const IN_FLIGHT = ['created', 'processing'];
const NOT_FOUND_STATUSES = [400, 404];

export const depositDetailsMachine = setup({
  types: {
    context: {} as { depositId: string | null; deposit: Deposit | null },
    events: {} as { type: 'RETRY' },
    input: {} as DepositDetailsInput,
  },
  actors: {
    loadDeposit: hostActor<Deposit, { depositId: string }>('loadDeposit'),
  },
  guards: {
    hasId: ({ context }) => context.depositId !== null && context.depositId.trim() !== '',
    isNotFound: ({ event }) => NOT_FOUND_STATUSES.includes(failureStatus(errorOf(event)) ?? 0),
    inFlight: ({ context }) => context.deposit !== null && IN_FLIGHT.includes(context.deposit.status),
  },
  actions: {
    storeDeposit: assign((_, deposit: Deposit) => ({ deposit })),
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
        onDone: { target: 'shown', actions: { type: 'storeDeposit', params: ({ event }) => event.output } },
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
        onDone: { target: 'shown', actions: { type: 'storeDeposit', params: ({ event }) => event.output } },
        // A failed re-read keeps what is shown and tries again later.
        onError: 'inFlight',
      },
    },
    settled: { type: 'final' },
  },
});
