import { percentTaken, type MachineCoverage, type Taken, type TransitionCoverage } from '../../../machines/graph/atlas-coverage';

/** Which coverage colours the diagram's edges. */
export type CoverageOverlay = 'model' | 'browser';

interface CoverageFigure extends Taken {
  percent: number;
}

export interface CoverageView {
  model: CoverageFigure;
  /** null: the server runs the machine, so the browser tests are not counted against it. */
  browser: CoverageFigure | null;
  /** The overlays on offer: the browser's only when it is counted. */
  overlays: CoverageOverlay[];
  /** The overlay in effect: the one asked for when on offer, else the model's. */
  overlay: CoverageOverlay;
  /** Transition ids the diagram colours as covered, by the overlay in effect. */
  covered: ReadonlySet<string>;
  /** One row per transition, in the machine's order. */
  rows: TransitionCoverage[];
}

const withPercent = (t: Taken): CoverageFigure => ({ ...t, percent: percentTaken(t) });

/** What the explorer shows of one machine's coverage (docs/flows/coverage/<name>.json) with the overlay asked for. */
export function coverageView(coverage: MachineCoverage, asked: CoverageOverlay): CoverageView {
  const overlays: CoverageOverlay[] = coverage.browser ? ['model', 'browser'] : ['model'];
  const overlay = overlays.includes(asked) ? asked : 'model';
  const covers = (t: TransitionCoverage) => (overlay === 'browser' ? t.tests.length > 0 : t.model);
  return {
    model: withPercent(coverage.model),
    browser: coverage.browser ? withPercent(coverage.browser) : null,
    overlays,
    overlay,
    covered: new Set(coverage.transitions.filter(covers).map((t) => t.id)),
    rows: coverage.transitions,
  };
}
