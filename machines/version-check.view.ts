import type { SnapshotFrom } from 'xstate';
import type { versionCheckMachine } from './version-check.machine';

type VersionCheckSnapshot = Pick<SnapshotFrom<typeof versionCheckMachine>, 'matches' | 'context'>;

/**
 * The reload dialog as the version check shows it (issue 24 item 6): mounted once a newer version is known (so
 * closing it animates and gives focus back), open while it asks and while the page reloads — a late Later as the
 * page unloads cannot close it then.
 */
export interface VersionCheckView {
  mounted: boolean;
  open: boolean;
}

export function versionCheckView(snapshot: VersionCheckSnapshot): VersionCheckView {
  return {
    mounted: snapshot.context.serverVersion !== null,
    open: snapshot.matches('updateAvailable') || snapshot.matches('reloading'),
  };
}
