import { VERSION_POLL_MS } from '../domain/limits';
import { versionCheckMachine } from './version-check.machine';
import { entry } from './catalogue-entry';

/** The flow atlas entry of `version-check` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: versionCheckMachine,
  purpose: `Asks the server for its version every ${VERSION_POLL_MS / 1000} s while the tab is visible; offers a reload when it is newer, and reports a failing check once.`,
  views: ['src/app/services/version-check.tsx'],
  operations: { fetchServerVersion: ['getAppVersion'] },
  tests: ['tests/unit/machines/version-check-view.test.ts', 'tests/e2e/version-check.spec.ts'],
  fake: () => versionCheckMachine.provide({ actions: { notifyFailure: () => {}, reload: () => {} } }),
  inputs: { built: { clientVersion: '1.0.2' } },
  events: {
    HIDDEN: { type: 'HIDDEN' },
    VISIBLE: { type: 'VISIBLE' },
    RELOAD: { type: 'RELOAD' },
    DISMISS: { type: 'DISMISS' },
  },
  invokeResults: {
    // Newer (as semver: 1.0.10 > 1.0.2 although "1.0.10" < "1.0.2" as text), equal, older, and not semver.
    fetchServerVersion: { done: ['1.0.10', '1.0.2', '0.9.9', 'latest'], error: [new Error('offline')] },
  },
});
