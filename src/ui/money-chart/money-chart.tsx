import { useMachine } from '@xstate/react';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { css, cx } from '../../../styled-system/css';
import { visuallyHidden } from '../../../styled-system/patterns';
import { moneySummaryMachine, type MoneySummaryActors, type SummaryPeriod } from '../../../machines/money-summary.machine';
import { moneyChartScreen, moneyChartView, nextBarIndex, tickPlace, type ChartBar, type MoneyChartView, type PeriodChoice } from '../../../machines/money-summary.view';
import { useLocale } from '../../i18n/use-locale';
import { appInspect } from '../../lib/app-inspector';
import { button } from '../button-styles';
import { card, mutedText, sectionTitle } from '../page-styles';
import { Spinner } from '../spinner';

/**
 * The money chart (issue 26 item 1): plain SVG bars, money in (the success colour, the only one) beside money out
 * (neutral) for each day or week, the period's totals, and the same figures as a table — visually hidden until
 * "Show as table", always there for screen readers. The bars are one tab stop: the arrow keys, Home and End move
 * between them, each named with its date and amounts; the chosen one's values are written under the chart.
 */
const head = css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: '3' });
const periodGroup = css({ display: 'inline-flex', gap: '2' });
const legend = css({ mt: '4', display: 'flex', flexWrap: 'wrap', gap: '4', fontSize: 'sm', listStyle: 'none', p: 0 });
const swatch = css({ display: 'inline-block', w: '3', h: '3', borderRadius: 'sm', mr: '2', verticalAlign: 'middle' });
const inFill = css({ fill: 'green.600', bg: 'green.600' });
const outFill = css({ fill: 'gray.500', bg: 'gray.500' });
const plot = css({ mt: '4', position: 'relative', minW: 0 });
const svg = css({ display: 'block', w: 'full', h: '40', overflow: 'visible' });
const slot = css({ fill: 'transparent', outline: 'none', cursor: 'pointer' });
const slotActive = css({ fill: 'brand.50' });
const focusRing = css({ fill: 'none', stroke: 'focusRing', strokeWidth: '2' });
const baseline = css({ stroke: 'border.default', strokeWidth: '1' });
const axis = css({ position: 'relative', h: '5', mt: '1', fontSize: 'xs', color: 'fg.muted', overflow: 'hidden' });
const tickLabel = css({ position: 'absolute', top: 0, whiteSpace: 'nowrap' });
const wideOnly = css({ display: { base: 'none', md: 'inline' } });
const readout = css({ mt: '2', fontSize: 'sm', minH: '5' });
const totalsList = css({ mt: '4', display: 'grid', gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: '3', m: 0 });
const totalItem = css({ display: 'grid', gap: '0.5', minW: 0 });
const totalLabel = css({ fontSize: 'sm', color: 'fg.muted' });
const totalValue = css({ fontWeight: 'semibold', overflowWrap: 'anywhere' });
const tableBox = css({ mt: '4', overflowX: 'hidden' });
const table = css({ w: 'full', fontSize: 'sm', borderCollapse: 'collapse', '& th, & td': { py: '1', px: '2', textAlign: 'end', borderBottomWidth: '1px', borderColor: 'border.subtle' }, '& th:first-child, & td:first-child': { textAlign: 'start' } });

function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The viewBox: each bar pair in a 10-unit slot, 100 units tall; stretched to the card's width. */
const SLOT = 10;
const HEIGHT = 100;

