import { useMemo, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import { EXPIRED_SESSION_PATH, LOGIN_PATH } from '../../../domain/product';
import type { SessionUser } from '../../../domain/session-user';
import { sessionMachine } from '../../../machines/session.machine';
import { clearBrowserLocalData } from '../../lib/local-data';
import { readUserCookie, writeUserCookie } from '../../lib/user-cookie';
import type { LogoutRequest } from './logout-request';
import { SessionContext } from './session-context';

export interface SessionProviderProps {
  children: ReactNode;
  logoutRequest: LogoutRequest;
}

/**
 * Runs the session machine with the browser's effects: the `tipjar-user` cookie, storage, wouter
 * navigation and the logout call. The initial user comes from the cookie, so a reload keeps the session.
 */
export function SessionProvider({ children, logoutRequest }: SessionProviderProps) {
  const logic = useMemo(
    () =>
      sessionMachine.provide({
        actions: {
          persistUser: ({ context, event }) => {
            const user: SessionUser | null = 'user' in event ? event.user : context.user;
            if (user) writeUserCookie(user);
          },
          clearLocalData: () => clearBrowserLocalData(),
          // No client-side cache of server data exists yet; the first data flow that adds one clears it here.
          clearCaches: () => {},
          goHome: () => navigate('/'),
          goToLogin: () => navigate(LOGIN_PATH),
          goToExpiredSession: () => navigate(EXPIRED_SESSION_PATH),
        },
        actors: {
          logout: fromPromise<void, { user: SessionUser | null }>(({ input }) => logoutRequest(input.user)),
        },
      }),
    // The actor keeps the logic it started with, so the logic is built once.
    [],
  );
  const options = useMemo(() => ({ input: { user: readUserCookie() } }), []);
  return (
    <SessionContext.Provider logic={logic} options={options}>
      {children}
    </SessionContext.Provider>
  );
}
