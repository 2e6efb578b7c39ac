import { assign, setup } from 'xstate';
import { errorOf, failureStatus } from './forms/api-failure';
import { hostActor } from './forms/host-actor';

/**
 * A read-only screen of one thing loaded from the server (issue 6: a withdrawal's details, the withdraw method):
 * loading → shown; a refusal that means "no such thing of yours" (404, or 400 for an id that is no id) → not found,
 * never a hint of whose it is; any other failure → failed with a retry. RELOAD reads again while the last answer
 * stays on screen: the creator's open orders send it when the live stream says one of their payments changed
 * (src/features/orders/use-reload-on-order-changes.ts). A RELOAD while one runs is not queued (docs/payment-screens.md,
 * "A creator's workspace for replies"). The data is opaque here: each page gives the call.
 */
export interface ResourceViewContext {
  data: unknown;
}

export type ResourceViewEvent = { type: 'RETRY' } | { type: 'RELOAD' };

const NOT_FOUND_STATUSES = [400, 404];

export const resourceViewMachine = setup({
  types: {
    context: {} as ResourceViewContext,
    events: {} as ResourceViewEvent,
  },
  actors: {
    load: hostActor<unknown, void>('load'),
  },
  guards: {
    isNotFound: ({ event }) => NOT_FOUND_STATUSES.includes(failureStatus(errorOf(event)) ?? 0),
  },
  actions: {
    store: assign((_, { data }: { data: unknown }) => ({ data })),
  },
}).createMachine({
  id: 'resourceView',
  context: { data: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        onDone: { target: 'shown', actions: { type: 'store', params: ({ event }) => ({ data: event.output }) } },
        onError: [{ guard: 'isNotFound', target: 'notFound' }, { target: 'failed' }],
      },
    },
    failed: { on: { RETRY: 'loading' } },
    notFound: {},
    shown: {
      initial: 'idle',
      states: {
        idle: { on: { RELOAD: 'reloading' } },
        // The last answer stays on screen; a failed reload keeps it (the next RELOAD tries again).
        reloading: {
          invoke: { src: 'load', onDone: { target: 'idle', actions: { type: 'store', params: ({ event }) => ({ data: event.output }) } }, onError: 'idle' },
        },
      },
    },
  },
});
