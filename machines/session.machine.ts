import { assign, fromPromise, setup } from 'xstate';
import { needsSetUp, type SessionUser } from '../domain/session-user';

/**
 * The session gate (spec 2 "Route sets by session state", spec 4 "Session").
 * Which routes exist depends only on this machine's state: loggedOut (visitor or expired), needsSetUp, signedIn.
 * Storage, navigation and the logout call are injected, so this runs the same in tests, the browser and the atlas.
 */
export type SessionEvent =
  | { type: 'SIGNED_IN'; user: SessionUser }
  | { type: 'USER_UPDATED'; user: SessionUser }
  | { type: 'LOGOUT' }
  | { type: 'UNAUTHORIZED' }
  | { type: 'SESSION_EXPIRED' };

export interface SessionContext {
  user: SessionUser | null;
}

export interface SessionInput {
  /** The user restored from the `tipjar-user` cookie, if any. */
  user: SessionUser | null;
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    // Replaced by the real server call in the browser; the default does nothing so the machine runs alone.
    logout: fromPromise<void, { user: SessionUser | null }>(async () => {}),
  },
  actions: {
    storeUser: assign({
      user: ({ event }) => ('user' in event ? event.user : null),
    }),
    forgetUser: assign({ user: null }),
    // Side effects with no state of their own: injected by the host.
    persistUser: () => {},
    clearLocalData: () => {},
    clearCaches: () => {},
    goHome: () => {},
    goToLogin: () => {},
    goToExpiredSession: () => {},
  },
  guards: {
    hasNoUser: ({ context }) => context.user === null,
    hasUser: ({ context }) => context.user !== null,
    userNeedsSetUp: ({ context }) => context.user !== null && needsSetUp(context.user),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ user: input.user }),
  initial: 'routing',
  states: {
    routing: {
      always: [
        { guard: 'hasNoUser', target: 'loggedOut' },
        { guard: 'userNeedsSetUp', target: 'needsSetUp' },
        { target: 'signedIn' },
      ],
    },
    loggedOut: {
      initial: 'visitor',
      states: {
        visitor: {},
        expired: {},
      },
      on: {
        SIGNED_IN: { target: 'routing', actions: ['storeUser', 'persistUser'] },
      },
    },
    needsSetUp: {
      on: {
        USER_UPDATED: { target: 'routing', actions: ['storeUser', 'persistUser'] },
      },
    },
    signedIn: {
      on: {
        USER_UPDATED: { target: 'routing', actions: ['storeUser', 'persistUser'] },
      },
    },
    loggingOut: {
      invoke: {
        src: 'logout',
        input: ({ context }) => ({ user: context.user }),
        // Spec 4: logout always clears local data, whatever the server said.
        onDone: { target: 'loggedOut.visitor', actions: ['forgetUser', 'clearLocalData', 'clearCaches', 'goHome'] },
        onError: { target: 'loggedOut.visitor', actions: ['forgetUser', 'clearLocalData', 'clearCaches', 'goHome'] },
      },
    },
  },
  on: {
    LOGOUT: { guard: 'hasUser', target: '.loggingOut' },
    UNAUTHORIZED: {
      guard: 'hasUser',
      target: '.loggedOut.visitor',
      actions: ['forgetUser', 'clearLocalData', 'clearCaches', 'goToLogin'],
    },
    SESSION_EXPIRED: {
      guard: 'hasUser',
      target: '.loggedOut.expired',
      actions: ['forgetUser', 'clearLocalData', 'clearCaches', 'goToExpiredSession'],
    },
  },
});
