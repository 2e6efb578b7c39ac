/// <reference lib="webworker" />
// The layout runs here, off the main thread: elkjs's layered algorithm takes long enough on a big machine to
// freeze the page. One request → one answer, matched by id.
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkNode } from 'elkjs/lib/elk-api';

const elk = new ELK();

self.onmessage = async (message: MessageEvent<{ id: number; graph: ElkNode }>) => {
  const { id, graph } = message.data;
  try {
    (self as unknown as Worker).postMessage({ id, layout: await elk.layout(graph) });
  } catch (error) {
    (self as unknown as Worker).postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
