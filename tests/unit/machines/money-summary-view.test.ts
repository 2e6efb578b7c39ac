import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { moneySummaryMachine, type MoneySummaryData, type SummaryPeriod } from '../../../machines/money-summary.machine';
import { moneyChartScreen, moneyChartView, nextBarIndex, tickPlace } from '../../../machines/money-summary.view';
import { gate, settle } from '../../support/gate';
import { novemberSummary, weeksSummary } from '../../../machines/money-summary.catalogue';

describe('money chart view-model (issue 26 item 1)', () => {
  it('makes one bar per day with its share of the tallest, and the table’s values, in English', () => {
    const view = moneyChartView(novemberSummary, 'en');
    expect(view.unit).toBe('day');
    expect(view.bars).toHaveLength(30);
    const third = view.bars.find((b) => b.date === '2026-11-03')!;
    expect(third).toMatchObject({ label: 'Nov 3', longLabel: 'Tue, Nov 3', inCents: 20_00, outCents: 0, inText: '$20.00', outText: '$0.00', inShare: 1, outShare: 0 });
    expect(view.bars.find((b) => b.date === '2026-11-20')).toMatchObject({ outCents: 7_50, outShare: 0.375 });
    expect(view).toMatchObject({ maxText: '$20.00', empty: false, inText: '$20.00', outText: '$7.50', from: 'Sun, Nov 1', to: 'Mon, Nov 30' });
  });

  it('labels five bars on the axis, three of them on a phone, always the last one', () => {
    const bars = moneyChartView(novemberSummary, 'en').bars;
    expect(bars.filter((b) => b.tick).map((b) => b.date)).toEqual(['2026-11-06', '2026-11-12', '2026-11-18', '2026-11-24', '2026-11-30']);
    expect(bars.filter((b) => b.tick === 'always').map((b) => b.date)).toEqual(['2026-11-06', '2026-11-18', '2026-11-30']);
    expect(moneyChartView(weeksSummary, 'en').bars.filter((b) => b.tick === 'always').at(-1)!.date).toBe(weeksSummary.buckets.at(-1)!.date);
  });

  it('writes dates and amounts in Portuguese and Spanish', () => {
    const pt = moneyChartView(novemberSummary, 'pt');
    expect(pt.bars[2]!.label).toBe(new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date('2026-11-03T00:00:00Z')));
    expect(pt.bars[2]!.inText).toBe(new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'USD' }).format(20));
    expect(pt.totals.find((t) => t.key === 'sent')!.text).toContain('7,50');
    const es = moneyChartView(novemberSummary, 'es');
    expect(es.bars[2]!.label).toContain('nov');
    expect(es.outText).toContain('7,50');
  });

  it('lists the totals, with orders and tips apart for a creator only', () => {
    expect(moneyChartView(novemberSummary, 'en').totals).toEqual([
      { key: 'received', cents: 20_00, text: '$20.00' },
      { key: 'sent', cents: 7_50, text: '$7.50' },
      { key: 'fees', cents: 0, text: '$0.00' },
      { key: 'withdrawn', cents: 0, text: '$0.00' },
      { key: 'held', cents: 5_00, text: '$5.00' },
      { key: 'orders', cents: 12_00, text: '$12.00' },
      { key: 'tips', cents: 8_00, text: '$8.00' },
    ]);
    expect(moneyChartView(weeksSummary, 'en').totals.map((t) => t.key)).toEqual(['received', 'sent', 'fees', 'withdrawn', 'held']);
  });

  it('names a week by its Monday; an empty period has no bar height', () => {
    const weeks = moneyChartView(weeksSummary, 'en');
    expect(weeks.unit).toBe('week');
    expect(weeks.bars[0]).toMatchObject({ date: '2026-06-01', longLabel: 'Jun 1, 2026' });
    const empty = moneyChartView({ ...weeksSummary, buckets: weeksSummary.buckets.map((b) => ({ ...b, money_in: '0.00' })) }, 'en');
    expect(empty.empty).toBe(true);
    expect(empty.bars.every((b) => b.inShare === 0 && b.outShare === 0)).toBe(true);
  });

  it('moves the focus between bars with the arrow keys, Home and End', () => {
    expect(nextBarIndex(3, 'ArrowRight', 30)).toBe(4);
    expect(nextBarIndex(29, 'ArrowRight', 30)).toBe(29);
    expect(nextBarIndex(0, 'ArrowLeft', 30)).toBe(0);
    expect(nextBarIndex(5, 'ArrowUp', 30)).toBe(4);
    expect(nextBarIndex(5, 'Home', 30)).toBe(0);
    expect(nextBarIndex(5, 'End', 30)).toBe(29);
    expect(nextBarIndex(5, 'a', 30)).toBe(5);
  });
});

describe('the money chart as its machine shows it (issue 24 item 6)', () => {
  const start = (load: (period: SummaryPeriod) => Promise<MoneySummaryData>) =>
    createActor(moneySummaryMachine.provide({ actors: { loadSummary: fromPromise(({ input }) => load(input.period)) } }), {
      input: { userId: 'u-1', timeZone: 'UTC' },
    }).start();
  const periods = (pressed: '30d' | '26w') => [
    { period: '30d', labelKey: 'chart.days30', pressed: pressed === '30d' },
    { period: '26w', labelKey: 'chart.weeks26', pressed: pressed === '26w' },
  ];

  it('the spinner, then the chart, 30 days pressed; choosing 26 weeks presses it and reads again', async () => {
    const reads: Record<string, ReturnType<typeof gate<MoneySummaryData>>> = { '30d': gate(), '26w': gate() };
    const actor = start((period) => reads[period]!.promise);
    expect(moneyChartScreen(actor.getSnapshot())).toEqual({ part: 'loading', periods: periods('30d'), retry: false });
    reads['30d']!.open(novemberSummary);
    await settle();
    expect(moneyChartScreen(actor.getSnapshot())).toEqual({ part: 'loaded', periods: periods('30d'), retry: false });
    actor.send({ type: 'CHOOSE_PERIOD', period: '26w' });
    expect(moneyChartScreen(actor.getSnapshot())).toEqual({ part: 'loading', periods: periods('26w'), retry: false });
  });

  it('a failed read offers Retry', async () => {
    const actor = start(() => Promise.reject(new Error('Failed to fetch')));
    await settle();
    expect(moneyChartScreen(actor.getSnapshot())).toEqual({ part: 'failed', periods: periods('30d'), retry: true });
  });

  it('places the axis labels so none is cut off: the last at the right edge, one near the left edge from it', () => {
    expect(tickPlace(29, 30)).toEqual({ edge: 'end' });
    expect(tickPlace(0, 30)).toEqual({ edge: 'start' });
    expect(tickPlace(2, 30)).toEqual({ edge: 'start' });
    expect(tickPlace(5, 30)).toEqual({ centre: 0.18333333333333332 });
    expect(tickPlace(0, 5)).toEqual({ centre: 0.1 });
  });
});
