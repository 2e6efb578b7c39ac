/**
 * The browser-coverage ratchet (issue 27 item 4): docs/flows/ui-coverage-floor.json records, per user-facing machine,
 * the transitions the browser tests took when it was last recorded (and their count, and the sum over all machines).
 * `npm test` checks the run's ui-coverage.json against it after Playwright (scripts/test-all.mjs); a machine whose
 * browser tests no longer take a transition of its floor fails the run, naming the transition. So coverage moves
 * only up; lowering the floor is a deliberate, reviewed change (`npm run flows:ui-floor -- --lower`).
 *
 * The floor is a set of transitions, not a percentage: adding a transition to a machine lowers its percentage but
 * loses nothing, while a test that stops reaching a transition is exactly what must not go unnoticed.
 */
import { join } from 'node:path';
import { percentTaken, sumTaken, type Taken } from '../../machines/graph/atlas-coverage';
import type { UiCoverageRow } from './ui-coverage';

export const UI_COVERAGE_FLOOR_FILE = join('docs', 'flows', 'ui-coverage-floor.json');

interface FloorFigure extends Taken {
  /** The transitions taken, sorted. */
  transitions: string[];
}

export interface UiCoverageFloor {
  /** Every user-facing machine's together. */
  total: Taken;
  /** Catalogue name → its figure. */
  machines: Record<string, FloorFigure>;
}

interface Fall {
  name: string;
  floor: Taken;
  now: Taken;
  /** Transitions of the floor the machine still has and no browser test took. */
  lost: string[];
  /** Transitions of the floor the machine no longer has (renamed or removed). */
  gone: string[];
}

export interface FloorCheck {
  falls: Fall[];
  /** Machines of the floor that are no longer catalogued as user-facing. */
  missing: string[];
  /** Machines that took transitions their floor does not list: the floor can be raised. */
  above: Array<{ name: string; floor: Taken; now: Taken }>;
  total: { floor: Taken; now: Taken };
}

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const NO_FIGURE: FloorFigure = { taken: 0, total: 0, transitions: [] };

/** The floor of a run: what each machine took now. */
export function floorOf(rows: UiCoverageRow[]): UiCoverageFloor {
  const sorted = [...rows].sort((a, b) => byCodePoint(a.name, b.name));
  return {
    total: sumTaken(rows),
    machines: Object.fromEntries(sorted.map((r) => [r.name, { taken: r.taken, total: r.total, transitions: [...r.takenIds].sort(byCodePoint) }])),
  };
}

/**
 * A machine falls when a transition of its floor that it still has is not taken, or when it takes fewer transitions
 * than its floor (a transition of the floor was renamed or removed and nothing took its place). A machine new to the
 * catalogue has a floor of nothing.
 */
export function checkFloor(floor: UiCoverageFloor, rows: UiCoverageRow[]): FloorCheck {
  const falls: Fall[] = [];
  const above: FloorCheck['above'] = [];
  for (const row of rows) {
    const recorded = floor.machines[row.name] ?? NO_FIGURE;
    const now = { taken: row.taken, total: row.total };
    const taken = new Set(row.takenIds);
    const has = new Set([...row.takenIds, ...row.untaken]);
    const lost = recorded.transitions.filter((id) => has.has(id) && !taken.has(id));
    const gone = recorded.transitions.filter((id) => !has.has(id));
    if (lost.length || row.taken < recorded.taken) falls.push({ name: row.name, floor: { taken: recorded.taken, total: recorded.total }, now, lost, gone });
    const listed = new Set(recorded.transitions);
    if (row.takenIds.some((id) => !listed.has(id))) above.push({ name: row.name, floor: { taken: recorded.taken, total: recorded.total }, now });
  }
  const names = new Set(rows.map((r) => r.name));
  return { falls, missing: Object.keys(floor.machines).filter((name) => !names.has(name)), above, total: { floor: floor.total, now: sumTaken(rows) } };
}

export const floorFails = (check: FloorCheck) => check.falls.length > 0 || check.missing.length > 0;

const figure = (t: Taken) => `${t.taken}/${t.total} (${percentTaken(t)}%)`;

/**
 * What a person reads: each fall with the transitions lost, then what may be raised, then the totals. `tookBefore`
 * names the tests that took a transition in the committed record (the atlas's docs/flows/coverage/<name>.json,
 * drawn from ui-coverage.json as committed), so a lost transition points at the test to look at.
 */
export function floorReport(check: FloorCheck, tookBefore: (name: string, id: string) => string[] = () => []): string {
  const out: string[] = [];
  for (const fall of check.falls) {
    out.push(`✗ ${fall.name}: ${figure(fall.now)} taken in Chromium, below its floor of ${figure(fall.floor)}`);
    for (const id of fall.lost) {
      out.push(`    no longer taken: ${id}`);
      const before = tookBefore(fall.name, id);
      for (const test of before.slice(0, 3)) out.push(`        taken before by ${test}`);
      if (before.length > 3) out.push(`        and by ${before.length - 3} more tests`);
    }
    for (const id of fall.gone) out.push(`    no longer a transition of the machine: ${id}`);
  }
  for (const name of check.missing) out.push(`✗ ${name}: in the floor, but no longer a catalogued user-facing machine`);
  if (floorFails(check)) {
    out.push(
      '  A browser test that took these no longer does: it failed, was removed, or its screen no longer reaches them.',
      '  Bring them back; or, when the machine changed on purpose, record the lower floor with',
      '  `npm run flows:ui-floor -- --lower` and say why in the commit.',
    );
  }
  for (const up of check.above) out.push(`↑ ${up.name}: ${figure(up.now)}, above its floor of ${figure(up.floor)}`);
  if (check.above.length) out.push('  `npm run flows:ui-floor` raises the floor to what this run took (commit it with ui-coverage.json).');
  out.push(`all user-facing machines: ${figure(check.total.now)} taken in Chromium; floor ${figure(check.total.floor)}`);
  return out.join('\n');
}

export const floorJson = (floor: UiCoverageFloor) => JSON.stringify(floor, null, 2) + '\n';
