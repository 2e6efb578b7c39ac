import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '../../../styled-system/css';
import { catalogue } from '../../../machines/catalogue';
import { PageHeader } from '../../ui/page-header';
import { button } from '../../ui/button-styles';
import { card, sectionTitle, mutedText } from '../../ui/page-styles';
import { fieldBox, fieldInput, fieldLabel, selectInput } from '../../ui/form/form-styles';
import { useQueryParam } from '../../lib/use-query-param';
import { ExplorerSession, type ExplorerPath } from './explorer-session';
import { flowGraph } from '../../ui/machine-diagram/flow-graph';
import { MachineDiagram } from '../../ui/machine-diagram/machine-diagram';
import { useLayout } from '../../ui/machine-diagram/use-layout';
import { INSPECT_CHANNEL, type InspectMessage } from './inspect-channel';

type Name = keyof typeof catalogue;
const NAMES = Object.keys(catalogue) as Name[];
type Coverage = Record<string, { taken: number; total: number; untaken: Array<{ id: string; reason: string | null }> }>;

/**
 * The model tests' coverage (docs/flows/coverage.json), fetched the first time "Show coverage" is ticked: an opt-in
 * view's data, so the explorer's first view does not carry it (it grows with every flow).
 */
function useCoverage(wanted: boolean): Coverage | null {
  const [coverage, setCoverage] = useState<Coverage | null>(null);
  useEffect(() => {
    if (!wanted || coverage) return;
    let live = true;
    void import('../../../docs/flows/coverage.json').then((m) => {
      if (live) setCoverage(m.default as Coverage);
    });
    return () => {
      live = false;
    };
  }, [wanted, coverage]);
  return coverage;
}
const PLAY_INTERVAL_MS = 700;

const layoutGrid = css({ display: 'grid', gap: '6', gridTemplateColumns: { base: 'minmax(0, 1fr)', xl: 'minmax(0, 3fr) minmax(18rem, 1fr)' }, alignItems: 'start' });
// minmax(0, …): a wide diagram scrolls inside its box instead of widening the page on a phone.
const panel = css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '4' });
const row = css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' });
const diagramBox = css({ overflowX: 'auto', bg: 'bg.surface', borderRadius: 'card', borderWidth: '1px', borderColor: 'border.subtle', p: '3' });
const list = css({ display: 'grid', gap: '2', listStyle: 'none', p: 0, m: 0 });
const pathItem = css({ display: 'flex', gap: '2', alignItems: 'center', justifyContent: 'space-between', fontSize: 'sm' });

function useSession(name: Name, inputLabel: string): ExplorerSession {
  const session = useMemo(() => {
    const entry = catalogue[name];
    const inputs = (entry.inputs ?? {}) as Record<string, unknown>;
    return new ExplorerSession(entry, inputs[inputLabel]);
  }, [name, inputLabel]);
  useEffect(() => () => session.stop(), [session]);
  return session;
}

/** Transitions the running app reported for one machine (live inspection, another tab with `?inspect`). */
function useLiveInspection(machineId: string): InspectMessage | null {
  const [last, setLast] = useState<InspectMessage | null>(null);
  useEffect(() => {
    setLast(null);
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(INSPECT_CHANNEL);
    channel.onmessage = (message: MessageEvent<InspectMessage>) => {
      if (message.data?.machineId === machineId) setLast(message.data);
    };
    return () => channel.close();
  }, [machineId]);
  return last;
}

/**
 * /flows (issue 9): pick a catalogued machine and see it laid out; step it with its catalogue fakes, play a
 * generated test path, show what the tests cover, or follow the running app live.
 */
