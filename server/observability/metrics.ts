import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import type { Clock } from '../clock';
import type { JobOutcome } from '../jobs/runner';

/**
 * Prometheus metrics of one process. Each process keeps its own counters (the scraper sums instances); what is
 * shared — the job queue — is read from the database at scrape time, so every instance reports the same depth.
 * Labels are bounded: routes are the contract's templates (never the raw URL), operations its operationIds.
 */
export interface Metrics {
  registry: Registry;
  observeRequest(fields: { method: string; route: string; status: number; seconds: number }): void;
  observeMoneyOperation(operation: string, outcome: MoneyOutcome): void;
  observeJob(kind: string, outcome: JobOutcome, seconds: number): void;
}

/** succeeded: done now; replayed: an Idempotency-Key retry answered from storage; refused: 4xx; failed: 5xx. */
type MoneyOutcome = 'succeeded' | 'replayed' | 'refused' | 'failed';

export function createMetrics(database: Database, clock: Clock, options: { processMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (options.processMetrics !== false) collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'tipjar_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'tipjar_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const money = new Counter({
    name: 'tipjar_money_operations_total',
    help: 'Money-moving operations (x-money-moving), by operation and outcome (succeeded, replayed, refused, failed).',
    labelNames: ['operation', 'outcome'] as const,
    registers: [registry],
  });
  const jobsRun = new Counter({
    name: 'tipjar_jobs_total',
    help: 'Background jobs run by this process, by kind and outcome (done, retry, failed).',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'tipjar_job_duration_seconds',
    help: 'Time to run one background job, by kind.',
    labelNames: ['kind'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers: [registry],
  });

  // The queue is shared by every instance: read at scrape time; gauges collected together share one query.
  let queue: Promise<{ due: number; scheduled: number; failed: number; oldest: number }> | null = null;
  const readQueue = () => {
    queue ??= (async () => {
      const now = clock.now();
      const [row] = await database.rows<{ due: string; scheduled: string; failed: string; oldest: Date | string | null }>(sql`
        SELECT count(*) FILTER (WHERE status = 'pending' AND run_at <= ${now}) AS due,
               count(*) FILTER (WHERE status = 'pending' AND run_at > ${now}) AS scheduled,
               count(*) FILTER (WHERE status = 'failed') AS failed,
               min(run_at) FILTER (WHERE status = 'pending' AND run_at <= ${now}) AS oldest
        FROM jobs`);
      const oldest = row?.oldest ? new Date(row.oldest).getTime() : null;
      return {
        due: Number(row?.due ?? 0),
        scheduled: Number(row?.scheduled ?? 0),
        failed: Number(row?.failed ?? 0),
        oldest: oldest === null ? 0 : Math.max(0, (now.getTime() - oldest) / 1000),
      };
    })().finally(() => {
      queue = null;
    });
    return queue;
  };
  new Gauge({
    name: 'tipjar_job_queue_depth',
    help: 'Jobs in the shared queue: due (should run now), scheduled (later), failed (gave up; needs a person).',
    labelNames: ['state'] as const,
    registers: [registry],
    // Every process reads the same shared queue: under WEB_CONCURRENCY one reading is the figure, not their sum.
    aggregator: 'first',
    async collect() {
      const q = await readQueue();
      this.set({ state: 'due' }, q.due);
      this.set({ state: 'scheduled' }, q.scheduled);
      this.set({ state: 'failed' }, q.failed);
    },
  });
  new Gauge({
    name: 'tipjar_job_queue_oldest_due_age_seconds',
    help: 'How long the oldest due job has waited past its time (0 when none is due). Growing = no runner keeps up.',
    registers: [registry],
    aggregator: 'first',
    async collect() {
      this.set((await readQueue()).oldest);
    },
  });
  new Gauge({
    name: 'tipjar_db_pool_connections',
    help: "This process's database connections: max (pool size), open, idle, and queries waiting for one.",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = database.poolStats();
      this.set({ state: 'max' }, stats.max);
      this.set({ state: 'open' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });

  return {
    registry,
    observeRequest({ method, route, status, seconds }) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
    observeMoneyOperation(operation, outcome) {
      money.inc({ operation, outcome });
    },
    observeJob(kind, outcome, seconds) {
      jobsRun.inc({ kind, outcome });
      jobDuration.observe({ kind }, seconds);
    },
  };
}

/** Counts every answered request by its route template; money-moving operations also by outcome. */
export function registerMetricsHooks(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    // Unmatched URLs (404s, the web app's deep links) share one label, so no caller can grow the label set.
    const route = request.routeOptions.url ?? '(unmatched)';
    metrics.observeRequest({ method: request.method, route, status: reply.statusCode, seconds: reply.elapsedTime / 1000 });
    const config = request.routeOptions.config as { operationId?: string; moneyMoving?: boolean };
    if (config.moneyMoving && config.operationId) {
      const status = reply.statusCode;
      const outcome: MoneyOutcome =
        status >= 500 ? 'failed' : status >= 400 ? 'refused' : reply.getHeader('idempotent-replayed') === 'true' ? 'replayed' : 'succeeded';
      metrics.observeMoneyOperation(config.operationId, outcome);
    }
  });
}

/**
 * A cluster worker (WEB_CONCURRENCY > 1; server/cluster.ts) answers the primary's requests for its counters, which
 * the primary sums and serves on METRICS_PORT: the workers share the port, so a scrape must not meet just one.
 */
export function shareMetricsWithPrimary(metrics: Metrics): void {
  new AggregatorRegistry(); // installs the worker's answer to the primary's request
  AggregatorRegistry.setRegistries([metrics.registry]);
}

/**
 * The metrics listener: its own port (METRICS_PORT, loopback by default), never the public app's, so the
 * internals it shows (routes, error rates, queue) are not on the internet unless an operator puts them there.
 */
export async function startMetricsServer(metrics: Metrics, port: number, host: string): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metrics.registry
      .metrics()
      .then((text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text))
      .catch((error: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${String(error)}\n`));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
