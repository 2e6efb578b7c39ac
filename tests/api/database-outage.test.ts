import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import driver from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app';
import { OffsetClock } from '../../server/clock';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { auditLedger } from '../../server/ledger/audit';
import { createUser, fundWallet, type TestUser } from '../support/money';
import { startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres';

/**
 * PostgreSQL stops under load and comes back: meanwhile every answer is 503 problem+json with a detail and
 * Retry-After (never a 500), and the same server, not restarted, serves again once the database is back. Also what a
 * failover does to the app's connections (scripts/reliability/failover.ts runs the real one): every connection cut
 * mid-transaction, and a connection that lands on a server taking no writes. Runs on a private PostgreSQL
 * (tests/support/private-postgres.ts), never the shared one: the tests terminate every backend of its database.
 */
describe('PostgreSQL stopped under load', () => {
  let pg: PrivatePostgres;
  let database: Database;
  let app: FastifyInstance;
  const users: TestUser[] = [];

  beforeAll(async () => {
    pg = await startPrivatePostgres();
    database = await openDatabase({ databaseUrl: pg.url, poolSize: 8 });
    await migrate(database);
    for (let i = 0; i < 4; i++) {
      const user = await createUser(database, new Date());
      await fundWallet(database, user.id, 100_000, new Date());
      users.push(user);
    }
    app = await buildApp({ config: loadConfig({ NODE_ENV: 'test' }), database, clock: new OffsetClock(), webDir: null });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => {});
    pg?.destroy();
  });

  const call = (i: number): Promise<LightMyRequestResponse> => {
    const user = users[i % users.length]!;
    const receiver = users[(i + 1) % users.length]!;
    return i % 2
      ? app.inject({ method: 'GET', url: `/api/app/user/${user.id}/wallet?lang=en`, headers: { authtoken: user.token } })
      : app.inject({
          method: 'POST',
          url: `/api/app/user/${user.id}/payment/send/?lang=en`,
          headers: { authtoken: user.token, 'idempotency-key': randomUUID() },
          payload: { receiverUserId: receiver.id, amount: '0.01', paymentMethodId: 'balance' },
        });
  };

  /**
   * A failover cuts the connections of the dead primary's backends (docs/reliability.md "Failover"); here the cut is
   * pg_terminate_backend (57P01, the admin shutdown a dying server sends), of every connection of the app's pool, while
   * a send waits inside its transaction for a wallet lock this test holds. Deterministic: the send is known to be
   * mid-transaction (its backend waits on the lock) when the connections go.
   */
  it('answers 503 to a send whose connection is cut mid-transaction, and the pool serves the next request', { timeout: 60_000 }, async () => {
    const [sender, receiver] = [users[0]!, users[1]!];
    const holder = new driver.Client({ connectionString: pg.url });
    const killer = new driver.Client({ connectionString: pg.url });
    await holder.connect();
    await killer.connect();
    try {
      const before = await app.inject({ method: 'GET', url: `/api/app/user/${sender.id}/wallet?lang=en`, headers: { authtoken: sender.token } });
      expect(before.statusCode).toBe(200);

      await holder.query('BEGIN');
      await holder.query(`SELECT id FROM ledger_accounts WHERE kind = 'user_wallet' AND user_id = $1 FOR UPDATE`, [sender.id]);
      const key = randomUUID();
      const send = () =>
        app.inject({
          method: 'POST',
          url: `/api/app/user/${sender.id}/payment/send/?lang=en`,
          headers: { authtoken: sender.token, 'idempotency-key': key },
          payload: { receiverUserId: receiver.id, amount: '0.07', paymentMethodId: 'balance' },
        });
      const cut = send();
      // The send's backend waits for the wallet's row lock: it is inside its transaction (the key already claimed).
      const holderPid = (await holder.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number;
      const others = `datname = current_database() AND pid NOT IN (pg_backend_pid(), ${holderPid})`;
      for (;;) {
        const { rows } = await killer.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE ${others} AND wait_event_type = 'Lock'`);
        if (rows[0].n > 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      const { rowCount } = await killer.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE ${others} AND backend_type = 'client backend'`);
      expect(rowCount).toBeGreaterThan(0);
      const res = await cut;
      await holder.query('ROLLBACK');
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ status: 503, code: 'service_unavailable' });
      expect(res.headers['retry-after']).toBe('5');
      // The terminated backends are gone, and the pool has dropped every client (it saw each one's goodbye): the next
      // request does not race a dying connection.
      for (;;) {
        const { rows } = await killer.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE ${others} AND backend_type = 'client backend'`);
        if (rows[0].n === 0 && database.poolStats().total === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }

      // The same server, not restarted: the next requests are served on fresh connections, and the retried key makes
      // the payment once (the cut transaction rolled back its claim with everything else).
      const again = await send();
      expect(again.statusCode, again.body).toBe(201);
      const replay = await send();
      expect(replay.statusCode).toBe(201);
      expect(replay.json().data[0].payment_id).toBe(again.json().data[0].payment_id);
      const after = await app.inject({ method: 'GET', url: `/api/app/user/${sender.id}/wallet?lang=en`, headers: { authtoken: sender.token } });
      expect(after.statusCode).toBe(200);
      const { rows } = await killer.query(`SELECT count(*)::int AS n FROM idempotency_keys WHERE idempotency_key = $1`, [key]);
      expect(rows[0].n).toBe(1);
      expect(await auditLedger(database)).toEqual([]);
    } finally {
      await holder.query('ROLLBACK').catch(() => {});
      await holder.end();
      await killer.end();
    }
  });

  /**
   * Mid-failover a new connection can reach a server that takes no writes (a standby HAProxy has not yet marked down,
   * a primary being demoted): PostgreSQL answers 25006. That is the database being unavailable for writes, not a bug:
   * 503 with Retry-After. Made real here by making the database read-only for new sessions.
   */
  it('answers 503 when its connection reaches a server that takes no writes, and serves again once it does', { timeout: 60_000 }, async () => {
    const [sender, receiver] = [users[2]!, users[3]!];
    const admin = new driver.Client({ connectionString: pg.url });
    await admin.connect();
    const others = `datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`;
    // New sessions only take the setting: the pool's current connections are closed so that it opens new ones.
    const reconnectPool = async () => {
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE ${others}`);
      for (;;) {
        const { rows } = await admin.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE ${others}`);
        if (rows[0].n === 0 && database.poolStats().total === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const send = () =>
      app.inject({
        method: 'POST',
        url: `/api/app/user/${sender.id}/payment/send/?lang=en`,
        headers: { authtoken: sender.token, 'idempotency-key': randomUUID() },
        payload: { receiverUserId: receiver.id, amount: '0.03', paymentMethodId: 'balance' },
      });
    try {
      await admin.query('ALTER DATABASE postgres SET default_transaction_read_only = on');
      await reconnectPool();
      const refused = await send();
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.headers['content-type']).toContain('application/problem+json');
      expect(refused.json()).toMatchObject({ status: 503, code: 'service_unavailable' });
      expect(refused.headers['retry-after']).toBe('5');
    } finally {
      await admin.query('ALTER DATABASE postgres RESET default_transaction_read_only');
      await reconnectPool();
    }
    try {
      const served = await send();
      expect(served.statusCode, served.body).toBe(201);
    } finally {
      await admin.end();
    }
  });

  it('answers 503 problem+json with Retry-After while the database is down, and recovers by itself', { timeout: 120_000 }, async () => {
    // Each answer with the phase its request started and ended in: one that spans a change says nothing about either.
    const seen: { phase: string; res: LightMyRequestResponse }[] = [];
    let phase = 'up';
    let running = true;
    const worker = async (w: number) => {
      for (let i = w; running; i += 4) {
        const started = phase;
        const res = await call(i);
        seen.push({ phase: started === phase ? phase : `${started}→${phase}`, res });
      }
    };
    const workers = [0, 1, 2, 3].map(worker);
    await new Promise((r) => setTimeout(r, 1_000));
    phase = 'stopping';
    pg.stop();
    phase = 'down';
    await new Promise((r) => setTimeout(r, 1_500));
    phase = 'starting';
    pg.start();
    phase = 'back';
    const backAt = Date.now();
    let recoveredMs = -1;
    while (Date.now() - backAt < 30_000) {
      const recent = seen.filter((s) => s.phase === 'back').slice(-8);
      if (recent.length === 8 && recent.every((s) => s.res.statusCode < 300)) {
        recoveredMs = Date.now() - backAt;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    running = false;
    await Promise.all(workers);

    const statuses = (p: string) => seen.filter((s) => s.phase === p).map((s) => s.res.statusCode);
    console.log(`[outage] up ${statuses('up').length} answers, down ${statuses('down').length} (${[...new Set(statuses('down'))]}), recovered ${recoveredMs} ms after the restart`);
    for (const { res } of seen) {
      expect([200, 201, 503], res.body).toContain(res.statusCode);
      if (res.statusCode === 503) {
        expect(res.headers['content-type']).toContain('application/problem+json');
        expect(res.json()).toMatchObject({ status: 503, code: 'service_unavailable' });
        expect(res.json().detail.length).toBeGreaterThan(0);
        expect(res.headers['retry-after']).toBe('5');
      }
    }
    expect(statuses('up').every((s) => s < 300)).toBe(true);
    expect(statuses('down').length).toBeGreaterThan(0);
    expect(statuses('down').every((s) => s === 503)).toBe(true);
    expect(recoveredMs).toBeGreaterThanOrEqual(0);
    expect(await auditLedger(database)).toEqual([]);
  });
});
