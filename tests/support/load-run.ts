import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { CARD_HOLD_HOURS } from '../../domain/limits';
import { percentile } from '../../scripts/bench/http-load';
import { startServerProcess, waitForServer, type ServerProcess } from './server-process';
import { call, checkAcknowledged, FUNDING_CENTS, seedAccounts, setUpCreators, Workload, type OpFigures } from './load-workload';

;

/**
 * The load test (`npm run load`): clients send mixed traffic through the HTTP API of the built server process on
 * PostgreSQL — sends, requests, paying and cancelling them, price-point holds, their claim, decline and expiry, card
 * and USDT deposits, withdrawals and their cancellation, wallet reads — while a reader takes a consistent snapshot
 * (REPEATABLE READ) of every balance every 50 ms. Each snapshot and the end state must show the money conserved and
 * no wallet below zero; every answer the clients got must stand in the database at the end; and the ledger audit
 * (`npm run audit -- ledger`, the CLI process) must pass afterwards.
 *
 * Hold expiry needs 72 hours: a timekeeper moves the server's test clock (POST /api/dev/clock) past them a few
 * times per level, so expiries race the claims. Sessions end after 12 hours, so each account gets one session per
 * clock epoch, issued at that epoch's time (valid from now until 30 minutes into its epoch); clients switch to the
 * next one before a jump and the jump waits until no request with the old one is still out.
 */
interface LoadLevel {
  name: string;
  accounts: number;
}

export interface LoadOptions {
  /** A fresh, empty PostgreSQL database of this run (migrated here). */
  databaseUrl: string;
  levels: LoadLevel[];
  seconds: number;
  clients: number;
  snapshotEveryMs?: number;
  /** Clock jumps past the 72-hour hold expiry per level. */
  clockJumps?: number;
  log?: (line: string) => void;
}

export interface LevelReport {
  name: string;
  accounts: number;
  seconds: number;
  clients: number;
  requests: number;
  perSecond: number;
  ops: OpFigures[];
  snapshots: number;
  snapshotP99Ms: number;
  clockJumps: number;
  /** Σ wallets + escrow at the end, and what was put in minus what was taken out. */
  endInside: number;
  problems: string[];
}

export interface LoadReport {
  levels: LevelReport[];
  auditExit: number | null;
  auditOutput: string;
  problems: string[];
}

const JUMP_MS = CARD_HOLD_HOURS * 3_600_000 + 5 * 60_000;

/**
 * The invariants of one consistent view of the balances (run it inside one REPEATABLE READ transaction, or on a
 * database nobody writes to): all balances sum to zero, no wallet below zero, escrow equals the open balance holds,
 * and the money inside (wallets and escrow) is what was funded plus deposits credited minus withdrawals not given
 * back. `query` runs one statement (pg or PGlite). Returns the problems and the money inside.
 */
export async function balanceProblems(
  query: <T>(text: string) => Promise<T[]>,
  seededCents: number,
  label: string,
): Promise<{ problems: string[]; inside: number }> {
  const problems: string[] = [];
  const kinds = await query<{ kind: string; total: string; lowest: string }>(
    'SELECT kind, sum(balance_cents)::text AS total, min(balance_cents)::text AS lowest FROM ledger_accounts GROUP BY kind',
  );
  const [flows] = await query<{ held: string; deposited: string; withdrawn: string }>(`
    SELECT (SELECT coalesce(sum(amount_cents), 0) FROM holds WHERE status = 'open' AND source = 'balance')::text AS held,
           (SELECT coalesce(sum(amount_cents), 0) FROM deposits WHERE status = 'complete')::text AS deposited,
           (SELECT coalesce(sum(amount_cents), 0) FROM withdrawals WHERE status IN ('created', 'processing', 'complete'))::text AS withdrawn`);
  const by = new Map(kinds.map((k) => [k.kind, k]));
  const total = kinds.reduce((n, k) => n + Number(k.total), 0);
  if (total !== 0) problems.push(`${label}: all balances sum to ${total}, not 0`);
  const wallets = by.get('user_wallet');
  if (wallets && Number(wallets.lowest) < 0) problems.push(`${label}: a wallet stands at ${wallets.lowest}`);
  const escrow = Number(by.get('escrow')?.total ?? 0);
  if (escrow !== Number(flows!.held)) problems.push(`${label}: escrow holds ${escrow} but open balance holds are ${flows!.held}`);
  const inside = Number(wallets?.total ?? 0) + escrow;
  const expected = seededCents + Number(flows!.deposited) - Number(flows!.withdrawn);
  if (inside !== expected) problems.push(`${label}: wallets and escrow hold ${inside}, funding + deposits − withdrawals is ${expected}`);
  return { problems, inside };
}

class Snapshotter {
  readonly problems: string[] = [];
  durations: number[] = [];
  constructor(
    readonly client: pg.Client,
    private readonly seededCents: () => number,
  ) {}

  /** One consistent view of every balance (REPEATABLE READ, read only); returns Σ wallets + escrow. */
  async take(label: string): Promise<number> {
    const started = performance.now();
    await this.client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    try {
      const { problems, inside } = await balanceProblems(async (text) => (await this.client.query(text)).rows, this.seededCents(), label);
      await this.client.query('COMMIT');
      this.problems.push(...problems);
      return inside;
    } catch (error) {
      await this.client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      this.durations.push(performance.now() - started);
    }
  }
}

