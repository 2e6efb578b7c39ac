import { describe, expect, it } from 'vitest';
import { mergeUiCoverage, uiCoverageJson, type TestTransitions } from '../../../scripts/flows/ui-coverage-file';

const pay: TestTransitions = { file: 'tests/e2e/payments.spec.ts', title: 'B pays A', transitions: { sendPayment: ['editing PAY#0', 'editing AMOUNT#0'], session: ['routing always#2'] } };
const ask: TestTransitions = { file: 'tests/e2e/payments.spec.ts', title: 'B asks A', transitions: { requestPayment: ['editing SUBMIT#0'], session: ['routing always#2'] } };
const wall: TestTransitions = { file: 'tests/e2e/supporters-wall.spec.ts', title: 'the wall', transitions: { supportersWall: ['loading load:done#0'] } };
const exists = () => true;

describe('ui-coverage.json', () => {
  it('lists per machine and transition the tests that took it, sorted whatever order the tests ran in', () => {
    const one = mergeUiCoverage({}, [wall, pay, ask], { fullRun: true, fileExists: exists });
    expect(one).toEqual({
      requestPayment: { 'editing SUBMIT#0': ['tests/e2e/payments.spec.ts › B asks A'] },
      sendPayment: { 'editing AMOUNT#0': ['tests/e2e/payments.spec.ts › B pays A'], 'editing PAY#0': ['tests/e2e/payments.spec.ts › B pays A'] },
      session: { 'routing always#2': ['tests/e2e/payments.spec.ts › B asks A', 'tests/e2e/payments.spec.ts › B pays A'] },
      supportersWall: { 'loading load:done#0': ['tests/e2e/supporters-wall.spec.ts › the wall'] },
    });
    expect(uiCoverageJson(mergeUiCoverage({}, [ask, pay, wall], { fullRun: true, fileExists: exists }))).toBe(uiCoverageJson(one));
  });

  it('a run of some specs replaces their tests’ rows and keeps the others; a full run, or a deleted spec, drops them', () => {
    const before = mergeUiCoverage({}, [pay, ask, wall], { fullRun: true, fileExists: exists });
    const payAgain = { ...pay, transitions: { sendPayment: ['editing PAY#0'] } };
    expect(mergeUiCoverage(before, [payAgain], { fullRun: false, fileExists: exists })).toEqual({
      requestPayment: { 'editing SUBMIT#0': ['tests/e2e/payments.spec.ts › B asks A'] },
      sendPayment: { 'editing PAY#0': ['tests/e2e/payments.spec.ts › B pays A'] },
      session: { 'routing always#2': ['tests/e2e/payments.spec.ts › B asks A'] },
      supportersWall: { 'loading load:done#0': ['tests/e2e/supporters-wall.spec.ts › the wall'] },
    });
    expect(mergeUiCoverage(before, [payAgain], { fullRun: true, fileExists: exists })).toEqual({ sendPayment: { 'editing PAY#0': ['tests/e2e/payments.spec.ts › B pays A'] } });
    const withoutWallSpec = (file: string) => !file.includes('supporters-wall');
    expect(Object.keys(mergeUiCoverage(before, [payAgain], { fullRun: false, fileExists: withoutWallSpec }))).toEqual(['requestPayment', 'sendPayment', 'session']);
  });
});
