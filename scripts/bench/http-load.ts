import http from 'node:http';
import { Client } from 'undici';

/** What one request of a load run is: built fresh for every request (a new Idempotency-Key each time). */
export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  requests: number;
  /** Every request answered, warm-up included. */
  allRequests?: number;
  /** Requests answered inside the measured window, whenever sent (for CPU time per request over that window). */
  answeredInWindow?: number;
  seconds: number;
  perSecond: number;
  byStatus: Map<number, number>;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export function percentile(sortedMs: number[], p: number): number {
  if (sortedMs.length === 0) return 0;
  const index = Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1);
  return sortedMs[Math.max(0, index)]!;
}

/**
 * How the load is sent. Both make real HTTP/1.1 requests over keep-alive TCP, one in flight per connection, and
 * wait for each whole answer. `undici` (the default) is the leaner client: it shares the two cores with the server
 * and PostgreSQL, so every millisecond it spends is one the server does not get (docs/performance.md); `node` is
 * node:http's Agent, the client of the figures before session 5.
 */
export type LoadClient = 'undici' | 'node';

type Send = (request: LoadRequest) => Promise<number>;

function nodeClient(port: number, connections: number): { send(client: number): Send; close(): Promise<void> } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const once: Send = (request) =>
    new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: request.method,
          path: request.path,
          agent,
          headers: request.body
            ? { ...request.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(request.body) }
            : request.headers,
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(request.body);
    });
  return { send: () => once, close: async () => agent.destroy() };
}

/** One undici Client (one keep-alive socket, no pipelining) per connection of the closed loop. */
function undiciClient(port: number, connections: number): { send(client: number): Send; close(): Promise<void> } {
  const clients = Array.from({ length: connections }, () => new Client(`http://127.0.0.1:${port}`, { pipelining: 1 }));
  return {
    send: (id) => async (request) => {
      const res = await clients[id]!.request({
        method: request.method,
        path: request.path,
        headers: request.body ? { ...request.headers, 'content-type': 'application/json' } : request.headers,
        body: request.body,
      });
      // The whole answer is read, as a real client would, before the next request goes.
      await res.body.dump({ limit: Number.MAX_SAFE_INTEGER });
      return res.statusCode;
    },
    close: async () => {
      await Promise.all(clients.map((c) => c.close()));
    },
  };
}

/**
 * A closed-loop load: `connections` clients each send one request, wait for its answer, send the next, for
 * `seconds` (after `warmupSeconds` that are not counted). Keep-alive sockets, as a real API client or a proxy
 * in front of the server would hold them.
 */
export async function runLoad(options: {
  port: number;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  next: (client: number) => LoadRequest;
  /** Called when the measured window opens and closes (e.g. to read the server's CPU time then). */
  onWindow?: (edge: 'start' | 'end') => void;
  client?: LoadClient;
}): Promise<LoadResult> {
  const transport = (options.client ?? 'undici') === 'undici' ? undiciClient(options.port, options.connections) : nodeClient(options.port, options.connections);
  const latencies: number[] = [];
  const byStatus = new Map<number, number>();
  const start = performance.now();
  const measureFrom = start + options.warmupSeconds * 1000;
  const end = measureFrom + options.seconds * 1000;

  let allRequests = 0;
  let answeredInWindow = 0;
  const edges = [
    setTimeout(() => options.onWindow?.('start'), measureFrom - performance.now()),
    setTimeout(() => options.onWindow?.('end'), end - performance.now()),
  ];
  async function client(id: number) {
    const once = transport.send(id);
    while (performance.now() < end) {
      const sentAt = performance.now();
      const status = await once(options.next(id));
      const doneAt = performance.now();
      allRequests++;
      if (doneAt >= measureFrom && doneAt <= end) answeredInWindow++;
      if (sentAt >= measureFrom && doneAt <= end) {
        latencies.push(doneAt - sentAt);
        byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
      }
    }
  }

  await Promise.all(Array.from({ length: options.connections }, (_, i) => client(i)));
  await transport.close();
  edges.forEach(clearTimeout);
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    allRequests,
    answeredInWindow,
    seconds: options.seconds,
    perSecond: latencies.length / options.seconds,
    byStatus,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.at(-1) ?? 0,
  };
}
