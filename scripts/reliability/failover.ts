/**
 * npm run failover [-- --kills 3 --clients 4 --accounts 10 --steady-seconds 8 --client-timeout-ms 10000]: PostgreSQL
 * losing its primary under the send workload (docs/reliability.md "Failover").
 *
 * Builds on this machine a Patroni cluster (patroni-cluster.ts: etcd, a primary and a synchronous standby, HAProxy
 * routing to the primary), starts two instances of the built server whose DATABASE_URL goes through HAProxy, and runs
 * clients that send money and retry a send with the same Idempotency-Key until it is answered. Meanwhile the primary's
 * postmaster gets `kill -9`, `--kills` times; between kills the cluster heals (the standby promoted, the old primary
 * rewound and back as the synchronous standby). Prints, and fails (exit 1) on a breach of the musts:
 *   - acknowledged payments lost (must be 0), duplicate payments (must be 0), the ledger audit (must be clean);
 *   - what clients saw: only 2xx, 422 insufficient_funds, or 503 problem+json with Retry-After — never a 500, a
 *     dropped connection, or a request still unanswered at the client timeout;
 *   - seconds without successful writes per failover (goal ≤ 15 s; over it is reported, and fails the run too).
 * Everything it started is stopped at the end, on failure and on Ctrl-C too.
 *
 * Needs the Debian packages patroni, etcd-server, haproxy and PostgreSQL 15 (`.ci/run --failover` installs them).
 * Ports (loopback): PostgreSQL 5541-5542, Patroni REST 8101-8102, etcd 2479/2480, HAProxy 5550 (stats 8404), app
 * 3301-3302.
 */
import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { centsText, FUNDING_CENTS, seedAccounts, type Account } from '../../tests/support/load-workload';
import { startServerProcess, waitForServer, type ServerProcess } from '../../tests/support/server-process';
import { missingTools, startPatroniCluster, waitFor, type PatroniCluster } from './patroni-cluster';

const { values } = parseArgs({
  options: {
    kills: { type: 'string', default: '3' },
    clients: { type: 'string', default: '4' },
    accounts: { type: 'string', default: '10' },
    'steady-seconds': { type: 'string', default: '8' },
    'client-timeout-ms': { type: 'string', default: '10000' },
  },
});
const KILLS = Number(values.kills);
const CLIENTS = Number(values.clients);
const STEADY_MS = Number(values['steady-seconds']) * 1000;
const CLIENT_TIMEOUT_MS = Number(values['client-timeout-ms']);
const WRITELESS_GOAL_S = 15;
/** A client waits this long before retrying a 503: short, so the gap measured is the cluster's, not the advice's. */
const RETRY_DELAY_MS = 250;
const PORTS = { pg: [5541, 5542], rest: [8101, 8102], etcdClient: 2479, etcdPeer: 2480, haproxy: 5550, haproxyStats: 8404 };
const APP_PORTS = [3301, 3302];
const DATABASE = 'tipjar_fo';

const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 23)}] ${line}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One answer a client got (or did not): when it was asked and answered, and what it was. */
interface Attempt {
  start: number;
  end: number;
  instance: number;
  /** '201', '422 insufficient_funds', '503', '500', 'network error', 'timeout', … */
  outcome: string;
  problem?: string;
}

interface Failover {
  killed: string;
  pid: number;
  killAt: number;
  newPrimary: string;
  newPrimaryMs: number;
  /** From the kill to the first send, asked after the kill, that was acknowledged. */
  writelessMs: number;
  rejoinedMs: number;
  healedAt: number;
}

const attempts: Attempt[] = [];
const acknowledged = new Map<string, string>(); // Idempotency-Key → payment id
const problems: string[] = [];
let logicalSends = 0;
/** Set when the run fails: clients stop at once instead of retrying against a cluster that will not come back. */
let abandon = false;
let refusedSends = 0;

