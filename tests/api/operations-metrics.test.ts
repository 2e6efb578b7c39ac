import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { createUser, fundWallet, type TestUser } from '../support/money';
import { paymentsClient } from '../support/payments-client';
import { createMetrics, startMetricsServer, type Metrics } from '../../server/observability/metrics';
import { createPricePoint } from '../../server/payments/price-points';
import { runDueJobs } from '../../server/jobs/runner';
import { CARD_HOLD_MS } from '../../domain/limits';

/** The value of one sample of the Prometheus text, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries([...(match[2] ?? '').matchAll(/([a-z_]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v) && Object.keys(have).length === Object.keys(labels).length) return Number(match[3]);
  }
  return undefined;
}

describe.each(databaseKinds())('metrics on $name', (kind) => {
  let api: ApiHarness;
  let metrics: Metrics;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    // The harness opens the database and the clock after the metrics are made: they reach both through it.
    let database: ApiHarness['fresh']['database'] | undefined;
    const lazy = new Proxy({} as ApiHarness['fresh']['database'], { get: (_t, key) => Reflect.get(database!, key) });
    metrics = createMetrics(lazy, { now: () => api.clock.now() }, { processMetrics: false });
    api = await startApi(kind, { metrics });
    database = api.fresh.database;
    alice = await createUser(api.fresh.database, api.clock.now());
    bob = await createUser(api.fresh.database, api.clock.now());
    await fundWallet(api.fresh.database, alice.id, 50_00, api.clock.now());
  });
  afterAll(() => api.close());
  const scrape = () => metrics.registry.metrics();

  it('counts requests by route template and status, with a latency histogram', async () => {
    await api.inject({ method: 'GET', url: '/api/app/version' });
    await api.inject({ method: 'GET', url: '/api/app/version?lang=es' });
    await api.inject({ method: 'GET', url: `/api/app/user/${alice.id}/wallet`, headers: { authtoken: alice.token } });
    await api.inject({ method: 'GET', url: `/api/nowhere/${randomUUID()}` });
    const text = await scrape();
    expect(sample(text, 'tipjar_http_requests_total', { method: 'GET', route: '/api/app/version', status: '200' })).toBe(2);
    expect(sample(text, 'tipjar_http_requests_total', { method: 'GET', route: '/api/app/user/:userId/wallet', status: '200' })).toBe(1);
    // Unmatched URLs never become labels of their own.
    expect(sample(text, 'tipjar_http_requests_total', { method: 'GET', route: '(unmatched)', status: '404' })).toBe(1);
    expect(text).not.toContain('/api/nowhere');
    expect(text).not.toContain(alice.id);
    expect(sample(text, 'tipjar_http_request_duration_seconds_count', { method: 'GET', route: '/api/app/version', status: '200' })).toBe(2);
    expect(sample(text, 'tipjar_http_request_duration_seconds_bucket', { method: 'GET', route: '/api/app/version', status: '200', le: '+Inf' })).toBe(2);
  });

  it('counts money operations by operation and outcome: succeeded, replayed, refused', async () => {
    const client = paymentsClient(api);
    const key = randomUUID();
    const body = { receiverUserId: bob.id, amount: '5.00', paymentMethodId: 'balance' };
    expect((await client.send(alice, body, key)).statusCode).toBe(201);
    expect((await client.send(alice, body, key)).headers['idempotent-replayed']).toBe('true');
    expect((await client.send(alice, { ...body, amount: '500.00' })).statusCode).toBe(422);
    const text = await scrape();
    expect(sample(text, 'tipjar_money_operations_total', { operation: 'sendPayment', outcome: 'succeeded' })).toBe(1);
    expect(sample(text, 'tipjar_money_operations_total', { operation: 'sendPayment', outcome: 'replayed' })).toBe(1);
    expect(sample(text, 'tipjar_money_operations_total', { operation: 'sendPayment', outcome: 'refused' })).toBe(1);
  });

  it('reports the shared job queue (depth, age of the oldest due job), jobs run and the database pool', async () => {
    const pricePointId = await createPricePoint(api.fresh.database.db, {
      creatorUserId: bob.id,
      priceCents: 10_00,
      description: 'a photo',
      mediaType: 'photo',
      now: api.clock.now(),
    });
    const client = paymentsClient(api);
    expect((await client.send(alice, { receiverUserId: bob.id, amount: '10.00', paymentMethodId: 'balance', pricePointId })).statusCode).toBe(201);
    let text = await scrape();
    expect(sample(text, 'tipjar_job_queue_depth', { state: 'scheduled' })).toBe(1);
    expect(sample(text, 'tipjar_job_queue_depth', { state: 'due' })).toBe(0);
    expect(sample(text, 'tipjar_job_queue_oldest_due_age_seconds')).toBe(0);

    // An hour past the hold's end and no runner: the job is due and has waited an hour.
    api.clock.setOffset(CARD_HOLD_MS + 3_600_000);
    text = await scrape();
    expect(sample(text, 'tipjar_job_queue_depth', { state: 'due' })).toBe(1);
    expect(sample(text, 'tipjar_job_queue_oldest_due_age_seconds')).toBeCloseTo(3600, -1);

    await runDueJobs({ database: api.fresh.database, clock: api.clock, onJobFinished: metrics.observeJob });
    text = await scrape();
    expect(sample(text, 'tipjar_job_queue_depth', { state: 'due' })).toBe(0);
    expect(sample(text, 'tipjar_jobs_total', { kind: 'expire_hold', outcome: 'done' })).toBe(1);
    expect(sample(text, 'tipjar_job_duration_seconds_count', { kind: 'expire_hold' })).toBe(1);
    const max = sample(text, 'tipjar_db_pool_connections', { state: 'max' });
    expect(max).toBe(kind.name === 'postgres' ? 10 : 1);
    expect(sample(text, 'tipjar_db_pool_connections', { state: 'waiting' })).toBe(0);
    expect(sample(text, 'tipjar_db_pool_connections', { state: 'open' })).toBeGreaterThanOrEqual(1);
    api.clock.setOffset(0);
  });

  it('the metrics listener serves only GET /metrics, on its own port', async () => {
    const server = await startMetricsServer(metrics, 0, '127.0.0.1');
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      expect(await res.text()).toContain('# TYPE tipjar_http_requests_total counter');
      expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${server.port}/metrics`, { method: 'POST' })).status).toBe(404);
    } finally {
      await server.close();
    }
    // The public app has no /metrics under /api, and the contract lists none.
    expect((await api.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(404);
  });
});
