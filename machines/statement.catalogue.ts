import { entry } from './catalogue-entry';
import { offline, resolves } from './catalogue-samples';
import { statementMachine, type StatementData } from './statement.machine';

/** 15 December 2026: the picker offers November 2026 back to December 2025. */
export const STATEMENT_NOW = '2026-12-15T12:00:00.000Z';

export const octoberStatement: StatementData = {
  month: '2026-10',
  time_zone: 'UTC',
  period_start: '2026-10-01T00:00:00.000Z',
  period_end: '2026-11-01T00:00:00.000Z',
  opening_balance: '10.00',
  closing_balance: '22.50',
  money_in: '20.00',
  money_out: '7.50',
  fees: '1.00',
  movements: 2,
  lines: [
    { created_at: '2026-10-03T10:00:00.000Z', type: 'card_deposit', counterparty: null, note: null, amount: '20.00', fee: '1.00', balance_after: '30.00', reference: 'deposit d-1' },
    { created_at: '2026-10-20T18:30:00.000Z', type: 'transfer', counterparty: 'ana', note: 'Coffee', amount: '-7.50', fee: '0.00', balance_after: '22.50', reference: 'p-1' },
  ],
};

const emptyStatement: StatementData = {
  ...octoberStatement,
  month: '2026-11',
  opening_balance: '22.50',
  money_in: '0.00',
  money_out: '0.00',
  fees: '0.00',
  movements: 0,
  lines: [],
};

/** The flow atlas entry of `statement` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: statementMachine,
  purpose: 'The monthly statement screen: a past month in ?month= (the last ended one first), its totals and movements read together; retry.',
  views: ['src/features/statements/statement-page.tsx'],
  operations: { loadStatement: ['getStatement'] },
  tests: ['tests/unit/machines/statement-view.test.ts', 'tests/e2e/statements.spec.ts', 'tests/api/statements.test.ts'],
  fake: () => statementMachine.provide({ actors: { loadStatement: resolves(octoberStatement) } }),
  inputs: {
    noMonth: { userId: 'u-1', month: null, timeZone: 'UTC', now: STATEMENT_NOW },
    october: { userId: 'u-1', month: '2026-10', timeZone: 'America/Sao_Paulo', now: STATEMENT_NOW },
  },
  events: {
    CHOOSE_MONTH: [
      { type: 'CHOOSE_MONTH', month: '2026-10' },
      { type: 'CHOOSE_MONTH', month: '2026-11' },
      // The current month is no statement yet: ignored.
      { type: 'CHOOSE_MONTH', month: '2026-12' },
    ],
    RETRY: { type: 'RETRY' },
  },
  invokeResults: { loadStatement: { done: [octoberStatement, emptyStatement], error: [offline] } },
  serializeState: (snapshot) =>
    JSON.stringify({ value: snapshot.value, month: snapshot.context.month, movements: snapshot.context.statement?.movements ?? null }),
});