async function attempt(base: string, instance: number, who: Account, body: unknown, key: string): Promise<Attempt & { paymentId?: string; retry: boolean }> {
  const start = Date.now();
  try {
    const res = await fetch(`${base}/api/app/user/${who.id}/payment/send/?lang=en`, {
      method: 'POST',
      headers: { authtoken: who.tokens[0]!, 'idempotency-key': key, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
    });
    const text = await res.text();
    const end = Date.now();
    let json: any;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (res.status === 201) return { start, end, instance, outcome: '201', paymentId: json?.data?.[0]?.payment_id, retry: false };
    if (res.status === 422 && json?.code === 'insufficient_funds') return { start, end, instance, outcome: '422 insufficient_funds', retry: false };
    if (res.status === 503) {
      const type = res.headers.get('content-type') ?? '';
      const retryAfter = res.headers.get('retry-after');
      const wrong = !type.includes('application/problem+json')
        ? `content-type ${type}`
        : json?.code !== 'service_unavailable' || !json?.detail
          ? `body ${text.slice(0, 120)}`
          : !retryAfter || !/^\d+$/.test(retryAfter)
            ? 'no Retry-After'
            : undefined;
      return { start, end, instance, outcome: '503', problem: wrong && `503 with ${wrong}`, retry: true };
    }
    return { start, end, instance, outcome: `${res.status}${json?.code ? ` ${json.code}` : ''}`, problem: `answered ${res.status}: ${text.slice(0, 160)}`, retry: true };
  } catch (error) {
    const end = Date.now();
    const timedOut = (error as Error).name === 'TimeoutError';
    return { start, end, instance, outcome: timedOut ? 'timeout' : 'network error', problem: timedOut ? `no answer within ${CLIENT_TIMEOUT_MS} ms` : `connection failed: ${(error as Error).message}`, retry: true };
  }
}

/** One send, retried with the same key and body (on either instance) until it is answered 201 or refused 422. */
async function logicalSend(client: number, accounts: Account[], bases: string[]): Promise<void> {
  const a = accounts[Math.floor(Math.random() * accounts.length)]!;
  let b = a;
  while (b === a) b = accounts[Math.floor(Math.random() * accounts.length)]!;
  const body = { receiverUserId: b.id, amount: centsText(1 + Math.floor(Math.random() * 500)), paymentMethodId: 'balance' };
  const key = randomUUID();
  logicalSends++;
  for (let n = 0; !abandon; n++) {
    const instance = (client + n) % bases.length;
    const result = await attempt(bases[instance]!, instance, a, body, key);
    attempts.push({ start: result.start, end: result.end, instance, outcome: result.outcome, problem: result.problem });
    if (result.problem && problems.length < 40) problems.push(`client ${client}, key ${key}: ${result.problem}`);
    if (result.outcome === '201') {
      const before = acknowledged.get(key);
      if (!result.paymentId) problems.push(`key ${key}: 201 without a payment id`);
      else if (before && before !== result.paymentId) problems.push(`key ${key}: answered payment ${before}, then ${result.paymentId}`);
      else acknowledged.set(key, result.paymentId);
      return;
    }
    if (!result.retry) {
      refusedSends++;
      return;
    }
    if (n > 600) {
      problems.push(`key ${key}: still unanswered after ${n} attempts`);
      return;
    }
    await sleep(RETRY_DELAY_MS);
  }
}

function counts(list: Attempt[]): string {
  const by = new Map<string, number>();
  for (const a of list) by.set(a.outcome, (by.get(a.outcome) ?? 0) + 1);
  return [...by].sort((x, y) => y[1] - x[1]).map(([k, n]) => `${k} × ${n}`).join(', ') || 'none';
}

function runAudit(url: string): Promise<{ exit: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['dist/server/cli/audit.js', 'ledger'], { env: { ...process.env, DATABASE_URL: url }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (exit) => resolve({ exit, output: output.trim() }));
  });
}

