/**
 * npm run bench:api — sends per second through the HTTP API on PostgreSQL, next to the same transfer done directly
 * in SQL on the same database (the ceiling of this machine), and their ratio.
 *
 *   npm run bench:api -- [--seconds 15] [--connections 32] [--users 1000] [--workers N] [--pglite] [--client undici|node] [--no-ceiling]
 *
 * --workers N runs the server with WEB_CONCURRENCY=N (N processes sharing the port; PostgreSQL only); the CPU time
 * per send is then that of all of them. --client picks the HTTP client of the load (http-load.ts): undici, the
 * leaner, by default; node (node:http), the one of the figures before session 5. --no-ceiling leaves the SQL ceiling
 * out (for A/B pairs of the HTTP figure taken back to back, where the ceiling's 15 s would only widen the gap).
 *
 * PostgreSQL comes from BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test;
 * a fresh database is made for the run and dropped after. The server is the production build (dist/server),
 * started with NODE_ENV=production, as `npm start` runs it.
 */
import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { auditLedger } from '../../server/ledger/audit';
import { createUser, fundWallet, type TestUser } from '../../tests/support/money';
import { freePort, waitForServer } from '../../tests/support/server-process';
import { runLoad, type LoadResult } from './http-load';
import { sqlTransferLoad } from './sql-transfer';
import { scratchPostgres } from '../../tests/support/databases';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '15' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '32' },
    users: { type: 'string', default: '1000' },
    pglite: { type: 'boolean', default: false },
    workers: { type: 'string', default: '1' },
    client: { type: 'string', default: 'undici' },
    ceiling: { type: 'boolean', default: true },
  },
  allowNegative: true,
});
if (args.client !== 'undici' && args.client !== 'node') throw new Error('--client is undici or node');
const loadClient = args.client;
const seconds = Number(args.seconds);
const warmupSeconds = Number(args.warmup);
const connections = Number(args.connections);
const userCount = Number(args.users);
const workers = Number(args.workers);
const FUNDS_CENTS = 1_000_000;

function row(label: string, r: LoadResult): string {
  const statuses = [...r.byStatus].map(([s, n]) => `${s}×${n}`).join(' ');
  return `${label.padEnd(28)} ${r.perSecond.toFixed(0).padStart(7)}/s  p50 ${r.p50Ms.toFixed(1).padStart(6)} ms  p99 ${r.p99Ms
    .toFixed(1)
    .padStart(6)} ms  max ${r.maxMs.toFixed(0).padStart(5)} ms  (${statuses})`;
}

/** user + system CPU time of a process so far, in ms (Linux /proc; 0 elsewhere). */
function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return 0;
  }
}

/** The server's process and its cluster workers (its children), read from /proc. */
function processTree(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return [pid, ...children];
}

/**
 * The first worker answers while the others may still be starting (seconds of CPU each on a loaded machine): wait
 * until every worker exists and the idle server has stopped using CPU, so no start-up lands in the measurement.
 */
async function settled(pid: number, workers: number): Promise<void> {
  const cpu = () => processTree(pid).reduce((sum, p) => sum + cpuMsOf(p), 0);
  const deadline = Date.now() + 120_000;
  let last = cpu();
  // Three quiet seconds in a row: on a loaded machine a starting worker can be starved for one.
  let quiet = 0;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = cpu();
    quiet = now - last < 50 && (workers === 1 || processTree(pid).length >= workers + 1) ? quiet + 1 : 0;
    last = now;
    if (quiet >= 3) return;
  }
  throw new Error('the server did not settle within 120 s');
}

/**
 * PostgreSQL's own CPU time for this run: its backends connected to the bench's database (the server's pool, or the
 * SQL ceiling's clients), read from /proc like the server's. Other sessions' databases on the same PostgreSQL are
 * left out; its shared processes (WAL writer, checkpointer) too.
 */
function backendCpu(url: string) {
  // Per backend: one that exits in the window (the previous run's, closing) counts for nothing rather than negative.
  let at = new Map<number, number>();
  return {
    async start() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      await client.end();
      at = new Map(rows.map((r) => [Number(r.pid), cpuMsOf(Number(r.pid))]));
    },
    end: () => [...at].reduce((sum, [pid, start]) => sum + Math.max(0, cpuMsOf(pid) - start), 0),
  };
}

const loadAverage = () => loadavg().map((n) => n.toFixed(1)).join(' ');

async function seed(database: Database): Promise<TestUser[]> {
  const now = new Date();
  const users: TestUser[] = [];
  for (let i = 0; i < userCount; i++) {
    const user = await createUser(database, now, `bench_${i}_${randomUUID().slice(0, 6)}`);
    await fundWallet(database, user.id, FUNDS_CENTS, now);
    users.push(user);
  }
  return users;
}

function sendRequest(users: TestUser[]) {
  return () => {
    const sender = users[Math.floor(Math.random() * users.length)]!;
    let receiver = sender;
    while (receiver === sender) receiver = users[Math.floor(Math.random() * users.length)]!;
    return {
      method: 'POST' as const,
      path: `/api/app/user/${sender.id}/payment/send/`,
      headers: { authtoken: sender.token, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ receiverUserId: receiver.id, amount: '0.01', paymentMethodId: 'balance' }),
    };
  };
}

