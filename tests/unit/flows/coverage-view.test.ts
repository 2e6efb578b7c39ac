import { describe, expect, it } from 'vitest';
import type { MachineCoverage } from '../../../machines/graph/atlas-coverage';
import { coverageView } from '../../../src/features/flows/coverage-view';

const signIn: MachineCoverage = {
  model: { taken: 2, total: 3 },
  browser: { taken: 2, total: 3 },
  transitions: [
    { id: 'editing SUBMIT#0', model: true, reason: null, tests: ['tests/e2e/accounts.spec.ts › signs in'] },
    { id: 'editing SUBMIT#1', model: true, reason: null, tests: [] },
    { id: 'submitting signIn:done#1', model: false, reason: 'only after a reset', tests: ['tests/e2e/accounts.spec.ts › reset'] },
  ],
};

describe('the explorer’s coverage view (/flows, "Show test coverage")', () => {
  it('gives both figures with their percentages and colours the diagram by the model tests first', () => {
    const view = coverageView(signIn, 'model');
    expect(view.model).toEqual({ taken: 2, total: 3, percent: 66 });
    expect(view.browser).toEqual({ taken: 2, total: 3, percent: 66 });
    expect(view.overlays).toEqual(['model', 'browser']);
    expect(view.overlay).toBe('model');
    expect(view.covered).toEqual(new Set(['editing SUBMIT#0', 'editing SUBMIT#1']));
    expect(view.rows.map((r) => r.id)).toEqual(['editing SUBMIT#0', 'editing SUBMIT#1', 'submitting signIn:done#1']);
  });

  it('colours by the browser tests when asked', () => {
    const view = coverageView(signIn, 'browser');
    expect(view.overlay).toBe('browser');
    expect(view.covered).toEqual(new Set(['editing SUBMIT#0', 'submitting signIn:done#1']));
  });

  it('offers only the model overlay for a machine the server runs, whatever was asked', () => {
    const lifecycle: MachineCoverage = { model: { taken: 1, total: 1 }, browser: null, transitions: [{ id: 'created PAY#0', model: true, reason: null, tests: [] }] };
    const view = coverageView(lifecycle, 'browser');
    expect(view.browser).toBeNull();
    expect(view.overlays).toEqual(['model']);
    expect(view.overlay).toBe('model');
    expect(view.covered).toEqual(new Set(['created PAY#0']));
  });
});