let cluster: PatroniCluster | undefined;
const servers: ServerProcess[] = [];
let mediaDir: string | undefined;
let cleaned: Promise<void> | undefined;
function cleanUp(): Promise<void> {
  cleaned ??= (async () => {
    for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGTERM');
    await Promise.race([Promise.all(servers.map((s) => s.exited)), sleep(12_000)]);
    for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
    await cluster?.stop();
    if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
  })();
  return cleaned;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping everything this run started`);
    void cleanUp().finally(() => process.exit(130));
  });
}

async function main(): Promise<boolean> {
  const missing = missingTools();
  if (missing.length) {
    console.error(`missing: ${missing.join(', ')} — apt-get install patroni etcd-server haproxy postgresql-15 (or run .ci/run --failover)`);
    return false;
  }
  log(`building the cluster: etcd, 2 Patroni nodes (synchronous_mode), HAProxy`);
  cluster = await startPatroniCluster({ ports: PORTS, log });
  const url = cluster.url(DATABASE);
  let accounts: Account[];
  {
    const admin = new pg.Client({ connectionString: cluster.url('postgres') });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${DATABASE}`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
    await migrate(database);
    accounts = await seedAccounts(database, Number(values.accounts), Date.now());
    await database.close();
  }
  log(`database ${DATABASE} migrated, ${accounts.length} accounts funded with ${centsText(FUNDING_CENTS)} each`);

  mediaDir = mkdtempSync(join(tmpdir(), 'tipjar-failover-media-'));
  for (const port of APP_PORTS) {
    // One after the other: the first applies the migrations (already applied here), the second finds them done.
    const server = await startServerProcess({ DATABASE_URL: url, MEDIA_DIR: mediaDir, DB_POOL_SIZE: '5', JOB_INTERVAL_MS: '1000' }, { built: true, port });
    servers.push(server);
    await waitForServer(port, 60_000).catch((e) => {
      throw new Error(`${(e as Error).message}\n${server.output()}`);
    });
  }
  const bases = APP_PORTS.map((p) => `http://127.0.0.1:${p}`);
  log(`app instances on ${APP_PORTS.join(', ')}, DATABASE_URL through HAProxy 127.0.0.1:${PORTS.haproxy}`);

  let stopping = false;
  const clients = Array.from({ length: CLIENTS }, async (_, i) => {
    while (!stopping) await logicalSend(i, accounts, bases);
  });
  const started = Date.now();
  await sleep(STEADY_MS);

  const failovers: Failover[] = [];
  try {
    for (let k = 1; k <= KILLS; k++) {
      const killed = await cluster.primary();
      const pid = killed && cluster.postmasterPid(killed);
      if (!killed || !pid) throw new Error('no primary to kill');
      const killAt = Date.now();
      process.kill(pid, 'SIGKILL');
      log(`kill ${k}/${KILLS}: kill -9 ${pid} (postmaster of ${killed}, the primary)`);
      let newPrimary = '';
      const newPrimaryMs = await waitFor('a new primary', async () => {
        newPrimary = (await cluster!.primary()) ?? '';
        return newPrimary !== '' && newPrimary !== killed;
      }, 60_000, 100);
      log(`  ${newPrimary} is primary after ${(newPrimaryMs / 1000).toFixed(1)} s`);
      const firstWrite = () => attempts.find((a) => a.outcome === '201' && a.start >= killAt);
      await waitFor('a write acknowledged after the kill', async () => !!firstWrite(), 60_000, 50);
      const writelessMs = firstWrite()!.end - killAt;
      log(`  first send acknowledged ${(writelessMs / 1000).toFixed(1)} s after the kill`);
      await waitFor(`${killed} back as the synchronous standby`, async () => {
        const members = await cluster!.members();
        return (await cluster!.healthy()) && members.some((m) => m.name === killed && m.role === 'sync_standby');
      }, 120_000, 200);
      const healedAt = Date.now();
      log(`  ${killed} rejoined as the synchronous standby ${((healedAt - killAt) / 1000).toFixed(1)} s after the kill`);
      failovers.push({ killed, pid, killAt, newPrimary, newPrimaryMs, writelessMs, rejoinedMs: healedAt - killAt, healedAt });
      await sleep(STEADY_MS);
    }
  } catch (error) {
    abandon = true;
    throw error;
  } finally {
    stopping = true;
    log('stopping the clients (each finishes the send it has out)');
    await Promise.all(clients);
  }
  const seconds = (Date.now() - started) / 1000;

  // The end state, read through HAProxy (the primary) and on the standby.
  const ids = [...new Set(acknowledged.values())];
  const check = new pg.Client({ connectionString: url });
  await check.connect();
  const present = await check.query<{ id: string }>('SELECT id::text FROM payments WHERE id = ANY($1::uuid[])', [ids]);
  const [{ n: total }] = (await check.query<{ n: string }>('SELECT count(*)::text AS n FROM payments')).rows as [{ n: string }];
  const [{ n: keys }] = (await check.query<{ n: string }>(`SELECT count(*)::text AS n FROM idempotency_keys WHERE response_body IS NOT NULL AND status_code = 201`)).rows as [{ n: string }];
  await check.end();
  const lost = ids.length - present.rowCount!;
  // Every send was retried until it was answered, so each payment in the database is one acknowledged send.
  const duplicates = Number(total) - ids.length;
  const standby = cluster.names.find((n) => n !== failovers.at(-1)?.newPrimary && n !== undefined)!;
  let standbyCount = -1;
  await waitFor('the standby to show every payment', async () => {
    const replica = new pg.Client({ connectionString: cluster!.nodeUrl(standby, DATABASE) });
    await replica.connect();
    try {
      standbyCount = Number((await replica.query<{ n: string }>('SELECT count(*)::text AS n FROM payments')).rows[0]!.n);
    } finally {
      await replica.end();
    }
    return standbyCount === Number(total);
  }, 15_000).catch(() => {});
  const audit = await runAudit(url);

  // What clients saw.
  // Answers that overlap the seconds without writes (kill → first acknowledged send), and the whole heal (→ rejoin).
  const gaps = failovers.map((f) => attempts.filter((a) => a.end >= f.killAt && a.start <= f.killAt + f.writelessMs));
  const windows = failovers.map((f) => attempts.filter((a) => a.end >= f.killAt && a.start <= f.healedAt));
  const forbidden = attempts.filter((a) => a.problem);
  const slowest = Math.max(...attempts.map((a) => a.end - a.start));

  console.log('\n== npm run failover');
  console.log(`cluster: Patroni ${cluster.names.length} nodes (synchronous_mode: true), etcd, HAProxy; 2 app instances; ${CLIENTS} clients, ${accounts.length} accounts; ${seconds.toFixed(0)} s`);
  console.log(`sends: ${logicalSends} asked, ${ids.length} acknowledged, ${refusedSends} refused 422 insufficient_funds; ${attempts.length} HTTP attempts`);
  failovers.forEach((f, i) =>
    console.log(
      `failover ${i + 1}: killed ${f.killed} (pid ${f.pid}); ${f.newPrimary} primary after ${(f.newPrimaryMs / 1000).toFixed(1)} s; ` +
        `no successful write for ${(f.writelessMs / 1000).toFixed(1)} s; ${f.killed} rejoined as sync standby after ${(f.rejoinedMs / 1000).toFixed(1)} s; ` +
        `clients saw until the first write: ${counts(gaps[i]!)}; until the rejoin: ${counts(windows[i]!)}`,
    ),
  );
  console.log(`acknowledged payments lost: ${lost}`);
  console.log(`duplicate payments: ${duplicates} (${total} payments in the database, ${ids.length} acknowledged sends, ${keys} keys answered 201)`);
  console.log(`standby ${standby}: ${standbyCount} payments`);
  console.log(`ledger audit (npm run audit -- ledger): exit ${audit.exit}${audit.output ? ` — ${audit.output.split('\n').slice(-1)[0]}` : ''}`);
  console.log(`clients saw overall: ${counts(attempts)}; slowest answer ${(slowest / 1000).toFixed(1)} s (client timeout ${CLIENT_TIMEOUT_MS / 1000} s)`);
  console.log(`answers not allowed (500, 503 without problem+json or Retry-After, dropped, timed out): ${forbidden.length}`);
  for (const p of problems.slice(0, 20)) console.log(`  PROBLEM ${p}`);
  const writeless = failovers.map((f) => f.writelessMs / 1000);
  console.log(`seconds without successful writes per failover: ${writeless.map((s) => s.toFixed(1)).join(', ')} (goal ≤ ${WRITELESS_GOAL_S} s)`);
  console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} cores`);

  const ok =
    failovers.length === KILLS &&
    lost === 0 &&
    duplicates === 0 &&
    audit.exit === 0 &&
    forbidden.length === 0 &&
    problems.length === 0 &&
    standbyCount === Number(total) &&
    writeless.every((s) => s <= WRITELESS_GOAL_S);
  console.log(ok ? 'PASS' : 'FAIL');
  return ok;
}

let ok = false;
try {
  ok = await main();
} catch (error) {
  console.error(`failover run failed: ${(error as Error).stack ?? error}`);
  for (const s of servers) if (s.child.exitCode !== null) console.error(s.output().slice(-2000));
} finally {
  await cleanUp();
}
process.exit(ok ? 0 : 1);
