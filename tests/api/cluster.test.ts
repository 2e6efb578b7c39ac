import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { databaseKinds, type FreshDatabase } from '../support/databases';
import { createUser, fundWallet, type TestUser } from '../support/money';
import { freePort, startServerProcess, waitForServer, type ServerProcess } from '../support/server-process';
import { sendOverHttp, type SendOutcome } from '../support/load';
import { auditLedger } from '../../server/ledger/audit';

/**
 * WEB_CONCURRENCY=2 (server/cluster.ts): two workers share the port, the primary serves their summed metrics, and
 * SIGTERM under load loses nothing acknowledged. PostgreSQL only: with PGlite the setting is refused (config test).
 */
const postgres = databaseKinds().find((k) => k.name === 'postgres');

describe('WEB_CONCURRENCY with PGlite', () => {
  it('is refused at start in one line, before any worker is forked', { timeout: 60_000 }, async () => {
    const refused = await startServerProcess({ WEB_CONCURRENCY: '2', DATA_DIR: mkdtempSync(join(tmpdir(), 'tipjar-cluster-')), DATABASE_URL: '' });
    expect(await refused.exited).toBe(1);
    expect(refused.output().trim().split('\n').filter((l) => !l.includes('[:'))).toEqual([
      "Invalid configuration: WEB_CONCURRENCY=2 needs DATABASE_URL (PGlite's directory is one process's)",
    ]);
  });
});

describe.runIf(postgres)('WEB_CONCURRENCY=2 on PostgreSQL', () => {
  let fresh: FreshDatabase;
  let server: ServerProcess;
  let base: string;
  let metricsPort: number;
  let receiver: TestUser;
  const senders: TestUser[] = [];

  type Line = { msg: string; pid: number; role?: string; workers?: number; req?: { url?: string } };
  const lines = (): Line[] =>
    server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Line);

  beforeAll(async () => {
    fresh = await postgres!.open();
    const now = new Date();
    receiver = await createUser(fresh.database, now);
    for (let i = 0; i < 8; i++) {
      const u = await createUser(fresh.database, now);
      await fundWallet(fresh.database, u.id, 1_000_00, now);
      senders.push(u);
    }
    metricsPort = await freePort();
    server = await startServerProcess({
      DATABASE_URL: fresh.url!,
      WEB_CONCURRENCY: '2',
      LOG_LEVEL: 'info',
      METRICS_PORT: String(metricsPort),
      DB_POOL_SIZE: '4',
    });
    await waitForServer(server.port, 120_000);
    base = `http://127.0.0.1:${server.port}`;
    // The primary says so once both workers listen; each worker says so itself a moment later (after its listen
    // returns), in its own process — so wait for all three lines, not only the primary's.
    const deadline = Date.now() + 120_000;
    const ready = () =>
      lines().some((l) => l.role === 'primary' && l.msg === 'Tipjar started') &&
      new Set(lines().filter((l) => l.msg === 'Tipjar started' && l.role === undefined).map((l) => l.pid)).size >= 2;
    while (!ready() && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 240_000);

  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    await fresh?.dispose();
  }, 30_000);

  it('two workers answer on one port; the primary serves their counters summed', { timeout: 120_000 }, async () => {
    const started = lines().find((l) => l.role === 'primary' && l.msg === 'Tipjar started');
    expect(started).toMatchObject({ workers: 2, pid: server.child.pid });
    const workerPids = new Set(lines().filter((l) => l.msg === 'Tipjar started' && l.role === undefined).map((l) => l.pid));
    expect(workerPids.size).toBe(2);
    expect(workerPids.has(server.child.pid!)).toBe(false);

    // Connections are dealt to the workers in turn: parallel clients reach both.
    const outcomes = await Promise.all(senders.map((from) => sendOverHttp(base, from, receiver, 1)));
    expect(outcomes.map((o) => o.status)).toEqual(senders.map(() => 201));
    const answeredBy = new Set(lines().filter((l) => l.msg === 'incoming request' && l.req?.url?.includes('/payment/send/')).map((l) => l.pid));
    expect(answeredBy).toEqual(workerPids);

    // A retry reaching the other worker replays (the key is in the database, not in a process).
    const key = randomUUID();
    const retries = await Promise.all(senders.slice(0, 4).map(() => sendOverHttp(base, senders[0]!, receiver, 1, key)));
    expect(new Set(retries.map((r) => r.paymentId)).size).toBe(1);

    const scraped = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const succeeded = Number(/tipjar_money_operations_total\{operation="sendPayment",outcome="succeeded"\} (\d+)/.exec(scraped)?.[1]);
    const replayed = Number(/tipjar_money_operations_total\{operation="sendPayment",outcome="replayed"\} (\d+)/.exec(scraped)?.[1]);
    expect(succeeded).toBe(senders.length + 1);
    expect(replayed).toBe(3);
    // The shared queue is read once, not once per worker.
    expect(scraped).toMatch(/tipjar_job_queue_depth\{state="due"\} 0\b/);
  });

  it('on SIGTERM under load every worker finishes what it acknowledged, and the primary exits 0', { timeout: 120_000 }, async () => {
    const outcomes: SendOutcome[] = [];
    let stop = false;
    const loops = senders.map(async (from) => {
      while (!stop) {
        const outcome = await sendOverHttp(base, from, receiver, 1);
        outcomes.push(outcome);
        if (outcome.status === 'network-error') await new Promise((r) => setTimeout(r, 20));
      }
    });
    while (outcomes.filter((o) => o.status === 201).length < 30) await new Promise((r) => setTimeout(r, 20));
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    stop = true;
    await Promise.all(loops);

    for (const status of new Set(outcomes.map((o) => o.status))) expect([201, 503, 'network-error']).toContain(status);
    expect(lines().filter((l) => l.msg === 'stopped').map((l) => l.role ?? 'worker').sort()).toEqual(['primary', 'worker', 'worker']);
    const acknowledged = outcomes.filter((o) => o.status === 201).map((o) => o.paymentId!);
    const rows = await fresh.database.rows<{ id: string; status: string }>(sql`SELECT id, status FROM payments`);
    const stored = new Map(rows.map((r) => [r.id, r.status]));
    for (const id of acknowledged) expect(stored.get(id), id).toBe('complete');
    expect(await auditLedger(fresh.database)).toEqual([]);
  });
});