export function FlowsPage() {
  const { t } = useTranslation('atlas');
  const requested = useQueryParam('machine');
  const [name, setName] = useState<Name>(NAMES.includes(requested as Name) ? (requested as Name) : NAMES[0]!);
  const entry = catalogue[name];
  const inputLabels = Object.keys(entry.inputs ?? { default: undefined });
  const [inputLabel, setInputLabel] = useState(inputLabels[0]!);
  const input = inputLabels.includes(inputLabel) ? inputLabel : inputLabels[0]!;
  const session = useSession(name, input);
  const state = useSyncExternalStore(session.subscribe, session.getState);
  const graph = useMemo(() => flowGraph(entry.machine), [entry]);
  const layout = useLayout(graph);
  const paths = useMemo(() => session.paths(), [session]);
  const [showCoverage, setShowCoverage] = useState(false);
  const [playing, setPlaying] = useState<{ path: ExplorerPath; next: number; auto: boolean } | null>(null);
  const live = useLiveInspection(entry.machine.id);
  const [followLive, setFollowLive] = useState(false);

  useEffect(() => setPlaying(null), [session]);
  useEffect(() => {
    if (!playing?.auto || playing.next >= playing.path.steps.length) return;
    const timer = setTimeout(() => void advance(), PLAY_INTERVAL_MS);
    return () => clearTimeout(timer);
  });

  async function advance() {
    if (!playing || playing.next >= playing.path.steps.length) return;
    await session.step(playing.path.steps[playing.next]!);
    setPlaying({ ...playing, next: playing.next + 1 });
  }
  function startPath(path: ExplorerPath, auto: boolean) {
    session.reset();
    setPlaying({ path, next: 0, auto });
  }

  const coverage = useCoverage(showCoverage);
  const stats = coverage?.[name];
  const covered = useMemo(() => {
    if (!showCoverage || !stats) return null;
    const untaken = new Set(stats.untaken.map((u) => u.id));
    return new Set(graph.edges.flatMap((e) => e.transitionIds).filter((id) => !untaken.has(id)));
  }, [showCoverage, stats, graph]);

  const marks = followLive && live
    ? { active: new Set(live.active), last: new Set(live.taken), covered }
    : { active: state.active, last: new Set(state.lastTaken), covered };
  const activeNames = [...marks.active].join(', ');
  const enabled = session.enabled();

  return (
    <>
      <PageHeader title={t('flows.title')} lead={t('flows.lead')} />
      <div className={layoutGrid}>
        <section className={panel} aria-labelledby="flows-diagram-title">
          <h2 id="flows-diagram-title" className={sectionTitle}>
            {name}
          </h2>
          <p className={mutedText}>{entry.purpose}</p>
          <div className={diagramBox}>
            {layout.status === 'done' ? (
              <MachineDiagram layout={layout.layout} marks={marks} label={t('flows.diagramLabel', { machine: name, states: activeNames })} />
            ) : layout.status === 'failed' ? (
              <p role="alert">{t('flows.layoutFailed', { error: layout.error })}</p>
            ) : (
              <p>{t('flows.layingOut')}</p>
            )}
          </div>
          <p aria-live="polite" data-testid="flows-current">
            {t('flows.current', { states: activeNames })}
            {marks.last.size ? ` ${t('flows.lastTransition', { transition: [...marks.last].join(', ') })}` : ''}
          </p>
        </section>

        <div className={panel}>
          <section className={card} aria-labelledby="flows-machine-title">
            <h2 id="flows-machine-title" className={sectionTitle}>
              {t('flows.machineSection')}
            </h2>
            <div className={fieldBox}>
              <label htmlFor="flows-machine" className={fieldLabel}>
                {t('flows.machine')}
              </label>
              <select id="flows-machine" className={`${fieldInput} ${selectInput}`} value={name} onChange={(e) => setName(e.currentTarget.value as Name)}>
                {NAMES.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </div>
            {inputLabels.length > 1 ? (
              <div className={fieldBox}>
                <label htmlFor="flows-input" className={fieldLabel}>
                  {t('flows.input')}
                </label>
                <select id="flows-input" className={`${fieldInput} ${selectInput}`} value={input} onChange={(e) => setInputLabel(e.currentTarget.value)}>
                  {inputLabels.map((l) => (
                    <option key={l} value={l}>
                      {l}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            <label className={row}>
              <input type="checkbox" checked={showCoverage} onChange={(e) => setShowCoverage(e.currentTarget.checked)} />
              {t('flows.showCoverage')}
            </label>
            {showCoverage && stats ? (
              <p data-testid="flows-coverage">
                {t('flows.coverageSummary', { taken: stats.taken, total: stats.total })}
                {stats.untaken.map((u) => ` ${u.id}: ${u.reason ?? t('flows.noReason')}`).join(';')}
              </p>
            ) : null}
          </section>

          <section className={card} aria-labelledby="flows-events-title">
            <h2 id="flows-events-title" className={sectionTitle}>
              {t('flows.events')}
            </h2>
            {enabled.length ? (
              <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', listStyle: 'none', p: 0 })}>
                {enabled.map((e) => (
                  <li key={e.title}>
                    <button type="button" className={button({ variant: 'outline', size: 'sm' })} onClick={() => void session.step(e)}>
                      {e.title}
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className={mutedText}>{t('flows.noEvents')}</p>
            )}
            <div className={row}>
              <button type="button" className={button({ variant: 'ghost', size: 'sm' })} onClick={() => { setPlaying(null); session.reset(); }}>
                {t('flows.reset')}
              </button>
            </div>
            {state.history.length ? <p className={mutedText}>{t('flows.history', { steps: state.history.join(' → ') })}</p> : null}
          </section>

          <section className={card} aria-labelledby="flows-paths-title">
            <h2 id="flows-paths-title" className={sectionTitle}>
              {t('flows.paths', { n: paths.length })}
            </h2>
            {playing ? (
              <div className={row}>
                <span>{t('flows.playing', { step: playing.next, total: playing.path.steps.length })}</span>
                <button type="button" className={button({ variant: 'outline', size: 'sm' })} disabled={playing.next >= playing.path.steps.length} onClick={() => void advance()}>
                  {t('flows.nextStep')}
                </button>
              </div>
            ) : null}
            <ol className={list}>
              {paths.map((p, i) => (
                <li key={i} className={pathItem}>
                  <span>{p.title}</span>
                  <span className={row}>
                    <button type="button" className={button({ variant: 'ghost', size: 'sm' })} aria-label={t('flows.stepThroughPath', { path: i + 1 })} onClick={() => startPath(p, false)}>
                      {t('flows.stepThrough')}
                    </button>
                    <button type="button" className={button({ variant: 'ghost', size: 'sm' })} aria-label={t('flows.playPath', { path: i + 1 })} onClick={() => startPath(p, true)}>
                      {t('flows.play')}
                    </button>
                  </span>
                </li>
              ))}
            </ol>
          </section>

          <section className={card} aria-labelledby="flows-live-title">
            <h2 id="flows-live-title" className={sectionTitle}>
              {t('flows.live')}
            </h2>
            <p className={mutedText}>{t('flows.liveHelp')}</p>
            <label className={row}>
              <input type="checkbox" checked={followLive} onChange={(e) => setFollowLive(e.currentTarget.checked)} />
              {t('flows.followLive')}
            </label>
            {live ? <p data-testid="flows-live">{t('flows.liveLast', { event: live.event, states: live.active.join(', ') })}</p> : null}
          </section>
        </div>
      </div>
    </>
  );
}