export default function MoneyChart({ userId, actors }: { userId: string; actors: MoneySummaryActors }) {
  const { t } = useTranslation('activity');
  const language = useLocale();
  const [timeZone] = useState(browserTimeZone);
  const logic = useMemo(() => moneySummaryMachine.provide({ actors }), [actors]);
  const [state, send] = useMachine(logic, { input: { userId, timeZone }, inspect: appInspect });
  const { period, summary } = state.context;
  const view = useMemo(() => (summary ? moneyChartView(summary, language) : null), [summary, language]);
  const screen = moneyChartScreen(state);
  // Presentation only: whether the table is on screen (it is always there for screen readers); kept across periods.
  const [showTable, setShowTable] = useState(false);
  const titleId = useId();

  return (
    <section className={card} aria-labelledby={titleId}>
      <div className={head}>
        <h2 id={titleId} className={sectionTitle}>
          {t('chart.title')}
        </h2>
        <PeriodPicker periods={screen.periods} onChoose={(next) => send({ type: 'CHOOSE_PERIOD', period: next })} />
      </div>
      {screen.part === 'loading' ? <Spinner /> : null}
      {screen.part === 'failed' ? (
        <p role="alert" className={css({ mt: '4', display: 'flex', flexDirection: 'column', alignItems: 'start', gap: '3' })}>
          {t('chart.loadFailed')}
          <button type="button" className={button({ variant: 'outline', size: 'sm' })} disabled={!screen.retry} onClick={() => send({ type: 'RETRY' })}>
            {t('chart.retry')}
          </button>
        </p>
      ) : null}
      {view && screen.part === 'loaded' ? <LoadedChart period={period} view={view} showTable={showTable} onToggleTable={() => setShowTable((shown) => !shown)} /> : null}
    </section>
  );
}

/** The two periods, the one shown pressed. */
function PeriodPicker({ periods, onChoose }: { periods: PeriodChoice[]; onChoose: (period: SummaryPeriod) => void }) {
  const { t } = useTranslation('activity');
  return (
    <div role="group" aria-label={t('chart.period')} className={periodGroup}>
      {periods.map((p) => (
        <button
          key={p.period}
          type="button"
          aria-pressed={p.pressed}
          className={button({ variant: p.pressed ? 'solid' : 'outline', size: 'sm' })}
          onClick={() => onChoose(p.period)}
        >
          {t(p.labelKey)}
        </button>
      ))}
    </div>
  );
}

/** A loaded period: the legend with its totals in and out, the bars, the period's totals and the table. */
function LoadedChart(props: { period: SummaryPeriod; view: MoneyChartView; showTable: boolean; onToggleTable: () => void }) {
  const { period, view, showTable, onToggleTable } = props;
  const { t } = useTranslation('activity');
  return (
    <>
      <ul className={legend}>
        <li>
          <span className={cx(swatch, inFill)} aria-hidden="true" />
          {t('chart.moneyIn')} <strong>{view.inText}</strong>
        </li>
        <li>
          <span className={cx(swatch, outFill)} aria-hidden="true" />
          {t('chart.moneyOut')} <strong>{view.outText}</strong>
        </li>
      </ul>
      {view.empty ? <p className={`${mutedText} ${css({ mt: '2' })}`}>{t('chart.empty')}</p> : null}
      <Bars
        key={period}
        bars={view.bars}
        label={t(view.unit === 'day' ? 'chart.chartLabel_day' : 'chart.chartLabel_week', { from: view.from, to: view.to })}
        barName={(bar) => t('chart.bar', { date: bar.longLabel, in: bar.inText, out: bar.outText })}
        scaleTop={t('chart.scaleTop', { max: view.maxText })}
        moneyIn={t('chart.moneyIn')}
        moneyOut={t('chart.moneyOut')}
      />
      <h3 className={visuallyHidden()}>{t('chart.totals')}</h3>
      <dl className={totalsList}>
        {view.totals.map((total) => (
          <div key={total.key} className={totalItem}>
            <dt className={totalLabel}>{t(`chart.${total.key}`)}</dt>
            <dd className={totalValue}>{total.text}</dd>
          </div>
        ))}
      </dl>
      <p className={css({ mt: '4' })}>
        <button type="button" className={button({ variant: 'ghost', size: 'sm' })} aria-expanded={showTable} onClick={onToggleTable}>
          {showTable ? t('chart.hideTable') : t('chart.showTable')}
        </button>
      </p>
      {/* Always in the page for screen readers; on screen only when asked for. */}
      <div className={showTable ? tableBox : visuallyHidden()}>
        <ChartTable view={view} />
      </div>
    </>
  );
}

