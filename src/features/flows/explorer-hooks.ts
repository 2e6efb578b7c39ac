import { useEffect, useMemo, useState } from 'react';
import type { CatalogueEntry } from '../../../machines/catalogue-entry';
import type { FlowName } from '../../../machines/flow-catalogue';
import type { MachineCoverage } from '../../../machines/graph/atlas-coverage';
import type { ScreensIndex } from '../../../machines/graph/flow-screens';
import { ExplorerSession } from './explorer-session';
import { INSPECT_CHANNEL, type InspectMessage } from './inspect-channel';

/**
 * Each machine's two coverages (docs/flows/coverage/<name>.json, written by `npm run flows`), one lazy chunk per file:
 * the browser tests' names run to hundreds of KB across the atlas, so the explorer fetches only the machine on screen,
 * and only once "Show test coverage" is ticked.
 */
const coverageFiles = import.meta.glob<MachineCoverage>('../../../docs/flows/coverage/*.json', { import: 'default' });

export function useMachineCoverage(name: FlowName, wanted: boolean): { coverage: MachineCoverage | null; failed: boolean } {
  const [loaded, setLoaded] = useState<{ name: FlowName; coverage: MachineCoverage } | null>(null);
  const [failed, setFailed] = useState<FlowName | null>(null);
  useEffect(() => {
    if (!wanted || loaded?.name === name) return;
    const load = coverageFiles[`../../../docs/flows/coverage/${name}.json`];
    if (!load) {
      setFailed(name);
      return;
    }
    let live = true;
    setFailed(null);
    load().then(
      (coverage) => {
        if (live) setLoaded({ name, coverage });
      },
      () => {
        if (live) setFailed(name);
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, name, loaded]);
  return { coverage: loaded?.name === name ? loaded.coverage : null, failed: failed === name };
}

/** One running session of the entry from the chosen input; stopped when either changes or the page goes. */
export function useSession(entry: CatalogueEntry, inputLabel: string): ExplorerSession {
  const session = useMemo(() => {
    const inputs = (entry.inputs ?? {}) as Record<string, unknown>;
    return new ExplorerSession(entry, inputs[inputLabel]);
  }, [entry, inputLabel]);
  useEffect(() => () => session.stop(), [session]);
  return session;
}

/** Transitions the running app reported for one machine (live inspection, another tab with `?inspect`). */
export function useLiveInspection(machineId: string): InspectMessage | null {
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
 * The atlas's index of captured screens (docs/flows/screens/index.json, served where the explorer is: server/web/
 * flow-screens.ts), fetched once per page. A checkout without captures answers with the app's page instead of JSON:
 * no screens, not a failure.
 */
let screensIndex: Promise<ScreensIndex> | null = null;

function loadScreensIndex(): Promise<ScreensIndex> {
  screensIndex ??= fetch('/flows/screens/index.json').then(async (response) => {
    if (response.status === 404 || !response.headers.get('content-type')?.includes('json')) return {};
    if (!response.ok) throw new Error(`screens index: ${response.status}`);
    return (await response.json()) as ScreensIndex;
  });
  screensIndex.catch(() => {
    screensIndex = null;
  });
  return screensIndex;
}

export function useFlowScreens(): { index: ScreensIndex | null; failed: boolean } {
  const [state, setState] = useState<{ index: ScreensIndex | null; failed: boolean }>({ index: null, failed: false });
  useEffect(() => {
    let live = true;
    loadScreensIndex().then(
      (index) => live && setState({ index, failed: false }),
      () => live && setState({ index: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
