/**
 * Both coverages of one machine, transition by transition (issue 27 item 4): whether the model tests' paths take it
 * (vitest, fake actors) and which browser tests took it (Chromium against the real server, read from
 * docs/flows/ui-coverage.json). `npm run flows` writes one machine's as docs/flows/coverage/<name>.json and draws
 * the atlas's tables from it; the explorer (/flows) loads only the file of the machine on screen. Pure data and
 * arithmetic, no Node and no DOM: both sides import it.
 */

export interface Taken {
  taken: number;
  total: number;
}

export interface TransitionCoverage {
  /** As the atlas and both coverages name it: `<state> <event>#<branch>`. */
  id: string;
  /** Whether a model test's path takes it. */
  model: boolean;
  /** Why no model path takes it (the catalogue's `uncovered`); null when taken or when no reason is given. */
  reason: string | null;
  /** The browser tests that took it, `<spec file> › <title>`, sorted; empty when none did or none is counted. */
  tests: string[];
}

export interface MachineCoverage {
  model: Taken;
  /** null for a machine the server runs: no screen runs it, so the browser tests are not counted against it. */
  browser: Taken | null;
  /** Every transition of the machine, in the atlas's order. */
  transitions: TransitionCoverage[];
}

export interface CoverageInputs {
  /** Every transition id of the machine, in the atlas's order (machines/graph/model-graph.ts transitionUniverse). */
  ids: string[];
  /** The ids no model path takes. */
  modelUntaken: string[];
  /** The catalogue's reasons, by transition id. */
  reasons: Record<string, string>;
  /** ui-coverage.json's row of this machine (transition id → tests); null when the server runs the machine. */
  browser: Record<string, string[]> | null;
}

/**
 * One machine's two coverages. A recorded id the machine does not define is left out here (it counts for neither);
 * `npm run flows:ui-coverage` names such ids, since they mean the recorder and the atlas disagree on a name.
 */
export function machineCoverage({ ids, modelUntaken, reasons, browser }: CoverageInputs): MachineCoverage {
  const untaken = new Set(modelUntaken);
  const transitions = ids.map((id) => ({
    id,
    model: !untaken.has(id),
    reason: untaken.has(id) ? reasons[id]?.trim() || null : null,
    tests: [...(browser?.[id] ?? [])].sort(),
  }));
  return {
    model: { taken: transitions.filter((t) => t.model).length, total: ids.length },
    browser: browser ? { taken: transitions.filter((t) => t.tests.length > 0).length, total: ids.length } : null,
    transitions,
  };
}

/** Whole percent, rounded down so 99.9 % never shows as 100 %; a machine with no transitions counts as fully covered. */
export const percentTaken = ({ taken, total }: Taken): number => (total ? Math.floor((100 * taken) / total) : 100);

/** The sum over several machines. */
export const sumTaken = (figures: Taken[]): Taken =>
  figures.reduce((sum, f) => ({ taken: sum.taken + f.taken, total: sum.total + f.total }), { taken: 0, total: 0 });
