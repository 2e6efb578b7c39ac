import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { databaseKinds, type FreshDatabase } from '../support/databases';
import { createUser, fundWallet, type TestUser } from '../support/money';
import { startServerProcess, waitForServer, type ServerProcess } from '../support/server-process';
import { sendOverHttp, type SendOutcome } from '../support/load';
import { auditLedger } from '../../server/ledger/audit';
import { createPricePoint } from '../../server/payments/price-points';
import { CARD_HOLD_MS as HOLD_MS } from '../../domain/limits';
import { GOOD_PASSWORD, newEmail } from '../support/accounts';

/**
 * Two server processes on one PostgreSQL database, the way a deployment behind a load balancer runs (docs/deploy.md).
 * PostgreSQL only: PGlite is one process by design, so this suite exists where TEST_DATABASE_URL is set (CI).
 */
const postgres = databaseKinds().find((k) => k.name === 'postgres');

describe.runIf(postgres)('two instances on one PostgreSQL database', () => {
  let fresh: FreshDatabase;
  const servers: ServerProcess[] = [];
  const bases: string[] = [];
  let next = 0;
  /** Round-robin, as a load balancer would. */
  const anyBase = () => bases[next++ % bases.length]!;

  beforeAll(async () => {
    fresh = await postgres!.open();
    for (let i = 0; i < 2; i++) {
      // info: the job runner's "job finished" lines are how the test sees which process ran which job.
      const server = await startServerProcess({ DATABASE_URL: fresh.url!, LOG_LEVEL: 'info', JOB_INTERVAL_MS: '200', DB_POOL_SIZE: '5' });
      servers.push(server);
    }
    for (const server of servers) {
      await waitForServer(server.port, 120_000);
      bases.push(`http://127.0.0.1:${server.port}`);
    }
  }, 240_000);

  afterAll(async () => {
    for (const server of servers) {
      if (server.child.exitCode === null) {
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
      }
    }
    await fresh?.dispose();
  }, 30_000);

  const json = async (base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, body: (await res.json().catch(() => null)) as Record<string, any> };
  };

  it('both are ready on the shared database', async () => {
    for (const base of bases) expect((await json(base, 'GET', '/api/health/ready')).body).toEqual({ status: 'ok', version: '1.0.2' });
  });

  it('a round-robin money workload keeps the books: every send acknowledged once, balances exact, audit clean', { timeout: 120_000 }, async () => {
    const now = new Date();
    const people: TestUser[] = [];
    for (let i = 0; i < 6; i++) {
      const u = await createUser(fresh.database, now);
      await fundWallet(fresh.database, u.id, 100_00, now);
      people.push(u);
    }
    // Each person pays the next one 1..20 cents, 15 times, all six at once, alternating instances per call.
    const outcomes: SendOutcome[] = [];
    const expected = new Map(people.map((p) => [p.id, 100_00]));
    await Promise.all(
      people.map(async (from, i) => {
        const to = people[(i + 1) % people.length]!;
        for (let n = 1; n <= 15; n++) {
          const cents = ((i * 7 + n) % 20) + 1;
          const outcome = await sendOverHttp(anyBase(), from, to, cents);
          outcomes.push(outcome);
          if (outcome.status === 201) {
            expected.set(from.id, expected.get(from.id)! - cents);
            expected.set(to.id, expected.get(to.id)! + cents);
          }
        }
      }),
    );
    expect(outcomes.map((o) => o.status)).toEqual(outcomes.map(() => 201));
    expect(new Set(outcomes.map((o) => o.baseUrl)).size).toBe(2);
    expect(new Set(outcomes.map((o) => o.paymentId)).size).toBe(90);
    for (const person of people) {
      const wallet = await json(anyBase(), 'GET', `/api/app/user/${person.id}/wallet`, undefined, { authtoken: person.token });
      expect(wallet.status).toBe(200);
      expect(Math.round(Number(wallet.body.balance) * 100), person.username).toBe(expected.get(person.id));
    }
    expect(await auditLedger(fresh.database)).toEqual([]);
  });

  it('an Idempotency-Key holds across instances: a retry on the other one replays, concurrent duplicates make one payment', async () => {
    const now = new Date();
    const [payer, payee] = [await createUser(fresh.database, now), await createUser(fresh.database, now)];
    await fundWallet(fresh.database, payer.id, 50_00, now);
    const key = randomUUID();
    const first = await sendOverHttp(bases[0]!, payer, payee, 1_00, key);
    const retry = await sendOverHttp(bases[1]!, payer, payee, 1_00, key);
    expect([first.status, retry.status]).toEqual([201, 201]);
    expect(retry.paymentId).toBe(first.paymentId);

    // The same new key sent to both instances at the same moment, five times each.
    const raced = randomUUID();
    const racing = await Promise.all(Array.from({ length: 10 }, (_, i) => sendOverHttp(bases[i % 2]!, payer, payee, 2_00, raced)));
    for (const r of racing) expect([201, 409]).toContain(r.status);
    const ids = new Set(racing.filter((r) => r.status === 201).map((r) => r.paymentId));
    expect(ids.size).toBe(1);
    const [row] = await fresh.database.rows<{ n: string; total: string }>(
      sql`SELECT count(*) AS n, coalesce(sum(amount_cents), 0) AS total FROM payments WHERE sender_user_id = ${payer.id}`,
    );
    expect(Number(row!.n)).toBe(2);
    expect(await auditLedger(fresh.database)).toEqual([]);
  });

  it('a session made on one instance works on the other, and sign-in limits count across both', async () => {
    const email = newEmail('instances');
    const created = await json(bases[0]!, 'POST', '/api/app/user/create/', { email, password: GOOD_PASSWORD });
    expect(created.status).toBe(201);
    const userId = created.body.user.userId as string;
    expect((await json(bases[1]!, 'GET', `/api/app/user/${userId}`, undefined, { authtoken: created.body.authToken })).status).toBe(200);
    const login = await json(bases[1]!, 'POST', '/api/app/user/login/', { email, password: GOOD_PASSWORD });
    expect(login.status).toBe(200);
    expect((await json(bases[0]!, 'GET', `/api/app/user/${userId}`, undefined, { authtoken: login.body.authToken })).status).toBe(200);

    // Ten failures, five on each instance: the account's limit (10 in 15 minutes) is reached on the shared count.
    for (let i = 0; i < 10; i++) {
      expect((await json(bases[i % 2]!, 'POST', '/api/app/user/login/', { email, password: `Wr0ng!pass${i}` })).status).toBe(401);
    }
    for (const base of bases) {
      const blocked = await json(base, 'POST', '/api/app/user/login/', { email, password: GOOD_PASSWORD });
      expect(blocked.status).toBe(429);
      expect(blocked.body.code).toBe('too_many_attempts');
    }
  });

  it('each background job runs exactly once: hold expiry across both runners', { timeout: 120_000 }, async () => {
    const now = new Date();
    const creator = await createUser(fresh.database, now);
    const pricePointId = await createPricePoint(fresh.database.db, {
      creatorUserId: creator.id,
      priceCents: 3_00,
      description: 'a photo',
      mediaType: 'photo',
      now,
    });
    const fans: TestUser[] = [];
    for (let i = 0; i < 12; i++) {
      const fan = await createUser(fresh.database, now);
      await fundWallet(fresh.database, fan.id, 10_00, now);
      fans.push(fan);
    }
    const bought = await Promise.all(
      fans.map((fan) =>
        json(anyBase(), 'POST', `/api/app/user/${fan.id}/payment/send/`, { receiverUserId: creator.id, amount: '3.00', paymentMethodId: 'balance', pricePointId }, {
          authtoken: fan.token,
          'idempotency-key': randomUUID(),
        }),
      ),
    );
    expect(bought.map((b) => b.status)).toEqual(fans.map(() => 201));
    const paymentIds = bought.map((b) => b.body.data[0].payment_id as string);

    // Past the 72 hours on the shared test clock: both instances' runners now race for the same due jobs.
    const moved = await json(bases[0]!, 'POST', '/api/dev/clock', { advanceMs: HOLD_MS + 60_000 });
    expect(moved.status).toBe(200);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const [row] = await fresh.database.rows<{ n: string }>(sql`SELECT count(*) AS n FROM jobs WHERE kind = 'expire_hold' AND status <> 'done'`);
      if (Number(row!.n) === 0) break;
      if (Date.now() > deadline) throw new Error(`${row!.n} hold-expiry jobs still not done`);
      await new Promise((r) => setTimeout(r, 200));
    }
    await json(bases[0]!, 'POST', '/api/dev/clock', { offsetMs: 0 });

    const jobs = await fresh.database.rows<{ id: string; attempts: number; payload: { paymentId: string } }>(
      sql`SELECT id, attempts, payload FROM jobs WHERE kind = 'expire_hold'`,
    );
    expect(jobs.map((j) => j.payload.paymentId).sort()).toEqual([...paymentIds].sort());
    for (const job of jobs) expect(job.attempts).toBe(1);
    // Each job finished once across both processes' logs — not once per process.
    const finished = servers.flatMap((s, instance) =>
      s
        .output()
        .split('\n')
        .filter((l) => l.startsWith('{') && l.includes('"job finished"'))
        .map((l) => ({ instance, ...(JSON.parse(l) as { jobId: number; kind: string; reqId?: string }) }))
        .filter((l) => l.kind === 'expire_hold'),
    );
    expect(finished.map((f) => String(f.jobId)).sort()).toEqual(jobs.map((j) => String(j.id)).sort());
    // The job's line names the request that bought (whichever instance served it).
    for (const f of finished) expect(f.reqId).toMatch(/^[0-9a-f-]{36}$/);
    const payments = await fresh.database.rows<{ status: string }>(
      sql`SELECT status FROM payments WHERE id IN (${sql.join(paymentIds.map((id) => sql`${id}::uuid`), sql`, `)})`,
    );
    expect(payments.map((p) => p.status)).toEqual(paymentIds.map(() => 'cancelled'));
    for (const fan of fans) {
      const [wallet] = await fresh.database.rows<{ balance: string }>(
        sql`SELECT balance_cents AS balance FROM ledger_accounts WHERE kind = 'user_wallet' AND user_id = ${fan.id}`,
      );
      expect(Number(wallet!.balance)).toBe(10_00);
    }
    expect(await auditLedger(fresh.database)).toEqual([]);
  });
});