async function main() {
  if (!existsSync('dist/server/main.js')) throw new Error('dist/server/main.js is missing: run npm run build:server first');
  const onPglite = args.pglite;
  const dataDir = mkdtempSync(join(tmpdir(), 'tipjar-bench-'));
  const postgres = onPglite ? null : await scratchPostgres(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', 'tipjar_bench');
  const database = await openDatabase(postgres ? { databaseUrl: postgres.url } : { dataDir });
  await migrate(database);
  console.log(`Seeding ${userCount} users with $${FUNDS_CENTS / 100} each on ${onPglite ? 'PGlite' : 'PostgreSQL'}…`);
  const users = await seed(database);
  // PGlite is one process: the bench lets go of it before the server opens the same directory.
  if (onPglite) await database.close();

  const port = await freePort();
  const server = spawn(process.execPath, [...(process.env.BENCH_NODE_OPTIONS ?? '').split(' ').filter(Boolean), 'dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_CONCURRENCY: String(workers),
      ...(postgres ? { DATABASE_URL: postgres.url } : { DATA_DIR: dataDir, DATABASE_URL: '' }),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    // A start on a machine at a load of 20–30 took more than 30 s (docs/performance.md, session 5).
    await waitForServer(port, 120_000);
    await settled(server.pid!, workers);
    console.log(
      `HTTP (${loadClient} client): ${connections} connections, ${warmupSeconds} s warm-up, ${seconds} s measured, random pairs of ${userCount} users; ` +
        `server: ${workers === 1 ? '1 process' : `${workers} workers (WEB_CONCURRENCY) + their primary`}`,
    );
    // CPU read at the edges of the measured window: the warm-up (and the other workers' start) stays out of it.
    const cpuOfTree = () => processTree(server.pid!).reduce((sum, pid) => sum + cpuMsOf(pid), 0);
    const cpuAt = { start: 0, end: 0 };
    const postgresCpu = postgres ? backendCpu(postgres.url) : null;
    let pgStarted: Promise<void> | undefined;
    let pgMs: number | null = null;
    // The client's own CPU over the same window: it shares the cores with the server and PostgreSQL.
    const clientCpuAt = { start: 0, end: 0 };
    const clientCpuMs = () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    };
    const http = await runLoad({
      port,
      connections,
      seconds,
      warmupSeconds,
      next: sendRequest(users),
      client: loadClient,
      onWindow: (edge) => {
        cpuAt[edge] = cpuOfTree();
        clientCpuAt[edge] = clientCpuMs();
        if (edge === 'start') pgStarted = postgresCpu?.start();
        else pgMs = postgresCpu?.end() ?? null;
      },
    });
    const cpuMs = cpuAt.end - cpuAt.start;
    const tree = processTree(server.pid!);
    console.log(row('POST payment/send (HTTP)', http));
    // The server's own CPU time per send: unlike sends per second, it hardly moves with the machine's load.
    console.log(
      `server CPU per send: ${(cpuMs / (http.answeredInWindow ?? http.requests)).toFixed(2)} ms over ${tree.length} process(es) (load ${loadAverage()})`,
    );
    await pgStarted;
    const answered = http.answeredInWindow ?? http.requests;
    console.log(
      `bench client CPU per send: ${((clientCpuAt.end - clientCpuAt.start) / answered).toFixed(2)} ms` +
        (pgMs === null ? '' : `; PostgreSQL backends' CPU per send: ${(pgMs / answered).toFixed(2)} ms`),
    );
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));

    let ceiling: LoadResult | null = null;
    if (postgres && args.ceiling) {
      const ceilingCpu = backendCpu(postgres.url);
      let ceilingStarted: Promise<void> | undefined;
      let ceilingMs = 0;
      ceiling = await sqlTransferLoad({
        url: postgres.url,
        users,
        connections,
        seconds,
        warmupSeconds,
        onWindow: (edge) => (edge === 'start' ? (ceilingStarted = ceilingCpu.start()) : (ceilingMs = ceilingCpu.end())),
      });
      await ceilingStarted;
      console.log(row('same transfer in SQL', ceiling));
      console.log(`PostgreSQL backends' CPU per transfer: ${(ceilingMs / (ceiling.answeredInWindow ?? ceiling.requests)).toFixed(2)} ms`);
      console.log(`HTTP / SQL ceiling: ${((http.perSecond / ceiling.perSecond) * 100).toFixed(0)}%`);
    }

    const check = onPglite ? await openDatabase({ dataDir }) : database;
    await migrate(check);
    const audit = await auditLedger(check);
    console.log(`ledger after the run: ${JSON.stringify(audit)}`);
    if (onPglite) await check.close();
  } finally {
    if (server.exitCode === null) server.kill('SIGKILL');
    if (!onPglite) await database.close();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
