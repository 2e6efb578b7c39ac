import { describe, expect, it } from 'vitest';
import { machineCoverage, percentTaken, sumTaken } from '../../../machines/graph/atlas-coverage';

/** A machine of four transitions: the model takes three, the browser tests two (one of them not a model one). */
const ids = ['editing CHANGE#0', 'editing SUBMIT#0', 'editing SUBMIT#1', 'submitting signIn:done#0'];

describe('both coverages of a machine (docs/flows/coverage/<name>.json)', () => {
  it('merges the model’s verdict and the browser tests per transition, in the machine’s order', () => {
    const merged = machineCoverage({
      ids,
      modelUntaken: ['editing SUBMIT#1'],
      reasons: { 'editing SUBMIT#1': '  the rules catch it first  ', 'editing CHANGE#0': 'stale reason of a taken one' },
      browser: {
        'submitting signIn:done#0': ['tests/e2e/z.spec.ts › signs in', 'tests/e2e/a.spec.ts › signs in too'],
        'editing SUBMIT#1': ['tests/e2e/a.spec.ts › a wrong password'],
      },
    });
    expect(merged).toEqual({
      model: { taken: 3, total: 4 },
      browser: { taken: 2, total: 4 },
      transitions: [
        { id: 'editing CHANGE#0', model: true, reason: null, tests: [] },
        { id: 'editing SUBMIT#0', model: true, reason: null, tests: [] },
        { id: 'editing SUBMIT#1', model: false, reason: 'the rules catch it first', tests: ['tests/e2e/a.spec.ts › a wrong password'] },
        { id: 'submitting signIn:done#0', model: true, reason: null, tests: ['tests/e2e/a.spec.ts › signs in too', 'tests/e2e/z.spec.ts › signs in'] },
      ],
    });
  });

  it('counts a recorded id the machine does not define for neither; a blank reason is no reason', () => {
    const merged = machineCoverage({ ids, modelUntaken: ['editing CHANGE#0'], reasons: { 'editing CHANGE#0': '  ' }, browser: { 'gone RENAMED#0': ['tests/e2e/a.spec.ts › old'] } });
    expect(merged.browser).toEqual({ taken: 0, total: 4 });
    expect(merged.transitions[0]).toEqual({ id: 'editing CHANGE#0', model: false, reason: null, tests: [] });
    expect(merged.transitions.map((t) => t.id)).toEqual(ids);
  });

  it('has no browser figure for a machine the server runs', () => {
    const merged = machineCoverage({ ids, modelUntaken: [], reasons: {}, browser: null });
    expect(merged.model).toEqual({ taken: 4, total: 4 });
    expect(merged.browser).toBeNull();
    expect(merged.transitions.every((t) => t.tests.length === 0)).toBe(true);
  });

  it('rounds percentages down and sums figures', () => {
    expect(percentTaken({ taken: 6, total: 7 })).toBe(85);
    expect(percentTaken({ taken: 556, total: 557 })).toBe(99);
    expect(percentTaken({ taken: 7, total: 7 })).toBe(100);
    expect(percentTaken({ taken: 0, total: 0 })).toBe(100);
    expect(sumTaken([{ taken: 6, total: 7 }, { taken: 1, total: 6 }, { taken: 0, total: 4 }])).toEqual({ taken: 7, total: 17 });
    expect(sumTaken([])).toEqual({ taken: 0, total: 0 });
  });
});
