import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { databaseKinds, type FreshDatabase } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { createUser, type TestUser } from '../support/money';
import { walletClient } from '../support/wallet-client';
import { startServerProcess, waitForServer, type ServerProcess } from '../support/server-process';
import { startJobRunner, type JobRunner } from '../../server/jobs/runner';
import { LISTENER_NAME } from '../../server/db/notify-listener';
import { auditLedger } from '../../server/ledger/audit';

/**
 * Issue 22.8: a job a request queues to run now is run when the request's transaction commits, not at the runner's
 * next poll. Every runner here polls once an hour, so a job it runs during the test was woken for — no timing is
 * asserted: a runner that was not woken leaves the test waiting until its timeout.
 */
const HOUR = 60 * 60 * 1000;

/** The jobs a runner finished (its onJobFinished), and a wait for the n-th of a kind. */
function finishedJobs() {
  const seen: string[] = [];
  const waiters: { kind: string; n: number; resolve: () => void }[] = [];
  const count = (kind: string) => seen.filter((j) => j === `${kind}:done`).length;
  return {
    seen,
    count,
    onJobFinished: (kind: string, outcome: string) => {
      seen.push(`${kind}:${outcome}`);
      for (const w of waiters.splice(0)) {
        if (count(w.kind) >= w.n) w.resolve();
        else waiters.push(w);
      }
    },
    /** Resolves once `n` jobs of `kind` have been done in all. */
    until: (kind: string, n: number) =>
      new Promise<void>((resolve) => (count(kind) >= n ? resolve() : waiters.push({ kind, n, resolve }))),
  };
}

