import { createActor, fromPromise } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import { EXPIRED_SESSION_PATH, LOGIN_PATH } from '../../../domain/product';
import type { SessionUser } from '../../../domain/session-user';
import { notificationsMachine } from '../../../machines/notifications.machine';
import { sessionMachine } from '../../../machines/session.machine';
import { appInspect } from '../../lib/app-inspector';
import { clearBrowserLocalData } from '../../lib/local-data';
import { writeUserCookie } from '../../lib/user-cookie';
import { i18n } from '../../i18n/i18n';
import type { SessionRequests } from '../providers/session-requests';
import { dismissMessagesOnSignOut } from './dismiss-on-sign-out';
import type { Runtime } from './runtime-type';

/**
 * Starts the app-wide actors with the browser's effects: the `tipjar-user` cookie, storage, wouter navigation
 * and the server calls. The initial user comes from the cookie, so a reload keeps the session. Loaded lazily by
 * runtime.ts (this is where xstate enters the page).
 */
export function startRuntime({ requests, user }: { requests: SessionRequests; user: SessionUser | null }): Runtime {
  const sessionLogic = sessionMachine.provide({
    actions: {
      persistUser: ({ context }) => {
        if (context.user) writeUserCookie(context.user);
      },
      clearLocalData: () => clearBrowserLocalData(),
      // No client-side cache of server data exists yet; the first data flow that adds one clears it here.
      clearCaches: () => {},
      goHome: () => navigate('/'),
      goToLogin: () => navigate(LOGIN_PATH),
      goToExpiredSession: () => navigate(EXPIRED_SESSION_PATH),
    },
    actors: {
      logout: fromPromise<void, { user: SessionUser | null }>(({ input }) => requests.logout(input.user)),
      loadUser: fromPromise<SessionUser, { user: SessionUser | null }>(({ input }) => requests.loadUser(input.user)),
    },
  });
  const notifications = createActor(notificationsMachine, { inspect: appInspect }).start();
  const session = createActor(sessionLogic, { input: { user }, inspect: appInspect }).start();
  // For the app's lifetime, as both actors: what was said to one account is not left for the next person.
  dismissMessagesOnSignOut(session, notifications);
  if (user) {
    // The router sends the first REFRESH when it renders, after the strings have arrived; the call's code (and its
    // imports, which this chunk's preload list names) should be here by then, not requested only at that moment.
    void import('../providers/session-calls').catch(() => {});
  }
  // Only a signed-in session can be ended by a 401; a visitor's 401 is an ordinary failure to show.
  const endSession = (type: 'UNAUTHORIZED' | 'SESSION_EXPIRED') => {
    if (session.getSnapshot().context.user === null) return false;
    session.send({ type });
    return true;
  };
  return {
    notifications,
    session,
    api: {
      getLang: () => i18n.resolvedLanguage ?? i18n.language,
      onUnauthorized: () => endSession('UNAUTHORIZED'),
      onSessionExpired: () => endSession('SESSION_EXPIRED'),
      notifyError: (message) => notifications.send({ type: 'NOTIFY', kind: 'error', message }),
      genericMessage: () => i18n.t('errors:generic'),
    },
  };
}
