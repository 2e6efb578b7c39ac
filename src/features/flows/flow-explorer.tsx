import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { FlowName } from '../../../machines/flow-catalogue';
import { flowGraph } from '../../ui/machine-diagram/flow-graph';
import { useLayout } from '../../ui/machine-diagram/use-layout';
import type { ExplorerPath } from './explorer-session';
import { useCoverage, useLiveInspection, useSession } from './explorer-hooks';
import { DiagramSection, EventsPanel, LivePanel, MachinePanel, PathsPanel } from './explorer-panels';
import { layoutGrid, panel } from './explorer-styles';
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

  return (
    <div className={layoutGrid}>
      <DiagramSection name={name} purpose={entry.purpose} layout={layout} marks={marks} />

      <div className={panel}>
        <MachinePanel
          picked={picked}
          onPick={onPick}
          inputLabels={inputLabels}
          input={input}
          onInput={setInputLabel}
          showCoverage={showCoverage}
          onShowCoverage={setShowCoverage}
          coverage={stats}
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
