import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from '../../../machines/session.machine';
import type { RouteSetName } from './route-sets';

/** Maps the session machine's state to a route set; logging out keeps the signed-in set until it is done. */
export function selectRouteSet(snapshot: SnapshotFrom<typeof sessionMachine>): RouteSetName {
  if (snapshot.matches('loggedOut')) return 'loggedOut';
  if (snapshot.matches('needsSetUp')) return 'setUp';
  return 'signedIn';
}
