import { formatMoney, intlLocale } from '../domain/money/format-money';
import { parseAmount } from '../domain/money/amount';
import type { SnapshotFrom } from 'xstate';
import type { MoneySummaryData, moneySummaryMachine, SummaryPeriod } from './money-summary.machine';

/**
 * What the money chart shows (issue 26 item 1), from getMoneySummary: one bar pair per day or week (money in, money
 * out) with its height as a share of the period's largest bar, the axis labels (every few bars, so they never
 * crowd at 375 px), the same values as table rows for screen readers, and the period's totals — amounts and dates
 * through Intl in the user's language. The component renders only this.
 */
type SummaryTotalKey = 'received' | 'sent' | 'fees' | 'withdrawn' | 'held' | 'orders' | 'tips';

export interface ChartBar {
  key: string;
  /** The bucket's local date, `YYYY-MM-DD` (a week's Monday). */
  date: string;
  /** Short: "Nov 3", "3 de nov." (a week: its Monday). */
  label: string;
  /** For the table and for the bar's name: "Tue, Nov 3" or "Week of Nov 2". */
  longLabel: string;
  /** Whether the axis writes this bar's label: on every screen, only on wide ones (a phone has room for three), or not. */
  tick: 'always' | 'wide' | null;
  inCents: number;
  outCents: number;
  inText: string;
  outText: string;
  /** 0–1 of the tallest bar of the period (0 when the period is empty). */
  inShare: number;
  outShare: number;
}

interface ChartTotal {
  key: SummaryTotalKey;
  cents: number;
  text: string;
}

export interface MoneyChartView {
  unit: 'day' | 'week';
  bars: ChartBar[];
  /** The scale's top: the largest in or out of one bar, formatted (for the axis). */
  maxText: string;
  empty: boolean;
  totals: ChartTotal[];
  inText: string;
  outText: string;
  /** The first and last bucket's long labels, for the chart's name ("Nov 1 – Nov 30"). */
  from: string;
  to: string;
}

const cents = (amount: string | null) => (amount === null ? 0 : (parseAmount(amount) ?? 0));

/** Every n-th bar gets its label: about 5 labels on the axis (they fit at 375 px), always the last one (today / this week). */
const TICKS = 5;

export function moneyChartView(summary: MoneySummaryData, language: string): MoneyChartView {
  const locale = intlLocale(language);
  // The dates are local dates already (the server's buckets in the user's zone): read and written as UTC.
  const short = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const long = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  const weekOf = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const week = summary.unit === 'week';
  const values = summary.buckets.map((b) => ({ date: b.date, inCents: cents(b.money_in), outCents: cents(b.money_out) }));
  const max = values.reduce((m, v) => Math.max(m, v.inCents, v.outCents), 0);
  const every = Math.max(1, Math.ceil(values.length / TICKS));
  const last = values.length - 1;
  const bars = values.map((v, i) => {
    const at = new Date(`${v.date}T00:00:00Z`);
    return {
      key: v.date,
      date: v.date,
      label: short.format(at),
      longLabel: week ? weekOf.format(at) : long.format(at),
      tick: (last - i) % every !== 0 ? null : ((last - i) / every) % 2 === 0 ? ('always' as const) : ('wide' as const),
      inCents: v.inCents,
      outCents: v.outCents,
      inText: formatMoney(v.inCents, language),
      outText: formatMoney(v.outCents, language),
      inShare: max === 0 ? 0 : v.inCents / max,
      outShare: max === 0 ? 0 : v.outCents / max,
    };
  });
  const t = summary.totals;
  const keys: SummaryTotalKey[] = ['received', 'sent', 'fees', 'withdrawn', 'held', ...(summary.creator ? (['orders', 'tips'] as const) : [])];
  return {
    unit: summary.unit,
    bars,
    maxText: formatMoney(max, language),
    empty: max === 0,
    totals: keys.map((key) => ({ key, cents: cents(t[key]), text: formatMoney(cents(t[key]), language) })),
    inText: formatMoney(cents(t.money_in), language),
    outText: formatMoney(cents(t.money_out), language),
    from: bars[0]?.longLabel ?? '',
    to: bars.at(-1)?.longLabel ?? '',
  };
}

/** The bar the arrow keys move to from `index` (roving focus): Home/End jump to the ends; other keys stay. */
export function nextBarIndex(index: number, key: string, count: number): number {
  if (count === 0) return 0;
  if (key === 'ArrowRight' || key === 'ArrowDown') return Math.min(count - 1, index + 1);
  if (key === 'ArrowLeft' || key === 'ArrowUp') return Math.max(0, index - 1);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return index;
}

type MoneySummarySnapshot = Pick<SnapshotFrom<typeof moneySummaryMachine>, 'matches' | 'can' | 'context'>;

/** A period button: its words, whether it is the period shown (pressed), and whether choosing it reads anything. */
export interface PeriodChoice {
  period: SummaryPeriod;
  labelKey: 'chart.days30' | 'chart.weeks26';
  pressed: boolean;
}

/**
 * The money chart's frame as its machine shows it (issue 24 item 6): which part (the spinner, the failed read with
 * Retry, or the chart once loaded), and the two period buttons, the chosen one pressed. The chart's figures are
 * `moneyChartView`'s, from the summary the machine holds.
 */
export interface MoneyChartScreen {
  part: 'loading' | 'failed' | 'loaded';
  periods: PeriodChoice[];
  retry: boolean;
}

const PERIODS = [
  { period: '30d', labelKey: 'chart.days30' },
  { period: '26w', labelKey: 'chart.weeks26' },
] as const;

export function moneyChartScreen(snapshot: MoneySummarySnapshot): MoneyChartScreen {
  const part: MoneyChartScreen['part'] = snapshot.matches('failed') ? 'failed' : snapshot.matches('loaded') ? 'loaded' : 'loading';
  return {
    part,
    periods: PERIODS.map((p) => ({ ...p, pressed: snapshot.context.period === p.period })),
    retry: snapshot.can({ type: 'RETRY' }),
  };
}

/**
 * Where an axis label sits, as a share of the chart's width: the last one ends at the right edge and one near the
 * left edge starts there, so none is cut off; the others are centred under their bar.
 */
export type TickPlace = { edge: 'end' } | { edge: 'start' } | { centre: number };

export function tickPlace(index: number, count: number): TickPlace {
  if (index === count - 1) return { edge: 'end' };
  const centre = (index + 0.5) / count;
  return centre < 0.1 ? { edge: 'start' } : { centre };
}
