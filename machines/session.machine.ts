import { assign, fromPromise, setup, type DoneActorEvent } from 'xstate';
import { needsSetUp, type SessionUser } from '../domain/session-user';
import type { ProblemCode } from '../domain/problem-code';
import { errorOf, failureCode, failureStatus } from './forms/api-failure';

/**
 * The session gate (spec 2 "Route sets by session state", spec 4 "Session").
 * Which routes exist depends only on this machine's state: loggedOut (visitor or expired), needsSetUp, signedIn.
 * Storage, navigation and the server calls are injected, so this runs the same in tests, the browser and the atlas.
 *
 * The token lives in an HttpOnly cookie the app cannot see (docs/decisions.md), so "signed in" starts as the
 * readable `tipjar-user` cookie's word and is confirmed with the server: the host sends REFRESH at start and on
 * every navigation, and the answer of `GET app/user/{userId}` either refreshes the user or — 401 — ends the
 * session (to /expired-session when the server says `session_expired`, otherwise to the login route).
 */
export type SessionEvent =
  | { type: 'SIGNED_IN'; user: SessionUser }
  | { type: 'USER_UPDATED'; user: SessionUser }
  | { type: 'REFRESH' }
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

type UserInput = { user: SessionUser | null };

const SESSION_EXPIRED_CODE: ProblemCode = 'session_expired';

/** While signed in (set up or not): REFRESH asks the server who we are; one call at a time. */
const refreshable = {
  initial: 'idle',
  states: {
    idle: {
      on: { REFRESH: { target: 'refreshing' } },
    },
    refreshing: {
      invoke: {
        src: 'loadUser',
        input: ({ context }: { context: SessionContext }) => ({ user: context.user }),
        onDone: { target: '#session.routing', actions: [{ type: 'storeLoadedUser', params: ({ event }: { event: DoneActorEvent<SessionUser> }) => event.output }, 'persistUser'] },
        onError: [
          {
            guard: 'isSessionExpiredFailure',
            target: '#session.loggedOut.expired',
            actions: ['forgetUser', 'clearLocalData', 'clearCaches', 'goToExpiredSession'],
          },
          {
            guard: 'isUnauthorizedFailure',
            target: '#session.loggedOut.visitor',
            actions: ['forgetUser', 'clearLocalData', 'clearCaches', 'goToLogin'],
          },
          // Offline or a server hiccup: keep the user; the next navigation asks again.
          { target: 'idle' },
        ],
      },
    },
  },
} as const;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    // Replaced by the real server calls in the browser; the defaults let the machine run alone.
    logout: fromPromise<void, UserInput>(async () => {}),
    loadUser: fromPromise<SessionUser, UserInput>(async ({ input }) => {
      if (!input.user) throw new Error('no user to load');
      return input.user;
    }),
  },
  actions: {
    storeUser: assign({
      user: ({ event }) => ('user' in event ? event.user : null),
    }),
    storeLoadedUser: assign((_, user: SessionUser) => ({ user })),
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
    isSessionExpiredFailure: ({ event }) => {
      const error = errorOf(event);
      return failureStatus(error) === 401 && failureCode(error) === SESSION_EXPIRED_CODE;
    },
    isUnauthorizedFailure: ({ event }) => failureStatus(errorOf(event)) === 401,
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
        // Reached only through SESSION_EXPIRED: the app shows /expired-session ('Please log in again to continue').
        expired: {},
      },
      on: {
        SIGNED_IN: { target: 'routing', actions: ['storeUser', 'persistUser'] },
      },
    },
    needsSetUp: {
      ...refreshable,
      on: {
        USER_UPDATED: { target: 'routing', actions: ['storeUser', 'persistUser'] },
      },
    },
    signedIn: {
      ...refreshable,
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
