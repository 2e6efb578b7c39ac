import { apiFailure } from './forms/api-failure';
import { fromPromise } from 'xstate';
import { sessionMachine } from './session.machine';
import { entry } from './catalogue-entry';
import { activeUser, newUser } from './catalogue-samples';

/** The flow atlas entry of `session` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: sessionMachine,
  purpose: 'Which route set exists: logged out (visitor or expired), needs set-up, or signed in; confirming the session with the server; and logging out.',
  // Storage and navigation actions are no-ops by default; the server calls need stand-ins.
  views: ['src/app/router/app-router.tsx'],
  operations: { loadUser: ['getAccount'], logout: ['logout'] },
  tests: ['tests/unit/web/route-sets.test.ts', 'tests/unit/machines/home-sections-view.test.ts', 'tests/e2e/accounts.spec.ts', 'tests/e2e/session-expiry.clock.spec.ts'],
  fake: () =>
    sessionMachine.provide({
      actors: { logout: fromPromise(async () => {}), loadUser: fromPromise(async () => activeUser) },
    }),
  inputs: {
    visitor: { user: null },
    restoredComplete: { user: activeUser },
    restoredIncomplete: { user: newUser },
  },
  events: {
    // Both users, so routing's guards see each branch after every sign-in and update.
    SIGNED_IN: [
      { type: 'SIGNED_IN', user: activeUser },
      { type: 'SIGNED_IN', user: newUser },
    ],
    USER_UPDATED: [
      { type: 'USER_UPDATED', user: activeUser },
      { type: 'USER_UPDATED', user: newUser },
    ],
    REFRESH: { type: 'REFRESH' },
    LOGOUT: { type: 'LOGOUT' },
    UNAUTHORIZED: { type: 'UNAUTHORIZED' },
    SESSION_EXPIRED: { type: 'SESSION_EXPIRED' },
  },
  invokeResults: {
    // The server's answer may complete the set-up (done on another device) or not; a 401 ends the session:
    // `session_expired` → /expired-session, any other → the login route; offline keeps the user.
    loadUser: {
      done: [activeUser, newUser],
      error: [apiFailure(401, { code: 'session_expired' }), apiFailure(401, { code: 'unauthenticated' }), new Error('offline')],
    },
  },
});
