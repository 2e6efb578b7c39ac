import { useTranslation } from 'react-i18next';
import type { FlowName } from '../../../machines/flow-catalogue';
import { FLOW_NAMES } from '../../../machines/flow-catalogue';
import { button } from '../../ui/button-styles';
import { card, sectionTitle, mutedText } from '../../ui/page-styles';
import { fieldBox, fieldInput, fieldLabel, selectInput } from '../../ui/form/form-styles';
import { MachineDiagram, type DiagramMarks } from '../../ui/machine-diagram/machine-diagram';
import type { LayoutResult } from '../../ui/machine-diagram/use-layout';
import type { EnabledEvent, ExplorerPath } from './explorer-session';
import type { InspectMessage } from './inspect-channel';
import { diagramBox, eventList, list, pathItem, panel, row } from './explorer-styles';

/** The sections of /flows: the diagram; beside it what to show, what the machine accepts, the test paths, the live app. */

export function DiagramSection(props: {
  name: string;
  purpose: string;
  layout: LayoutResult;
  marks: DiagramMarks & { active: ReadonlySet<string>; last: ReadonlySet<string> };
  /** A state clicked on the diagram: its screen (the Screens section's list does the same from the keyboard). */
  onPickState?: (state: string) => void;
}) {
  const { name, purpose, layout, marks, onPickState } = props;
  const { t } = useTranslation('atlas');
  const activeNames = [...marks.active].join(', ');
  return (
    <section className={panel} aria-labelledby="flows-diagram-title">
      <h2 id="flows-diagram-title" className={sectionTitle}>
        {name}
      </h2>
      <p className={mutedText}>{purpose}</p>
      <div className={diagramBox}>
        {layout.status === 'done' ? (
          <MachineDiagram layout={layout.layout} marks={marks} label={t('flows.diagramLabel', { machine: name, states: activeNames })} onPickState={onPickState} />
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
  );
}

export function MachinePanel(props: {
  picked: FlowName;
  onPick: (name: FlowName) => void;
  inputLabels: string[];
  input: string;
  onInput: (label: string) => void;
  showCoverage: boolean;
  onShowCoverage: (show: boolean) => void;
  /** Where the coverage of the machine is, once asked for (null: not asked). */
  coverageState: 'loading' | 'failed' | 'shown' | null;
}) {
  const { t } = useTranslation('atlas');
  return (
    <section className={card} aria-labelledby="flows-machine-title">
      <h2 id="flows-machine-title" className={sectionTitle}>
        {t('flows.machineSection')}
      </h2>
      <div className={fieldBox}>
        <label htmlFor="flows-machine" className={fieldLabel}>
          {t('flows.machine')}
        </label>
        <select id="flows-machine" className={`${fieldInput} ${selectInput}`} value={props.picked} onChange={(e) => props.onPick(e.currentTarget.value as FlowName)}>
          {FLOW_NAMES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      {props.inputLabels.length > 1 ? (
        <div className={fieldBox}>
          <label htmlFor="flows-input" className={fieldLabel}>
            {t('flows.input')}
          </label>
          <select id="flows-input" className={`${fieldInput} ${selectInput}`} value={props.input} onChange={(e) => props.onInput(e.currentTarget.value)}>
            {props.inputLabels.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <label className={row}>
        <input type="checkbox" checked={props.showCoverage} onChange={(e) => props.onShowCoverage(e.currentTarget.checked)} />
        {t('flows.showCoverage')}
      </label>
      {props.coverageState === 'loading' ? <p className={mutedText}>{t('flows.coverageLoading')}</p> : null}
      {props.coverageState === 'failed' ? <p role="alert">{t('flows.coverageFailed')}</p> : null}
    </section>
  );
}

export function EventsPanel({ enabled, history, onStep, onReset }: { enabled: EnabledEvent[]; history: string[]; onStep: (e: EnabledEvent) => void; onReset: () => void }) {
  const { t } = useTranslation('atlas');
  return (
    <section className={card} aria-labelledby="flows-events-title">
      <h2 id="flows-events-title" className={sectionTitle}>
        {t('flows.events')}
      </h2>
      {enabled.length ? (
        <ul className={eventList}>
          {enabled.map((e) => (
            <li key={e.title}>
              <button type="button" className={button({ variant: 'outline', size: 'sm' })} onClick={() => onStep(e)}>
                {e.title}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={mutedText}>{t('flows.noEvents')}</p>
      )}
      <div className={row}>
        <button type="button" className={button({ variant: 'ghost', size: 'sm' })} onClick={onReset}>
          {t('flows.reset')}
        </button>
      </div>
      {history.length ? <p className={mutedText}>{t('flows.history', { steps: history.join(' → ') })}</p> : null}
    </section>
  );
}

export function PathsPanel(props: {
  paths: ExplorerPath[];
  playing: { path: ExplorerPath; next: number } | null;
  onNext: () => void;
  onStart: (path: ExplorerPath, auto: boolean) => void;
}) {
  const { t } = useTranslation('atlas');
  const { paths, playing } = props;
  return (
    <section className={card} aria-labelledby="flows-paths-title">
      <h2 id="flows-paths-title" className={sectionTitle}>
        {t('flows.paths', { n: paths.length })}
      </h2>
      {playing ? (
        <div className={row}>
          <span>{t('flows.playing', { step: playing.next, total: playing.path.steps.length })}</span>
          <button type="button" className={button({ variant: 'outline', size: 'sm' })} disabled={playing.next >= playing.path.steps.length} onClick={props.onNext}>
            {t('flows.nextStep')}
          </button>
        </div>
      ) : null}
      <ol className={list}>
        {paths.map((p, i) => (
          <li key={i} className={pathItem}>
            <span>{p.title}</span>
            <span className={row}>
              <button type="button" className={button({ variant: 'ghost', size: 'sm' })} aria-label={t('flows.stepThroughPath', { path: i + 1 })} onClick={() => props.onStart(p, false)}>
                {t('flows.stepThrough')}
              </button>
              <button type="button" className={button({ variant: 'ghost', size: 'sm' })} aria-label={t('flows.playPath', { path: i + 1 })} onClick={() => props.onStart(p, true)}>
                {t('flows.play')}
              </button>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function LivePanel({ live, follow, onFollow }: { live: InspectMessage | null; follow: boolean; onFollow: (follow: boolean) => void }) {
  const { t } = useTranslation('atlas');
  return (
    <section className={card} aria-labelledby="flows-live-title">
      <h2 id="flows-live-title" className={sectionTitle}>
        {t('flows.live')}
      </h2>
      <p className={mutedText}>{t('flows.liveHelp')}</p>
      <label className={row}>
        <input type="checkbox" checked={follow} onChange={(e) => onFollow(e.currentTarget.checked)} />
        {t('flows.followLive')}
      </label>
      {live ? <p data-testid="flows-live">{t('flows.liveLast', { event: live.event, states: live.active.join(', ') })}</p> : null}
    </section>
  );
}
