import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { auditLedger } from '../../server/ledger/audit';
import { databaseKinds } from './databases';
import { balanceProblems } from './load-run';
import { checkAcknowledged, FUNDING_CENTS, seedAccounts, setUpCreators, Workload, type Account } from './load-workload';
import { startServerProcess, type ServerProcess } from './server-process';

/**
 * The crash test: the mixed workload of the load test (tests/support/load-workload.ts: sends, requests, pay, cancel,
 * price-point holds, claims and declines, card and USDT deposits, withdrawals and their cancellation) against the
 * real server process, killed with SIGKILL at a random moment, again and again. Each acknowledged id is logged by
 * the client (a JSON line in a file). While the server is down, its database is opened directly and checked: every
 * acknowledged payment, deposit and withdrawal is there and every final status an answer announced still stands;
 * no entry is half-written; the balances hold (sum zero, no negative wallet, escrow = open holds, money inside =
 * funding + deposits − withdrawals); the ledger audit passes. Calls whose answer was lost in the crash are replayed
 * with the same Idempotency-Key after the restart. Restart time is measured from spawn to the first answer, of the
 * built server as `npm start` runs it (build it first: `npm run build:server`).
 */
export interface CrashOptions {
  database: 'pglite' | 'postgres';
  kills: number;
  clients?: number;
  users?: number;
  /** The longest random wait (ms) between the start of the workload and the kill. */
  maxRunMs?: number;
  log?: (line: string) => void;
  /** The client's log of acknowledged sends (one JSON line each); a temp file when left out. */
  ackLog?: string;
}

interface CrashCycle {
  restartMs: number;
  /** CPU time the process used to get ready: the same figure on a quiet or a crowded machine. */
  restartCpuMs: number;
  /** Operations answered 2xx between this start and the kill. */
  acknowledged: number;
  lostAnswers: number;
  retriedOk: number;
  problems: string[];
}

export interface CrashReport {
  database: string;
  cycles: CrashCycle[];
  /** Payments the clients saw acknowledged. */
  acknowledged: number;
  /** Lost answers of calls that carry no Idempotency-Key and may have made a payment (a request): not replayable. */
  unkeyedLost: number;
  paymentsInDatabase: number;
  problems: string[];
  maxRestartMs: number;
  maxRestartCpuMs: number;
}

