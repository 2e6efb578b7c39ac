import { useEffect, useMemo, type ReactNode } from 'react';
import { appInspect } from '../../lib/app-inspector';
import { fromPromise } from 'xstate';
import { useLocation } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { EXPIRED_SESSION_PATH, LOGIN_PATH } from '../../../domain/product';
import type { SessionUser } from '../../../domain/session-user';
import { sessionMachine } from '../../../machines/session.machine';
import { clearBrowserLocalData } from '../../lib/local-data';
import { readUserCookie, writeUserCookie } from '../../lib/user-cookie';
import { SessionContext } from './session-context';
import type { SessionRequests } from './session-requests';

export interface SessionProviderProps {
  children: ReactNode;
  requests: SessionRequests;
}

/**
 * Runs the session machine with the browser's effects: the `tipjar-user` cookie, storage, wouter
 * navigation and the server calls. The initial user comes from the cookie, so a reload keeps the session.
 */
export function SessionProvider({ children, requests }: SessionProviderProps) {
  const logic = useMemo(
    () =>
      sessionMachine.provide({
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
      }),
    // The actor keeps the logic it started with, so the logic is built once.
    [],
  );
  const options = useMemo(() => ({ input: { user: readUserCookie() }, inspect: appInspect }), []);
  return (
    <SessionContext.Provider logic={logic} options={options}>
      <SessionCheck />
      {children}
    </SessionContext.Provider>
  );
}

/**
 * The token is invisible to scripts, so the session is confirmed with the server at start and on every
 * navigation: an idle-expired session is noticed at the user's next step (→ /expired-session), not at their
 * next payment. The machine ignores REFRESH when nobody is signed in or a check is already running.
 */
function SessionCheck() {
  const session = SessionContext.useActorRef();
  const [location] = useLocation();
  useEffect(() => {
    session.send({ type: 'REFRESH' });
  }, [session, location]);
  return null;
}
