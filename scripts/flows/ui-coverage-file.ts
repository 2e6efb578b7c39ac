/**
 * docs/flows/ui-coverage.json: which browser tests took each transition of the running app (issue 27). Written by
 * the Playwright run (tests/e2e/support/ui-coverage-teardown.ts) from each test's records, read by
 * `npm run flows` (the atlas shows it), `npm run flows:ui-coverage` and the floor's check (ui-coverage-floor.ts).
 * Sorted throughout, so the same run writes the same bytes and the file can be committed.
 */
import { join } from 'node:path';

export const UI_COVERAGE_FILE = join('docs', 'flows', 'ui-coverage.json');

/** What one test leaves behind (tests/e2e/support/ui-transitions.ts): `machine id` → transition ids it took. */
export interface TestTransitions {
  /** Repository-relative spec file, `tests/e2e/payments.spec.ts`. */
  file: string;
  /** The describe titles and the test's, joined by ` › `. */
  title: string;
  transitions: Record<string, string[]>;
}

/** machine id → transition id → the tests that took it, each `<file> › <title>`. */
export type UiCoverage = Record<string, Record<string, string[]>>;

const testName = (t: { file: string; title: string }) => `${t.file} › ${t.title}`;
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The coverage after a run. A run of every spec file replaces the file; a run of some (one spec while working on
 * it) replaces the rows of the tests it ran and keeps the others', dropping those of spec files that no longer exist.
 */
export function mergeUiCoverage(previous: UiCoverage, ran: TestTransitions[], { fullRun, fileExists }: { fullRun: boolean; fileExists: (file: string) => boolean }): UiCoverage {
  const rerun = new Set(ran.map(testName));
  const keep = (name: string) => !fullRun && !rerun.has(name) && fileExists(name.slice(0, name.indexOf(' › ')));
  const tests = new Map<string, Map<string, Set<string>>>();
  const add = (machine: string, transition: string, name: string) => {
    const transitions = tests.get(machine) ?? tests.set(machine, new Map()).get(machine)!;
    (transitions.get(transition) ?? transitions.set(transition, new Set()).get(transition)!).add(name);
  };
  for (const [machine, transitions] of Object.entries(previous)) {
    for (const [transition, names] of Object.entries(transitions)) for (const name of names.filter(keep)) add(machine, transition, name);
  }
  for (const test of ran) {
    for (const [machine, transitions] of Object.entries(test.transitions)) for (const transition of transitions) add(machine, transition, testName(test));
  }
  return Object.fromEntries(
    [...tests.keys()].sort(byCodePoint).map((machine) => {
      const transitions = tests.get(machine)!;
      return [machine, Object.fromEntries([...transitions.keys()].sort(byCodePoint).map((t) => [t, [...transitions.get(t)!].sort(byCodePoint)]))];
    }),
  );
}

export const uiCoverageJson = (coverage: UiCoverage) => JSON.stringify(coverage, null, 2) + '\n';
