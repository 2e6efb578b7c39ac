import { useEffect, useState } from 'react';
import { toElk } from './elk-graph';
import type { FlowGraph } from './flow-graph';
import { layoutInWorker } from './layout-client';
import { placeLayout, type PlacedLayout } from './placed-layout';

export type LayoutResult = { status: 'pending' } | { status: 'done'; layout: PlacedLayout } | { status: 'failed'; error: string };

/** The graph laid out by elkjs in the layout worker; a newer graph supersedes an older one still in the worker. */
export function useLayout(graph: FlowGraph): LayoutResult {
  const [result, setResult] = useState<LayoutResult>({ status: 'pending' });
  useEffect(() => {
    let current = true;
    setResult({ status: 'pending' });
    layoutInWorker(toElk(graph)).then(
      (layout) => current && setResult({ status: 'done', layout: placeLayout(graph, layout) }),
      (error: Error) => current && setResult({ status: 'failed', error: error.message }),
    );
    return () => {
      current = false;
    };
  }, [graph]);
  return result;
}
