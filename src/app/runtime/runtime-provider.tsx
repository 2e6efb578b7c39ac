import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { NotificationsContext } from '../../ui/notifications/notifications-context';
import { SessionContext } from '../providers/session-context';
import type { Runtime } from './runtime';

/**
 * Provides the runtime's actors (null until it has started). The element types never change when it starts,
 * so the page on screen is not remounted: a visitor reading the landing sees nothing happen.
 */
export function RuntimeProvider({ runtime, children }: { runtime: Runtime | null; children: ReactNode }) {
  return (
    <SessionContext.Provider value={runtime?.session ?? null}>
      <NotificationsContext.Provider value={runtime?.notifications ?? null}>
        <SessionCheck runtime={runtime} />
        {children}
      </NotificationsContext.Provider>
    </SessionContext.Provider>
  );
}

/**
 * The token is invisible to scripts, so the session is confirmed with the server at start and on every
 * navigation: an idle-expired session is noticed at the user's next step (→ /expired-session), not at their
 * next payment. The machine ignores REFRESH when nobody is signed in or a check is already running.
 */
function SessionCheck({ runtime }: { runtime: Runtime | null }) {
  const [location] = useLocation();
  const session = runtime?.session;
  useEffect(() => {
    session?.send({ type: 'REFRESH' });
  }, [session, location]);
  return null;
}