export async function runLoadTest(options: LoadOptions): Promise<LoadReport> {
  const log = options.log ?? (() => {});
  const snapshotEveryMs = options.snapshotEveryMs ?? 50;
  const clockJumps = options.clockJumps ?? 2;
  const database: Database = await openDatabase({ databaseUrl: options.databaseUrl, poolSize: 4 });
  await migrate(database);
  const reader = new pg.Client({ connectionString: options.databaseUrl });
  await reader.connect();
  let seeded = 0;
  const snapshots = new Snapshotter(reader, () => seeded);
  let server: ServerProcess | undefined;
  const report: LoadReport = { levels: [], auditExit: null, auditOutput: '', problems: [] };
  try {
    server = await startServerProcess(
      // Jobs (captures, confirmations, payouts, hold expiries) run every 100 ms so that they happen during the run.
      { DATABASE_URL: options.databaseUrl, JOB_INTERVAL_MS: '100', DB_POOL_SIZE: '10' },
      { built: true },
    );
    await waitForServer(server.port, 120_000);
    const base = `http://127.0.0.1:${server.port}`;
    for (const level of options.levels) {
      const levelReport = await runLevel({ ...options, snapshotEveryMs, clockJumps, log }, level, base, database, snapshots, (cents) => (seeded += cents));
      report.levels.push(levelReport);
      report.problems.push(...levelReport.problems.map((p) => `${level.name}: ${p}`));
    }
    // The ledger audit as an operator runs it (`npm run audit -- ledger` is this CLI after build:server).
    const audit = spawnSync(process.execPath, ['dist/server/cli/audit.js', 'ledger'], {
      env: { ...process.env, DATABASE_URL: options.databaseUrl, NODE_ENV: 'development' },
      encoding: 'utf8',
    });
    report.auditExit = audit.status;
    report.auditOutput = `${audit.stdout}${audit.stderr}`.trim();
    if (audit.status !== 0) report.problems.push(`npm run audit -- ledger exited ${audit.status}: ${report.auditOutput}`);
    log(`audit: ${report.auditOutput.split('\n').join(' / ')}`);
    return report;
  } finally {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await reader.end().catch(() => {});
    await database.close();
  }
}

interface RunContext extends LoadOptions {
  snapshotEveryMs: number;
  clockJumps: number;
  log: (line: string) => void;
}

async function runLevel(
  options: RunContext,
  level: LoadLevel,
  base: string,
  database: Database,
  snapshots: Snapshotter,
  addSeed: (cents: number) => void,
): Promise<LevelReport> {
  const problems: string[] = [];
  const snapshotProblemsBefore = snapshots.problems.length;
  const snapshotsBefore = snapshots.durations.length;

  // One session per clock epoch, issued at that epoch's time (the clock of the server, which earlier levels moved).
  const clock = await call(base, 'GET', '/api/dev/clock', undefined);
  const now0 = new Date(clock.body.now as string).getTime();
  const epochs = Array.from({ length: options.clockJumps + 1 }, (_, e) => now0 + e * JUMP_MS);
  const accounts = await seedAccounts(database, level.accounts, now0, epochs);
  addSeed(level.accounts * FUNDING_CENTS);
  await setUpCreators(base, accounts);
  options.log(`${level.name}: ${accounts.length} accounts funded with $${FUNDING_CENTS / 100} each, ${accounts.filter((a) => a.creator).length} creators`);

  const workload = new Workload(accounts, () => base);
  let stopped = false;
  const start = performance.now();
  const end = start + options.seconds * 1000;
  const client = async () => {
    while (performance.now() < end) await workload.step();
  };
  const readerLoop = async () => {
    let n = 0;
    while (!stopped) {
      const t0 = performance.now();
      await snapshots.take(`${level.name} snapshot ${++n}`);
      const wait = options.snapshotEveryMs - (performance.now() - t0);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  };
  // Moves the clock past every open hold's expiry at even intervals (it only spreads the jumps; nothing is timed).
  const timekeeper = async () => {
    for (let jump = 1; jump <= options.clockJumps; jump++) {
      const at = start + (options.seconds * 1000 * jump) / (options.clockJumps + 1);
      while (!stopped && performance.now() < at) await new Promise((r) => setTimeout(r, 20));
      if (stopped) return;
      const old = workload.epoch;
      workload.epoch = jump; // new calls use the next session, valid on both sides of the jump
      while ((workload.inflight.get(old) ?? 0) > 0) await new Promise((r) => setTimeout(r, 2));
      const moved = await call(base, 'POST', '/api/dev/clock', undefined, { advanceMs: JUMP_MS });
      if (moved.status !== 200) problems.push(`clock jump answered ${moved.status}`);
    }
  };

  const readerDone = readerLoop();
  const timeDone = timekeeper();
  await Promise.all(Array.from({ length: options.clients }, client));
  const elapsed = (performance.now() - start) / 1000;
  stopped = true;
  await Promise.all([readerDone, timeDone]);

  // The end state: one more snapshot, and every acknowledged answer standing in the database.
  const endInside = await snapshots.take(`${level.name} end state`);
  problems.push(...workload.problems);
  problems.push(...(await checkAcknowledged(workload, async (text, ids) => (await snapshots.client.query(text, [ids])).rows)));
  const ops = workload.figures(elapsed);
  const requests = ops.reduce((n, o) => n + o.count, 0);
  const durations = snapshots.durations.slice(snapshotsBefore).sort((x, y) => x - y);
  problems.push(...snapshots.problems.slice(snapshotProblemsBefore));
  return {
    name: level.name,
    accounts: level.accounts,
    seconds: elapsed,
    clients: options.clients,
    requests,
    perSecond: requests / elapsed,
    ops,
    snapshots: durations.length,
    snapshotP99Ms: percentile(durations, 99),
    clockJumps: workload.epoch,
    endInside,
    problems,
  };
}
