import { useEffect, useState } from 'react';
import type { CatalogueEntry } from '../../../machines/catalogue-entry';
import { loadFlow, type FlowName } from '../../../machines/flow-catalogue';

export type LoadedFlow = { name: FlowName; entry: CatalogueEntry };

/**
 * The catalogue entry of the machine picked in the explorer, fetched on demand (one chunk per flow: the route does
 * not carry the 47 machines and their samples). Until the next one arrives the last one stays on screen.
 */
export function useFlowEntry(name: FlowName): { loaded: LoadedFlow | null; failed: boolean } {
  const [loaded, setLoaded] = useState<LoadedFlow | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setFailed(false);
    loadFlow(name).then(
      (entry) => {
        if (live) setLoaded({ name, entry: entry as CatalogueEntry });
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [name]);
  return { loaded, failed };
}
