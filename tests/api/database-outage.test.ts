import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
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
 * Retry-After (never a 500), and the same server, not restarted, serves again once the database is back. Runs on a
 * private PostgreSQL (tests/support/private-postgres.ts), never the shared one.
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
