import { entry } from './catalogue-entry';
import { offline, resolves } from './catalogue-samples';
import { moneySummaryMachine, type MoneySummaryData } from './money-summary.machine';

const days = Array.from({ length: 30 }, (_, i) => new Date(Date.UTC(2026, 10, 1 + i)).toISOString().slice(0, 10));

/** 30 days of November 2026 in São Paulo: $20 in on the 3rd, $7.50 out on the 20th. */
export const novemberSummary: MoneySummaryData = {
  period: '30d',
  unit: 'day',
  time_zone: 'America/Sao_Paulo',
  period_start: '2026-11-01T03:00:00.000Z',
  period_end: '2026-12-01T03:00:00.000Z',
  creator: true,
  buckets: days.map((date) => ({ date, money_in: date === '2026-11-03' ? '20.00' : '0.00', money_out: date === '2026-11-20' ? '7.50' : '0.00' })),
  totals: { money_in: '20.00', money_out: '7.50', received: '20.00', sent: '7.50', fees: '0.00', withdrawn: '0.00', held: '5.00', orders: '12.00', tips: '8.00' },
};

const weeks = Array.from({ length: 26 }, (_, i) => new Date(Date.UTC(2026, 5, 1 + 7 * i)).toISOString().slice(0, 10));

export const weeksSummary: MoneySummaryData = {
  ...novemberSummary,
  period: '26w',
  unit: 'week',
  period_start: '2026-06-01T03:00:00.000Z',
  period_end: '2026-11-30T03:00:00.000Z',
  creator: false,
  buckets: weeks.map((date, i) => ({ date, money_in: i === 25 ? '20.00' : '0.00', money_out: '0.00' })),
  totals: { ...novemberSummary.totals, orders: null, tips: null },
};

/** The flow atlas entry of `money-summary` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: moneySummaryMachine,
  purpose: 'The money chart on Home and the profile: the last 30 days or 26 weeks, read in one call in the user’s zone; switch period; retry.',
  views: ['src/ui/money-chart/money-chart.tsx'],
  operations: { loadSummary: ['getMoneySummary'] },
  tests: ['tests/unit/machines/money-summary-view.test.ts', 'tests/e2e/money-chart.spec.ts', 'tests/api/money-summary.test.ts'],
  fake: () => moneySummaryMachine.provide({ actors: { loadSummary: resolves(novemberSummary) } }),
  inputs: { saoPaulo: { userId: 'u-1', timeZone: 'America/Sao_Paulo' } },
  events: {
    CHOOSE_PERIOD: [
      { type: 'CHOOSE_PERIOD', period: '26w' },
      { type: 'CHOOSE_PERIOD', period: '30d' },
    ],
    RETRY: { type: 'RETRY' },
  },
  invokeResults: { loadSummary: { done: [novemberSummary], error: [offline] } },
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, period: snapshot.context.period, loaded: snapshot.context.summary !== null }),
});
