/**
 * Browser coverage per machine (issue 27): of each user-facing machine's transitions (the same list and ids as model
 * coverage, machines/graph/model-graph.ts `transitionUniverse`), how many a Playwright test took in Chromium against
 * the real server, read from docs/flows/ui-coverage.json. `npm run flows:ui-coverage` prints it; the floor
 * (ui-coverage-floor.ts) is recorded from and checked against these rows.
 */
import type { CatalogueEntry } from '../../machines/catalogue-entry';
import { transitionUniverse } from '../../machines/graph/model-graph';
import { formatPercent } from './coverage';
import type { UiCoverage } from './ui-coverage-file';

/** Catalogued machines that never run in the browser: the server's authorities on a status, not a screen. */
export const SERVER_SIDE: Record<string, string> = {
  'deposit-lifecycle': 'run by the server',
  'withdrawal-lifecycle': 'run by the server',
};

/**
 * Machines the server runs whose transitions people cause by what they do on screen (issue 27 item 3): the payment
 * lifecycle. The browser run counts the transitions its tests' requests caused (server/dev/browser-trail.ts), like a
 * user-facing machine's; the goal is every transition a person can cause. Named here, with why, are the ones only
 * the server's own work takes, outside any request (tests/unit/flows/ui-coverage-goal.test.ts holds the rest to the
 * floor).
 */
export const SERVER_TAKES: Record<string, Record<string, string>> = {
  'payment-lifecycle': {
    'awaiting CAPTURED#0':
      'the card_capture job captures an authorised card payment after the request has answered (server/payments/card-payments.ts paymentCaptured); tests/api/cards.test.ts',
    'awaiting CARD_DECLINED#0':
      'the card_capture job, when the processor refuses the capture (the authorisation lapsed); no person causes it: tests/api/cards.test.ts',
    'new EXPIRE#0':
      'the hold_expiry job, 72 hours after an unanswered order (server/payments/service.ts expireHold); tests/e2e/price-point-expiry.clock.spec.ts shows the screens with the test clock',
    'processing CARD_DECLINED#0':
      "the card_capture job, when the processor refuses to capture a card order's hold after the creator replied; tests/api/cards.test.ts",
  },
};

export interface UiCoverageRow {
  name: string;
  taken: number;
  total: number;
  /** The transitions a browser test took, in the atlas's order. */
  takenIds: string[];
  untaken: string[];
  /** Recorded ids the machine does not define: the recorder and the atlas disagree on a name (a bug). */
  unknown: string[];
}

export function uiCoverageRows(entries: Array<[string, CatalogueEntry]>, coverage: UiCoverage): UiCoverageRow[] {
  return entries
    .filter(([name]) => !(name in SERVER_SIDE))
    .map(([name, entry]) => {
      const ids = transitionUniverse(entry.machine).map((t) => t.id);
      const recorded = Object.keys(coverage[entry.machine.id] ?? {});
      const taken = new Set(recorded.filter((id) => ids.includes(id)));
      return {
        name,
        taken: taken.size,
        total: ids.length,
        takenIds: ids.filter((id) => taken.has(id)),
        untaken: ids.filter((id) => !taken.has(id)),
        unknown: recorded.filter((id) => !ids.includes(id)),
      };
    });
}

/** Aligned columns, the least covered first; the whole at the end. */
export function uiCoverageText(rows: UiCoverageRow[], { untaken = false } = {}): string {
  const sorted = [...rows].sort((a, b) => a.taken / (a.total || 1) - b.taken / (b.total || 1) || (a.name < b.name ? -1 : 1));
  const width = Math.max(...rows.map((r) => r.name.length), 'machine'.length);
  const cell = (r: { taken: number; total: number }) => `${`${r.taken}/${r.total}`.padStart(7)} ${formatPercent(r).padStart(4)}`;
  const out = [`${'machine'.padEnd(width)}  transitions taken in Chromium`];
  for (const row of sorted) {
    out.push(`${row.name.padEnd(width)}  ${cell(row)}`);
    if (untaken) for (const id of row.untaken) out.push(`    not taken: ${id}`);
    for (const id of row.unknown) out.push(`    ✗ recorded but not a transition of the machine: ${id}`);
  }
  const all = rows.reduce((sum, r) => ({ taken: sum.taken + r.taken, total: sum.total + r.total }), { taken: 0, total: 0 });
  out.push(`${'all user-facing'.padEnd(width)}  ${cell(all)}`);
  return out.join('\n');
}
