import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLoadTest, type LoadReport } from '../support/load-run';
import { databaseKinds } from '../support/databases';
import { startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres';

/**
 * The fast load test (npm run load runs 16 clients for 30 s at each level): 4 clients for 5 s of mixed traffic
 * through the built server's HTTP API at both contention levels, on PostgreSQL — TEST_DATABASE_URL's server when
 * set, else a private one (the load's snapshot reader needs a second connection, which PGlite cannot give while the
 * server process holds its directory). Every snapshot and the end state must hold the invariants, every answer
 * stand in the database, and the audit CLI pass.
 */
describe('mixed load with a balance snapshot every 50 ms', () => {
  let url: string;
  let dispose: () => Promise<void>;
  let privatePg: PrivatePostgres | undefined;

  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'ignore' });
    const shared = databaseKinds().find((k) => k.name === 'postgres');
    if (shared) {
      const fresh = await shared.open();
      await fresh.database.close();
      url = fresh.url!;
      // dispose() closes the pool again (already closed) before dropping the database: that one error is expected.
      dispose = () => fresh.dispose().catch(() => {});
    } else {
      privatePg = await startPrivatePostgres();
      url = privatePg.url;
      dispose = async () => privatePg?.destroy();
    }
  }, 120_000);
  afterAll(async () => dispose?.());

  it('5 s × 4 clients at 100 accounts and at 10 hot accounts: invariants in every snapshot, answers stand, audit passes', { timeout: 180_000 }, async () => {
    const report: LoadReport = await runLoadTest({
      databaseUrl: url,
      seconds: 5,
      clients: 4,
      clockJumps: 2,
      levels: [
        { name: '100 accounts', accounts: 100 },
        { name: '10 hot accounts', accounts: 10 },
      ],
      log: (line) => console.log(`[load] ${line}`),
    });
    for (const level of report.levels) {
      console.log(`[load] ${level.name}: ${level.requests} requests, ${level.perSecond.toFixed(0)}/s, ${level.snapshots} snapshots; ${level.ops.map((o) => `${o.op} ${o.count} p50 ${o.p50Ms.toFixed(0)} p99 ${o.p99Ms.toFixed(0)} ms`).join('; ')}`);
    }
    expect(report.problems).toEqual([]);
    expect(report.auditExit).toBe(0);
    for (const level of report.levels) {
      expect(level.snapshots).toBeGreaterThan(1);
      expect(level.clockJumps).toBe(2);
    }
    // The load did what it says: money moved every way the mix names (summed over both levels).
    const succeeded = (op: string) =>
      report.levels.flatMap((l) => l.ops.filter((o) => o.op === op)).reduce((n, o) => n + Object.entries(o.outcomes).filter(([k]) => /^20\d$/.test(k)).reduce((m, [, c]) => m + c, 0), 0);
    for (const op of ['send', 'request', 'pay', 'hold', 'claim', 'withdraw', 'wallet']) expect(succeeded(op), op).toBeGreaterThan(0);
    expect(succeeded('cardDeposit') + succeeded('usdtDeposit')).toBeGreaterThan(0);
  });
});