async function waitReady(server: ServerProcess, timeoutMs = 120_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/api/app/version`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`server did not answer within ${timeoutMs} ms: ${server.output()}`);
}

/** User + system CPU time of a live process so far (Linux /proc; clock ticks are 100 per second there). */
function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** Statements with a uuid[] parameter, run on either driver (the ids are UUIDs the server gave, bound as one text). */
function queryOf(database: Database) {
  return async <T>(text: string, ids: string[] = []): Promise<T[]> => {
    const [before, after = ''] = text.split('$1');
    return database.rows<T>(text.includes('$1') ? sql`${sql.raw(before!)}${`{${ids.join(',')}}`}${sql.raw(after)}` : sql.raw(text));
  };
}

/** Every check of the database while the server is down; returns what is wrong. */
async function verify(database: Database, workload: Workload, seededCents: number, mayBeUnacknowledged: number): Promise<string[]> {
  const query = queryOf(database);
  const problems = [...(await auditLedger(database))];
  problems.push(...(await checkAcknowledged(workload, query)));
  problems.push(...(await balanceProblems(query, seededCents, 'balances')).problems);
  const thin = await query<{ id: string }>(
    'SELECT e.id FROM journal_entries e LEFT JOIN postings p ON p.entry_id = e.id GROUP BY e.id HAVING count(p.id) < 2',
  );
  for (const r of thin) problems.push(`entry ${r.id} has fewer than two postings`);
  // No payment the clients never made: at most the acknowledged ones plus those whose answer a crash swallowed.
  const [count] = await query<{ n: string }>('SELECT count(*)::text AS n FROM payments');
  const unexplained = Number(count!.n) - workload.acknowledged.payments.size;
  if (unexplained > mayBeUnacknowledged) problems.push(`${unexplained} payments nobody acknowledged, but only ${mayBeUnacknowledged} answers were lost`);
  return problems;
}

export async function runCrashTest(options: CrashOptions): Promise<CrashReport> {
  const log = options.log ?? (() => {});
  const clients = options.clients ?? 8;
  const ackLog = options.ackLog ?? join(mkdtempSync(join(tmpdir(), 'reliability-crash-acks-')), 'acks.jsonl');
  writeFileSync(ackLog, '');
  const mediaDir = mkdtempSync(join(tmpdir(), 'reliability-crash-media-'));

  // The database, prepared before the first start: migrated, accounts funded with a session each.
  let dataDir: string | undefined;
  let disposePostgres: (() => Promise<void>) | undefined;
  let open: () => Promise<Database>;
  let env: Record<string, string>;
  if (options.database === 'pglite') {
    dataDir = mkdtempSync(join(tmpdir(), 'reliability-crash-pglite-'));
    open = () => openDatabase({ dataDir });
    env = { DATA_DIR: dataDir };
  } else {
    const kind = databaseKinds().find((k) => k.name === 'postgres');
    if (!kind) throw new Error('PostgreSQL needs TEST_DATABASE_URL');
    const fresh = await kind.open();
    await fresh.database.close();
    disposePostgres = async () => {
      // dispose() closes its pool again (already closed) before dropping the database: ignore that one error.
      await fresh.dispose().catch(() => {});
    };
    open = () => openDatabase({ databaseUrl: fresh.url! });
    env = { DATABASE_URL: fresh.url! };
  }
  // Jobs (captures, confirmations, payouts) every 200 ms, so that kills also land in them.
  env = { ...env, MEDIA_DIR: mediaDir, JOB_INTERVAL_MS: '200' };
  const userCount = options.users ?? 10;
  let accounts: Account[];
  {
    const database = await open();
    await migrate(database);
    accounts = await seedAccounts(database, userCount, Date.now());
    await database.close();
  }
  const seededCents = userCount * FUNDING_CENTS;
  const workload = new Workload(accounts, () => base, (kind, id) => appendFileSync(ackLog, `${JSON.stringify({ kind, id })}\n`));
  let base = '';
  let unkeyedLost = 0;
  const cycles: CrashCycle[] = [];
  const allProblems: string[] = [];
  const succeeded = () => [...workload.stats.values()].reduce((n, s) => n + [...s.outcomes].filter(([k]) => /^2\d\d$/.test(k)).reduce((m, [, c]) => m + c, 0), 0);

  // The server of the moment, so that a failure of this run never leaves it running.
  let live: ServerProcess | undefined;
  try {
    for (let cycle = 0; cycle < options.kills; cycle++) {
      const spawned = Date.now();
      const server = await startServerProcess(env, { built: true });
      live = server;
      await waitReady(server);
      const restartMs = Date.now() - spawned;
      const restartCpuMs = cpuMsOf(server.child.pid!);
      base = `http://127.0.0.1:${server.port}`;
      if (cycle === 0) await setUpCreators(base, accounts, 4);

      // Calls whose answer the last crash swallowed: the same key and body again; each must now stand once.
      const lostBefore = workload.lost.length;
      const retriedOk = await workload.replayLost();

      // The workload, until the kill.
      const before = succeeded();
      let stopped = false;
      const client = async () => {
        while (!stopped) await workload.step();
      };
      const workers = Array.from({ length: clients }, client);
      await new Promise((r) => setTimeout(r, 200 + Math.random() * ((options.maxRunMs ?? 3_000) - 200)));
      workload.outage = true;
      server.child.kill('SIGKILL');
      stopped = true;
      await server.exited;
      await Promise.all(workers);
      workload.outage = false;
      const lost = workload.lost.length;
      unkeyedLost += workload.lost.filter((l) => !l.replay && l.createsPayment).length;

      const database = await open();
      let problems: string[];
      try {
        problems = await verify(database, workload, seededCents, unkeyedLost + workload.lost.filter((l) => l.createsPayment && l.replay).length);
      } finally {
        await database.close();
      }
      allProblems.push(...problems.map((p) => `after kill ${cycle + 1}: ${p}`));
      cycles.push({ restartMs, restartCpuMs, acknowledged: succeeded() - before, lostAnswers: lost, retriedOk, problems });
      log(`kill ${cycle + 1}/${options.kills}: started in ${restartMs} ms (${restartCpuMs} ms CPU), ${succeeded() - before} operations acknowledged, ${lost} answers lost, ${retriedOk} of ${lostBefore} replayed; ${problems.length ? problems.join('; ') : 'all present, ledger sound'}`);
    }

    // The last crash's lost answers, replayed once more on a final start, then one last check.
    const server = await startServerProcess(env, { built: true });
    live = server;
    await waitReady(server);
    base = `http://127.0.0.1:${server.port}`;
    await workload.replayLost();
    server.child.kill('SIGTERM');
    await server.exited;
    allProblems.push(...workload.problems.map((p) => `workload: ${p}`));
    const database = await open();
    let count = 0;
    try {
      allProblems.push(...(await verify(database, workload, seededCents, unkeyedLost)).map((p) => `at the end: ${p}`));
      const [row] = await database.rows<{ n: string }>(sql`SELECT count(*) AS n FROM payments`);
      count = Number(row?.n);
    } finally {
      await database.close();
    }
    return {
      database: options.database,
      cycles,
      acknowledged: workload.acknowledged.payments.size,
      unkeyedLost,
      paymentsInDatabase: count,
      problems: allProblems,
      // The first start is a cold start; every later one follows a kill -9.
      maxRestartMs: Math.max(...(cycles.length > 1 ? cycles.slice(1) : cycles).map((c) => c.restartMs)),
      maxRestartCpuMs: Math.max(...(cycles.length > 1 ? cycles.slice(1) : cycles).map((c) => c.restartCpuMs)),
    };
  } finally {
    if (live && live.child.exitCode === null && live.child.signalCode === null) {
      live.child.kill('SIGKILL');
      await live.exited;
    }
    await disposePostgres?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    rmSync(mediaDir, { recursive: true, force: true });
  }
}
