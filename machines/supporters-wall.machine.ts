import { assign, setup } from 'xstate';
import type { components } from '../openapi/schema';
import { errorOf } from './forms/api-failure';
import { hostActor } from './forms/host-actor';

/**
 * The supporters wall on a creator's pay page (issue 23 item 2): the supporter count and the recent messages of the
 * payers who chose "Show my name and message on @maya's page" (getSupporters, public, never an amount). The page's
 * owner, signed in, may hide any of them: Hide asks first (No / Yes), then `hideSupporter`, "Message hidden", and the
 * message leaves the wall. Hiding one already hidden (in another tab) is the server's 204 again, so it leaves the same
 * way; any refusal (a 503, or the 404 `supporter_not_found` for a payment that is not on this wall, which a listed
 * message never meets) keeps it and says the server's words. Hiding never changes the count (docs/decisions.md,
 * "The supporters wall").
 */
export type SupportersWallData = components['schemas']['SupportersWall'];
export type Supporter = SupportersWallData['data'][number];

export interface SupportersWallInput {
  /** The page's username, as in its address. */
  username: string;
  /** The creator's user id (the public profile's `user_id`). */
  creatorId: string;
  /** The signed-in viewer's user id, or null for a visitor. */
  viewerId: string | null;
}

export interface SupportersWallContext extends SupportersWallInput {
  /** People who have completed a payment to the creator; null until the wall is read. */
  count: number | null;
  supporters: Supporter[];
  /** The message the confirmation asks about, then the one being hidden. */
  hiding: Supporter | null;
}

export type SupportersWallEvent = { type: 'RETRY' } | { type: 'HIDE'; id: string } | { type: 'CANCEL' } | { type: 'CONFIRM' };

export interface HideSupporterInput {
  userId: string;
  supporterPaymentId: string;
}

/** Only the page's owner, signed in, is offered Hide (the server checks it again: `hideSupporter` is theirs alone). */
export const ownsWall = (context: Pick<SupportersWallContext, 'creatorId' | 'viewerId'>): boolean =>
  context.viewerId !== null && context.viewerId === context.creatorId;

export const supportersWallMachine = setup({
  types: {
    context: {} as SupportersWallContext,
    events: {} as SupportersWallEvent,
    input: {} as SupportersWallInput,
  },
  actors: {
    loadSupporters: hostActor<SupportersWallData, { username: string }>('loadSupporters'),
    hideSupporter: hostActor<void, HideSupporterInput>('hideSupporter'),
  },
  guards: {
    hasMessages: (_, wall: SupportersWallData) => wall.data.length > 0,
    mayHideListed: ({ context, event }) => event.type === 'HIDE' && ownsWall(context) && context.supporters.some((s) => s.id === event.id),
    /** The message being hidden is the last one shown. */
    isLast: ({ context }) => context.supporters.every((s) => s.id === context.hiding?.id),
  },
  actions: {
    store: assign((_, wall: SupportersWallData) => ({ count: wall.supporter_count, supporters: wall.data })),
    ask: assign(({ context, event }) => (event.type === 'HIDE' ? { hiding: context.supporters.find((s) => s.id === event.id) ?? null } : {})),
    forget: assign({ hiding: null }),
    dropHidden: assign(({ context }) => ({ supporters: context.supporters.filter((s) => s.id !== context.hiding?.id), hiding: null })),
    // Host effects: the "Message hidden" toast, and the server's words when it refused.
    notifyHidden: () => {},
    notifyFailure: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'supportersWall',
  context: ({ input }) => ({ ...input, count: null, supporters: [], hiding: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadSupporters',
        input: ({ context }) => ({ username: context.username }),
        onDone: [
          { guard: { type: 'hasMessages', params: ({ event }) => event.output }, target: 'shown', actions: { type: 'store', params: ({ event }) => event.output } },
          { target: 'empty', actions: { type: 'store', params: ({ event }) => event.output } },
        ],
        onError: 'failed',
      },
    },
    failed: { on: { RETRY: 'loading' } },
    /** No public message (yet, or every one hidden): the count and the empty-state text. */
    empty: {},
    shown: {
      on: { HIDE: { guard: 'mayHideListed', target: 'confirming', actions: 'ask' } },
    },
    confirming: {
      on: { CANCEL: { target: 'shown', actions: 'forget' }, CONFIRM: 'hiding' },
    },
    hiding: {
      invoke: {
        src: 'hideSupporter',
        input: ({ context }) => ({ userId: context.creatorId, supporterPaymentId: context.hiding!.id }),
        onDone: [
          { guard: 'isLast', target: 'empty', actions: ['dropHidden', 'notifyHidden'] },
          { target: 'shown', actions: ['dropHidden', 'notifyHidden'] },
        ],
        // A refusal keeps the message. There is no "already hidden" answer to take as done: hiding is idempotent
        // (204 again), and the 404 is only for a payment this wall never listed (docs/decisions.md).
        onError: {
          target: 'shown',
          actions: ['forget', { type: 'notifyFailure', params: ({ event }) => ({ error: errorOf(event) }) }],
        },
      },
    },
  },
});
