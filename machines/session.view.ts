import type { SnapshotFrom } from 'xstate';
import type { SessionUser } from '../domain/session-user';
import type { sessionMachine } from './session.machine';

type SessionSnapshot = Pick<SnapshotFrom<typeof sessionMachine>, 'matches' | 'context'>;

/**
 * The user whose signed-in pages exist now (issue 24 item 6): null for a visitor, a user who still needs set-up
 * (they see /set-up) and while logging out. A route's prefetch asks this rather than reading the state's name.
 */
export const signedInUser = (snapshot: SessionSnapshot): SessionUser | null => (snapshot.matches('signedIn') ? snapshot.context.user : null);

/** The three apps a session can open (spec 2): the public pages, set-up alone, or the signed-in app. */
export type SessionArea = 'loggedOut' | 'setUp' | 'signedIn';

/**
 * Which of them the session's state opens (issue 24 item 6: the router renders this, it does not test state
 * names). Logging out keeps the signed-in app until it is done, so the shell does not drop mid-call; an expired
 * session is logged out.
 */
export function sessionArea(snapshot: Pick<SnapshotFrom<typeof sessionMachine>, 'matches'>): SessionArea {
  if (snapshot.matches('loggedOut')) return 'loggedOut';
  if (snapshot.matches('needsSetUp')) return 'setUp';
  return 'signedIn';
}
