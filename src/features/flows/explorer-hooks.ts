import { useEffect, useMemo, useState } from 'react';
import type { CatalogueEntry } from '../../../machines/catalogue-entry';
import { ExplorerSession } from './explorer-session';
import { INSPECT_CHANNEL, type InspectMessage } from './inspect-channel';

export type Coverage = Record<string, { taken: number; total: number; untaken: Array<{ id: string; reason: string | null }> }>;

/**
 * The model tests' coverage (docs/flows/coverage.json), fetched the first time "Show coverage" is ticked: an opt-in
 * view's data, so the explorer's first view does not carry it (it grows with every flow).
 */
export function useCoverage(wanted: boolean): Coverage | null {
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
