import { describe, expect, it } from 'vitest';
import { moneyChartView, nextBarIndex } from '../../../machines/money-summary.view';
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
