import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { FlowName } from '../../../machines/flow-catalogue';
import { flowGraph } from '../../ui/machine-diagram/flow-graph';
import { useLayout } from '../../ui/machine-diagram/use-layout';
import type { ExplorerPath } from './explorer-session';
import { useFlowScreens, useLiveInspection, useMachineCoverage, useSession } from './explorer-hooks';
import { DiagramSection, EventsPanel, LivePanel, MachinePanel, PathsPanel } from './explorer-panels';
import { CoveragePanel } from './coverage-panel';
import { coverageView, type CoverageOverlay } from './coverage-view';
import { layoutGrid, panel } from './explorer-styles';
import { ScreensPanel } from './screens-panel';
import { screensView, type ScreensChoice } from './screens-view';
import type { LoadedFlow } from './use-flow-entry';

const PLAY_INTERVAL_MS = 700;

/** One catalogued machine in the explorer: its diagram with where it is, and the panels that move it. */
export function FlowExplorer({ flow, picked, onPick }: { flow: LoadedFlow; picked: FlowName; onPick: (name: FlowName) => void }) {
  const { name, entry } = flow;
  const inputLabels = Object.keys(entry.inputs ?? { default: undefined });
  const [inputLabel, setInputLabel] = useState(inputLabels[0]!);
  const input = inputLabels.includes(inputLabel) ? inputLabel : inputLabels[0]!;
  const session = useSession(entry, input);
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

  const [overlay, setOverlay] = useState<CoverageOverlay>('model');
  const { coverage, failed: coverageFailed } = useMachineCoverage(name, showCoverage);
  const view = useMemo(() => (showCoverage && coverage ? coverageView(coverage, overlay) : null), [showCoverage, coverage, overlay]);
  const covered = view?.covered ?? null;

  const screens = useFlowScreens();
  const [screenChoice, setScreenChoice] = useState<ScreensChoice>({ picked: null, width: 375, language: 'en' });
  useEffect(() => setScreenChoice((c) => ({ ...c, picked: null })), [name]);

  const marks = followLive && live
    ? { active: new Set(live.active), last: new Set(live.taken), covered }
    : { active: state.active, last: new Set(state.lastTaken), covered };

  return (
    <div className={layoutGrid}>
      <div className={panel}>
        <DiagramSection name={name} purpose={entry.purpose} layout={layout} marks={marks} onPickState={(node) => setScreenChoice({ ...screenChoice, picked: node })} />
        {view ? <CoveragePanel view={view} onOverlay={setOverlay} /> : null}
        <ScreensPanel
          machine={name}
          view={screensView(name, screens.index?.[name], marks.active, screenChoice)}
          failed={screens.failed}
          onPick={(picked) => setScreenChoice({ ...screenChoice, picked })}
          onWidth={(width) => setScreenChoice({ ...screenChoice, width })}
          onLanguage={(language) => setScreenChoice({ ...screenChoice, language })}
        />
      </div>

      <div className={panel}>
        <MachinePanel
          picked={picked}
          onPick={onPick}
          inputLabels={inputLabels}
          input={input}
          onInput={setInputLabel}
          showCoverage={showCoverage}
          onShowCoverage={setShowCoverage}
          coverageState={!showCoverage ? null : coverageFailed ? 'failed' : coverage ? 'shown' : 'loading'}
        />
        <EventsPanel
          enabled={session.enabled()}
          history={state.history}
          onStep={(e) => void session.step(e)}
          onReset={() => {
            setPlaying(null);
            session.reset();
          }}
        />
        <PathsPanel paths={paths} playing={playing} onNext={() => void advance()} onStart={startPath} />
        <LivePanel live={live} follow={followLive} onFollow={setFollowLive} />
      </div>
    </div>
  );
}
