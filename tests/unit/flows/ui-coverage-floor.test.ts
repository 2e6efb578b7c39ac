import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import type { CatalogueEntry } from '../../../machines/catalogue-entry';
import { checkFloor, floorFails, floorOf, floorReport, type UiCoverageFloor } from '../../../scripts/flows/ui-coverage-floor';
import { uiCoverageRows, type UiCoverageRow } from '../../../scripts/flows/ui-coverage';

const row = (name: string, takenIds: string[], untaken: string[]): UiCoverageRow => ({
  name,
  taken: takenIds.length,
  total: takenIds.length + untaken.length,
  takenIds,
  untaken,
  unknown: [],
});

const floor: UiCoverageFloor = {
  total: { taken: 5, total: 9 },
  machines: {
    'sign-in': { taken: 3, total: 5, transitions: ['editing CHANGE#0', 'editing SUBMIT#0', 'submitting signIn:done#0'] },
    toast: { taken: 2, total: 4, transitions: ['visible CLOSE#0', 'visible after:5000#0'] },
  },
};

describe('the browser-coverage floor (docs/flows/ui-coverage-floor.json)', () => {
  it('is recorded per machine, name order, with the transitions taken and the total', () => {
    const rows = [row('toast', ['visible after:5000#0', 'visible CLOSE#0'], ['hovered LEAVE#0', 'visible HOVER#0']), row('sign-in', ['editing SUBMIT#0'], ['editing SUBMIT#1'])];
    expect(floorOf(rows)).toEqual({
      total: { taken: 3, total: 6 },
      machines: {
        'sign-in': { taken: 1, total: 2, transitions: ['editing SUBMIT#0'] },
        toast: { taken: 2, total: 4, transitions: ['visible CLOSE#0', 'visible after:5000#0'] },
      },
    });
    expect(Object.keys(floorOf(rows).machines)).toEqual(['sign-in', 'toast']);
  });

  it('passes a run that takes what the floor lists, more, or a new machine’s anything', () => {
    const rows = [
      row('sign-in', ['editing CHANGE#0', 'editing SUBMIT#0', 'editing SUBMIT#1', 'submitting signIn:done#0'], ['submitting signIn:error#0']),
      row('toast', ['visible CLOSE#0', 'visible after:5000#0'], ['hovered LEAVE#0', 'visible HOVER#0']),
      row('statement', ['loading load:done#0'], ['loading load:error#0']),
    ];
    const check = checkFloor(floor, rows);
    expect(floorFails(check)).toBe(false);
    expect(check.falls).toEqual([]);
    expect(check.above).toEqual([
      { name: 'sign-in', floor: { taken: 3, total: 5 }, now: { taken: 4, total: 5 } },
      { name: 'statement', floor: { taken: 0, total: 0 }, now: { taken: 1, total: 2 } },
    ]);
    expect(check.total).toEqual({ floor: { taken: 5, total: 9 }, now: { taken: 7, total: 11 } });
  });

  it('fails a machine that no longer takes a transition of its floor, and names it, even when another took its place', () => {
    const rows = [
      row('sign-in', ['editing CHANGE#0', 'editing SUBMIT#1', 'submitting signIn:done#0'], ['editing SUBMIT#0', 'submitting signIn:error#0']),
      row('toast', ['visible CLOSE#0', 'visible after:5000#0'], ['hovered LEAVE#0', 'visible HOVER#0']),
    ];
    const check = checkFloor(floor, rows);
    expect(floorFails(check)).toBe(true);
    expect(check.falls).toEqual([{ name: 'sign-in', floor: { taken: 3, total: 5 }, now: { taken: 3, total: 5 }, lost: ['editing SUBMIT#0'], gone: [] }]);
    const before = (name: string, id: string) => (name === 'sign-in' && id === 'editing SUBMIT#0' ? ['t › 1', 't › 2', 't › 3', 't › 4', 't › 5'] : []);
    const report = floorReport(check, before);
    expect(report).toContain(
      '✗ sign-in: 3/5 (60%) taken in Chromium, below its floor of 3/5 (60%)\n    no longer taken: editing SUBMIT#0\n' +
        '        taken before by t › 1\n        taken before by t › 2\n        taken before by t › 3\n        and by 2 more tests\n',
    );
    expect(report).toContain('`npm run flows:ui-floor -- --lower`');
    expect(report).toContain('all user-facing machines: 5/9 (55%) taken in Chromium; floor 5/9 (55%)');
  });

  it('fails a machine that takes fewer than its floor after a transition of it was renamed away; a same-count rename passes', () => {
    const renamed = [
      row('sign-in', ['editing CHANGE#0', 'editing SUBMIT#0', 'submitting signIn:done#1'], ['submitting signIn:error#0']),
      row('toast', ['visible CLOSE#0', 'visible after:5000#0'], []),
    ];
    expect(floorFails(checkFloor(floor, renamed))).toBe(false);
    const fewer = [row('sign-in', ['editing CHANGE#0', 'editing SUBMIT#0'], ['submitting signIn:done#1']), row('toast', ['visible CLOSE#0', 'visible after:5000#0'], [])];
    const check = checkFloor(floor, fewer);
    expect(check.falls).toEqual([{ name: 'sign-in', floor: { taken: 3, total: 5 }, now: { taken: 2, total: 3 }, lost: [], gone: ['submitting signIn:done#0'] }]);
    expect(floorReport(check)).toContain('    no longer a transition of the machine: submitting signIn:done#0');
  });

  it('fails when a machine of the floor is no longer catalogued as user-facing', () => {
    const check = checkFloor(floor, [row('sign-in', ['editing CHANGE#0', 'editing SUBMIT#0', 'submitting signIn:done#0'], [])]);
    expect(check.missing).toEqual(['toast']);
    expect(floorFails(check)).toBe(true);
    expect(floorReport(check)).toContain('✗ toast: in the floor, but no longer a catalogued user-facing machine');
  });
});

describe('browser coverage rows (npm run flows:ui-coverage)', () => {
  const gate = setup({ types: { events: {} as { type: 'GO' } | { type: 'BACK' } } }).createMachine({
    id: 'gate',
    initial: 'a',
    states: { a: { on: { GO: 'b' } }, b: { on: { BACK: 'a' } } },
  });
  const entry = (machine: typeof gate): CatalogueEntry => ({ machine, purpose: '', views: [], operations: {}, tests: [], fake: () => machine, events: {} }) as CatalogueEntry;

  it('count a machine’s transitions the browser took, by its id, and leave out the machines the server runs', () => {
    const rows = uiCoverageRows([['gate', entry(gate)], ['deposit-lifecycle', entry(gate)]], { gate: { 'b BACK#0': ['tests/e2e/g.spec.ts › back'], 'c LOST#0': ['tests/e2e/g.spec.ts › old'] } });
    expect(rows).toEqual([{ name: 'gate', taken: 1, total: 2, takenIds: ['b BACK#0'], untaken: ['a GO#0'], unknown: ['c LOST#0'] }]);
  });
});
