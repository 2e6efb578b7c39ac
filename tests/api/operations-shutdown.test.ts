import { afterEach, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { auditLedger } from '../../server/ledger/audit';
import { createUser, fundWallet, type TestUser } from '../support/money';
import { freePort, startServerProcess, waitForServer } from '../support/server-process';
import { sendOverHttp, type SendOutcome } from '../support/load';

describe('graceful shutdown of a server process (PGlite)', () => {
  const running: ChildProcess[] = [];
  afterEach(() => running.forEach((c) => c.exitCode === null && c.kill('SIGKILL')));

  it('on SIGTERM under load it finishes what it acknowledged, exits 0 within 10 s, and loses nothing; metrics only on METRICS_PORT', { timeout: 180_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tipjar-operations-shutdown-'));
    // Seed before the server owns the directory (PGlite is one process): senders funded through the ledger.
    const seed = await openDatabase({ dataDir });
    await migrate(seed);
    const now = new Date();
    const receiver = await createUser(seed, now);
    const senders: TestUser[] = [];
    for (let i = 0; i < 6; i++) {
      const u = await createUser(seed, now);
      await fundWallet(seed, u.id, 1_000_00, now);
      senders.push(u);
    }
    await seed.close();

    const metricsPort = await freePort();
    const server = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'info', METRICS_PORT: String(metricsPort) });
    running.push(server.child);
    await waitForServer(server.port, 90_000);
    const base = `http://127.0.0.1:${server.port}`;

    // Metrics: on their own port; the public origin has none (its /metrics is just the web app's deep link).
    const scraped = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(scraped).toContain('tipjar_http_requests_total{method="GET",route="/api/app/version",status="200"}');
    expect(scraped).toContain('tipjar_db_pool_connections');
    const publicMetrics = await fetch(`${base}/metrics`);
    expect(await publicMetrics.text()).not.toContain('tipjar_');
    expect((await fetch(`${base}/api/metrics`)).status).toBe(404);

    // Load: every sender sends 1 cent after 1 cent, on keep-alive connections, until the server is gone.
    const outcomes: SendOutcome[] = [];
    let stop = false;
    let inFlight = 0;
    const loops = senders.map(async (from) => {
      while (!stop) {
        inFlight++;
        const outcome = await sendOverHttp(base, from, receiver, 1);
        inFlight--;
        outcomes.push(outcome);
        if (outcome.status === 'network-error') await new Promise((r) => setTimeout(r, 20));
      }
    });
    while (outcomes.filter((o) => o.status === 201).length < 30) await new Promise((r) => setTimeout(r, 20));

    const inFlightAtSignal = inFlight;
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const code = await server.exited;
    const tookMs = Date.now() - signalledAt;
    // Give the clients a moment to see the refusals, then stop them.
    await new Promise((r) => setTimeout(r, 200));
    stop = true;
    await Promise.all(loops);

    // Within the 10 s deadline by the server's own timer (main.ts logs it and exits 1 when it passes). The test's
    // wall clock, which adds the process's exit on a loaded machine, is printed, not asserted.
    console.log(`[shutdown] exited ${tookMs} ms after SIGTERM`);
    expect(code).toBe(0);
    expect(inFlightAtSignal).toBeGreaterThan(0);
    const lines = server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg: string; signal?: string });
    expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(['shutting down: no new requests; finishing those in flight and the current job', 'stopped']));
    expect(lines.map((l) => l.msg)).not.toContain('shutdown deadline passed: exiting with work unfinished');
    // Every answer is a success or a clean refusal to start new work (503 while closing, or no connection).
    const statuses = new Set(outcomes.map((o) => o.status));
    for (const status of statuses) expect([201, 503, 'network-error']).toContain(status);
    // Requests answered before the signal all succeeded. (Not "started before": a request the client wrote just before
    // the signal can reach the server after it, and a 503 for it is the clean refusal above — seen in CI under load.)
    expect(outcomes.filter((o) => o.answeredAt < signalledAt && o.status !== 201)).toEqual([]);

    // Nothing acknowledged is lost: each 201's payment is in the database, complete, and the books balance.
    const after = await openDatabase({ dataDir });
    try {
      const acknowledged = outcomes.filter((o) => o.status === 201).map((o) => o.paymentId!);
      expect(acknowledged.length).toBeGreaterThanOrEqual(30);
      const rows = await after.rows<{ id: string; status: string }>(sql`SELECT id, status FROM payments`);
      const stored = new Map(rows.map((r) => [r.id, r.status]));
      for (const id of acknowledged) expect(stored.get(id), id).toBe('complete');
      // A request cut off before its answer may have committed or not — but nothing else exists.
      expect(rows.length).toBeLessThanOrEqual(outcomes.length);
      expect(await auditLedger(after)).toEqual([]);
      const [received] = await after.rows<{ balance: string }>(
        sql`SELECT balance_cents AS balance FROM ledger_accounts WHERE kind = 'user_wallet' AND user_id = ${receiver.id}`,
      );
      expect(Number(received!.balance)).toBe(rows.length);
    } finally {
      await after.close();
    }
  });
});
