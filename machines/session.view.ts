import type { SnapshotFrom } from 'xstate';
import type { SessionUser } from '../domain/session-user';
import type { sessionMachine } from './session.machine';

type SessionSnapshot = Pick<SnapshotFrom<typeof sessionMachine>, 'matches' | 'context'>;

/**
 * The user whose signed-in pages exist now (issue 24 item 6): null for a visitor, a user who still needs set-up
 * (they see /set-up) and while logging out. A route's prefetch asks this rather than reading the state's name.
 */
export const signedInUser = (snapshot: SessionSnapshot): SessionUser | null => (snapshot.matches('signedIn') ? snapshot.context.user : null);
