import http from 'node:http';

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
}): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  const byStatus = new Map<number, number>();
  const start = performance.now();
  const measureFrom = start + options.warmupSeconds * 1000;
  const end = measureFrom + options.seconds * 1000;

  const once = (request: LoadRequest) =>
    new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: options.port,
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

  let allRequests = 0;
  let answeredInWindow = 0;
  const edges = [
    setTimeout(() => options.onWindow?.('start'), measureFrom - performance.now()),
    setTimeout(() => options.onWindow?.('end'), end - performance.now()),
  ];
  async function client(id: number) {
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
  agent.destroy();
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