/** The same figures as a table, one row per bar. */
function ChartTable({ view }: { view: MoneyChartView }) {
  const { t } = useTranslation('activity');
  return (
    <table className={table}>
      <caption className={visuallyHidden()}>{t(view.unit === 'day' ? 'chart.tableCaption_day' : 'chart.tableCaption_week')}</caption>
      <thead>
        <tr>
          <th scope="col">{t(view.unit === 'day' ? 'chart.date_day' : 'chart.date_week')}</th>
          <th scope="col">{t('chart.moneyIn')}</th>
          <th scope="col">{t('chart.moneyOut')}</th>
        </tr>
      </thead>
      <tbody>
        {view.bars.map((bar) => (
          <tr key={bar.key}>
            <th scope="row">
              <time dateTime={bar.date}>{bar.longLabel}</time>
            </th>
            <td>{bar.inText}</td>
            <td>{bar.outText}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One bar pair in its slot: money in and out as heights, the slot highlighted when active, ringed when focused. */
function BarShape({ bar, index, active, focused }: { bar: ChartBar; index: number; active: boolean; focused: boolean }) {
  const inH = bar.inShare * (HEIGHT - 4);
  const outH = bar.outShare * (HEIGHT - 4);
  const x = index * SLOT;
  return (
    <>
      <rect className={cx(slot, active && slotActive)} x={x} y={0} width={SLOT} height={HEIGHT} />
      {bar.inCents > 0 ? <rect className={inFill} x={x + 1} y={HEIGHT - Math.max(inH, 1)} width={4} height={Math.max(inH, 1)} /> : null}
      {bar.outCents > 0 ? <rect className={outFill} x={x + 5} y={HEIGHT - Math.max(outH, 1)} width={4} height={Math.max(outH, 1)} /> : null}
      {focused && active ? <rect className={focusRing} x={x + 0.5} y={0.5} width={SLOT - 1} height={HEIGHT - 1} vectorEffect="non-scaling-stroke" /> : null}
    </>
  );
}

/** The axis labels the view-model asks for, placed so none is cut off. */
function Axis({ bars }: { bars: ChartBar[] }) {
  return (
    <div className={axis} aria-hidden="true">
      {bars.map((bar, i) => {
        if (!bar.tick) return null;
        const place = tickPlace(i, bars.length);
        const style = 'centre' in place ? { left: `${place.centre * 100}%`, transform: 'translateX(-50%)' } : place.edge === 'end' ? { right: 0 } : { left: 0 };
        return (
          <span key={bar.key} className={cx(tickLabel, bar.tick === 'wide' && wideOnly)} style={style}>
            {bar.label}
          </span>
        );
      })}
    </div>
  );
}

/** The bars, one tab stop (roving focus): the last bar (today, this week) is the one Tab reaches first. */
function Bars(props: { bars: ChartBar[]; label: string; barName: (bar: ChartBar) => string; scaleTop: string; moneyIn: string; moneyOut: string }) {
  const { bars, label, barName, scaleTop, moneyIn, moneyOut } = props;
  const [active, setActive] = useState(bars.length - 1);
  const [focused, setFocused] = useState(false);
  const refs = useRef<Array<SVGGElement | null>>([]);
  const width = bars.length * SLOT;
  const current = bars[active];

  const onKeyDown = (event: KeyboardEvent<SVGGElement>) => {
    const next = nextBarIndex(active, event.key, bars.length);
    if (next === active && !['Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    setActive(next);
    refs.current[next]?.focus();
  };

  return (
    <figure className={plot} aria-label={label} role="group">
      <p className={visuallyHidden()}>{scaleTop}</p>
      {/* The drawing itself says nothing: its bars do, each with its own name. */}
      <svg className={svg} viewBox={`0 0 ${width} ${HEIGHT}`} preserveAspectRatio="none" role="presentation">
        <line className={baseline} x1={0} x2={width} y1={HEIGHT} y2={HEIGHT} vectorEffect="non-scaling-stroke" />
        {bars.map((bar, i) => (
          <g
            key={bar.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            role="img"
            aria-label={barName(bar)}
            tabIndex={i === active ? 0 : -1}
            onKeyDown={onKeyDown}
            onFocus={() => {
              setActive(i);
              setFocused(true);
            }}
            onBlur={() => setFocused(false)}
            onClick={() => refs.current[i]?.focus()}
            style={{ outline: 'none' }}
          >
            <BarShape bar={bar} index={i} active={i === active} focused={focused} />
          </g>
        ))}
      </svg>
      <Axis bars={bars} />
      {current ? (
        <figcaption className={readout}>
          <strong>{current.longLabel}</strong> · {moneyIn} {current.inText} · {moneyOut} {current.outText}
        </figcaption>
      ) : null}
    </figure>
  );
}
