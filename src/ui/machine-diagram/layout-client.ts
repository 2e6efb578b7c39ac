import type { ElkNode } from 'elkjs/lib/elk-api';

let worker: Worker | null = null;
let next = 0;
const waiting = new Map<number, { resolve: (layout: ElkNode) => void; reject: (error: Error) => void }>();

/** Lays `graph` out in the layout worker (started on first use, shared by every diagram on the page). */
export function layoutInWorker(graph: ElkNode): Promise<ElkNode> {
  if (!worker) {
    worker = new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (message: MessageEvent<{ id: number; layout?: ElkNode; error?: string }>) => {
      const settle = waiting.get(message.data.id);
      waiting.delete(message.data.id);
      if (message.data.layout) settle?.resolve(message.data.layout);
      else settle?.reject(new Error(message.data.error ?? 'layout failed'));
    };
  }
  const id = ++next;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    worker!.postMessage({ id, graph });
  });
}