describe.each(databaseKinds())('a queued job wakes the runner on $name', (kind) => {
  let api: ApiHarness;
  let wallet: ReturnType<typeof walletClient>;
  let ann: TestUser;
  let card: string;
  let runner: JobRunner;
  const errors: unknown[] = [];
  const jobs = finishedJobs();

  beforeAll(async () => {
    api = await startApi(kind);
    wallet = walletClient(api);
    ann = await createUser(api.fresh.database, api.clock.now());
    card = await wallet.cardOf(ann);
    runner = startJobRunner({ database: api.fresh.database, clock: api.clock, onJobFinished: jobs.onJobFinished }, HOUR, (e) => errors.push(e));
    await runner.listening;
  });
  afterAll(async () => {
    await runner.stop();
    expect(await auditLedger(api.fresh.database)).toEqual([]);
    await api.close();
  });

  it('a card deposit is captured by a runner that polls once an hour: woken by the commit that queued the capture', { timeout: 60_000 }, async () => {
    const res = await wallet.cardDeposit(ann, { paymentMethodId: card, amount: '20.00' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data[0].status).toBe('processing');
    await jobs.until('card_capture', 1);
    const id = res.json().data[0].id as string;
    expect((await wallet.deposit(ann, id)).json().data[0].status).toBe('complete');
    expect(await wallet.balance(ann)).toMatchObject({ balance: '20.00' });
    expect(errors).toEqual([]);
  });

  it('several deposits at once are all captured, each once', { timeout: 60_000 }, async () => {
    const before = jobs.count('card_capture');
    const made = await Promise.all(Array.from({ length: 5 }, () => wallet.cardDeposit(ann, { paymentMethodId: card, amount: '1.00' })));
    expect(made.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    await jobs.until('card_capture', before + 5);
    for (const r of made) expect((await wallet.deposit(ann, r.json().data[0].id)).json().data[0].status).toBe('complete');
    expect(await wallet.balance(ann)).toMatchObject({ balance: '25.00' });
  });

  it("a woken pass runs as the runner, not as the request whose commit woke it: the capture is not that request's", { timeout: 60_000 }, async () => {
    const bo = await createUser(api.fresh.database, api.clock.now());
    const before = jobs.count('card_capture');
    // As Chromium sends it in the browser tests (server/dev/browser-trail.ts): the trail notes what this request does.
    const res = await api.inject({
      method: 'POST',
      url: `/api/app/user/${ann.id}/payment/send/`,
      headers: { authtoken: ann.token, 'idempotency-key': randomUUID(), 'sec-fetch-site': 'same-origin', cookie: 'tipjar-e2e-test=job-wake' },
      payload: { receiverUserId: bo.id, amount: '3.00', paymentMethodId: card },
    });
    expect(res.statusCode).toBe(201);
    await jobs.until('card_capture', before + 1);
    const trail = await api.inject({ method: 'GET', url: '/api/dev/browser-trail?test=job-wake', remoteAddress: '127.0.0.1' });
    // Before the runner bound its passes to its own start, PGlite ran this one inside the request: 'awaiting CAPTURED#0' too.
    expect(trail.json().transitions.map((t: { transition: string }) => t.transition)).toEqual(['created AUTHORISE_CARD#0']);
  });

  // PostgreSQL only (PGlite's listen is in-process: no session to lose); registered only there, as databaseKinds()
  // registers the PostgreSQL suites only when TEST_DATABASE_URL is set, so nothing shows as skipped.
  if (kind.name === 'postgres') it(
    'a lost LISTEN connection is made again, and the next queued job still wakes the runner',
    { timeout: 60_000 },
    async () => {
      const listeners = () =>
        api.fresh.database.rows<{ pid: number }>(
          sql`SELECT pid FROM pg_stat_activity WHERE application_name = ${LISTENER_NAME} AND datname = current_database()`,
        );
      const [first] = await listeners();
      expect(first).toBeDefined();
      await api.fresh.database.rows(sql`SELECT pg_terminate_backend(${first!.pid})`);
      // Back after its first retry (1 s): a new session under the same name.
      while (!(await listeners()).some((l) => l.pid !== first!.pid)) await new Promise((r) => setTimeout(r, 100));
      expect(errors.length).toBeGreaterThan(0); // the runner's error log heard of the loss

      const before = jobs.count('card_capture');
      const res = await wallet.cardDeposit(ann, { paymentMethodId: card, amount: '2.00' });
      expect(res.statusCode).toBe(201);
      await jobs.until('card_capture', before + 1);
      expect((await wallet.deposit(ann, res.json().data[0].id)).json().data[0].status).toBe('complete');
    },
  );
});

const postgres = databaseKinds().find((k) => k.name === 'postgres');

/**
 * Two server processes on one PostgreSQL database: A does not run jobs at a wake (JOB_WAKE=off) and polls hourly,
 * B polls hourly too but listens. A card deposit made through A is captured by B, woken by the NOTIFY that A's
 * commit sent.
 */
if (postgres) describe('a job queued through one instance is run by another, woken by NOTIFY', () => {
  let fresh: FreshDatabase;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    fresh = await postgres!.open();
    // info: B's "job finished" line is how the test sees which process ran the capture.
    a = await startServerProcess({ DATABASE_URL: fresh.url!, LOG_LEVEL: 'info', JOB_INTERVAL_MS: String(HOUR), JOB_WAKE: 'off', DB_POOL_SIZE: '3' });
    b = await startServerProcess({ DATABASE_URL: fresh.url!, LOG_LEVEL: 'info', JOB_INTERVAL_MS: String(HOUR), DB_POOL_SIZE: '3' });
    await Promise.all([waitForServer(a.port, 120_000), waitForServer(b.port, 120_000)]);
  }, 240_000);

  afterAll(async () => {
    for (const server of [a, b]) {
      if (server && server.child.exitCode === null) {
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
      }
    }
    await fresh?.dispose();
  }, 30_000);

  const jobLines = (server: ServerProcess) =>
    server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg: string; kind?: string; outcome?: string })
      .filter((l) => l.msg === 'job finished');

  it('the capture of a deposit made through A is run by B', { timeout: 60_000 }, async () => {
    const ann = await createUser(fresh.database, new Date());
    const call = async (method: string, path: string, body?: unknown, key?: string) => {
      const res = await fetch(`http://127.0.0.1:${a.port}/api/app/user/${ann.id}${path}`, {
        method,
        headers: { authtoken: ann.token, ...(body ? { 'content-type': 'application/json' } : {}), ...(key ? { 'idempotency-key': key } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, body: (await res.json()) as Record<string, any> };
    };
    const nextYear = new Date().getUTCFullYear() + 1;
    const added = await call('POST', '/payment-methods/cards', {
      nameOnCard: 'Ann Lee',
      number: '4242424242424242',
      expMonth: 12,
      expYear: nextYear,
      cvv: '123',
      country: 'US',
      postalCode: '94107',
    });
    expect(added.status).toBe(201);
    const deposit = await call('POST', '/deposits/card', { paymentMethodId: added.body.card.id, amount: '30.00' }, crypto.randomUUID());
    expect(deposit.status).toBe(201);
    const id = deposit.body.data[0].id as string;
    while ((await call('GET', `/deposits/${id}`)).body.data[0].status !== 'complete') await new Promise((r) => setTimeout(r, 50));

    expect(jobLines(b).filter((l) => l.kind === 'card_capture')).toEqual([expect.objectContaining({ kind: 'card_capture', outcome: 'done' })]);
    expect(jobLines(a)).toEqual([]);
    expect(await auditLedger(fresh.database)).toEqual([]);
  });
});
