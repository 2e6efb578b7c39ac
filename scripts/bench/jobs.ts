/**
 * npm run bench:jobs — how long a card deposit takes from submit to complete (issue 22.8): the request authorises
 * the card and queues the capture; the job runner captures it and the wallet is credited. Measured with the job
 * runner polling alone (JOB_WAKE=off, the behaviour before issue 22: the capture waits for the next 5-second tick)
 * and woken by the commit that queued the capture (JOB_WAKE=on), on PGlite and on PostgreSQL.
 *
 *   npm run bench:jobs -- [--deposits 50] [--gap 2000] [--only pglite|postgres] [--wake on|off|both]
 *
 * The server is the production build (dist/server), started as `npm start` runs it with the default
 * JOB_INTERVAL_MS (5000). Deposits arrive open-loop, a random (exponential) `--gap` ms apart on average, so their
 * submits fall anywhere in the runner's poll interval, as people's do. Submit is the bench's clock just before the
 * POST; complete is the `occurred_at` of the deposit's `complete` event (same machine, same clock), the moment the
 * capture was recorded — what the screen's next look at the deposit shows.
 *
 * PostgreSQL comes from BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test;
 * each run gets a fresh scratch database (tipjar_jobs_…), dropped after. PGlite runs get a fresh directory.
 */
import { randomUUID } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { createUser, type TestUser } from '../../tests/support/money';
import { freePort, waitForServer } from '../../tests/support/server-process';
import { scratchPostgres } from '../../tests/support/databases';

const { values: args } = parseArgs({
  options: {
    deposits: { type: 'string', default: '50' },
    gap: { type: 'string', default: '2000' },
    only: { type: 'string' },
    wake: { type: 'string', default: 'both' },
  },
});
const depositCount = Number(args.deposits);
const meanGapMs = Number(args.gap);
const kinds = (['pglite', 'postgres'] as const).filter((k) => !args.only || args.only === k);
const wakes = args.wake === 'both' ? (['off', 'on'] as const) : ([args.wake] as ('on' | 'off')[]);
if (wakes.some((w) => w !== 'on' && w !== 'off')) throw new Error('--wake is on, off or both');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

interface Run {
  kind: 'pglite' | 'postgres';
  wake: 'on' | 'off';
  /** submit → complete, ms, one per deposit. */
  complete: number[];
  /** submit → the 201 (the card authorised, the capture queued), ms. */
  answered: number[];
}

async function api(base: string, user: TestUser, method: string, path: string, body?: unknown, key?: string) {
  const res = await fetch(`${base}/api/app/user/${user.id}${path}`, {
    method,
    headers: { authtoken: user.token, ...(body ? { 'content-type': 'application/json' } : {}), ...(key ? { 'idempotency-key': key } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as Record<string, any>;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1', JOB_INTERVAL_MS: '5000', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForServer(port, 120_000);
  return { child, base: `http://127.0.0.1:${port}` };
}

async function run(kind: 'pglite' | 'postgres', wake: 'on' | 'off'): Promise<Run> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tipjar-bench-jobs-'));
  const postgres =
    kind === 'postgres'
      ? await scratchPostgres(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', 'tipjar_jobs')
      : null;
  const database = await openDatabase(postgres ? { databaseUrl: postgres.url } : { dataDir });
  await migrate(database);
  const user = await createUser(database, new Date());
  // PGlite is one process: the bench lets go of it before the server opens the same directory.
  await database.close();
  const server = await startServer({ JOB_WAKE: wake, ...(postgres ? { DATABASE_URL: postgres.url } : { DATA_DIR: dataDir, DATABASE_URL: '' }) });
  try {
    const card = await api(server.base, user, 'POST', '/payment-methods/cards', {
      nameOnCard: 'Bench Runner',
      number: '4242424242424242',
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 2,
      cvv: '123',
      country: 'US',
      postalCode: '94107',
    });
    // One deposit first, left out: the first request of a fresh process pays for its warm-up.
    await api(server.base, user, 'POST', '/deposits/card', { paymentMethodId: card.card.id, amount: '1.00' }, randomUUID());

    const made: Promise<{ id: string; submitted: number; answered: number }>[] = [];
    for (let i = 0; i < depositCount; i++) {
      made.push(
        (async () => {
          const submitted = Date.now();
          const deposit = await api(server.base, user, 'POST', '/deposits/card', { paymentMethodId: card.card.id, amount: '10.00' }, randomUUID());
          return { id: deposit.data[0].id as string, submitted, answered: Date.now() - submitted };
        })(),
      );
      await sleep(-Math.log(1 - Math.random()) * meanGapMs);
    }
    const deposits = await Promise.all(made);
    const complete: number[] = [];
    for (const d of deposits) {
      for (;;) {
        const details = await api(server.base, user, 'GET', `/deposits/${d.id}`);
        const done = (details.events as { to_status: string; occurred_at: string }[]).find((e) => e.to_status === 'complete');
        if (done) {
          complete.push(Date.parse(done.occurred_at) - d.submitted);
          break;
        }
        if (details.data[0].status === 'failed') throw new Error(`deposit ${d.id} failed`);
        await sleep(250);
      }
    }
    return { kind, wake, complete, answered: deposits.map((d) => d.answered) };
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function row(r: Run): string {
  const c = [...r.complete].sort((a, b) => a - b);
  const a = [...r.answered].sort((x, y) => x - y);
  const ms = (n: number) => `${String(Math.round(n)).padStart(5)} ms`;
  // The capture's own share: from the answer (the capture queued) to complete.
  const j = r.complete.map((ms, i) => ms - r.answered[i]!).sort((x, y) => x - y);
  return (
    `${(r.kind === 'pglite' ? 'PGlite' : 'PostgreSQL').padEnd(11)} ${(r.wake === 'on' ? 'woken (JOB_WAKE=on)' : 'poll only (JOB_WAKE=off)').padEnd(25)} ` +
    `${c.length} deposits  submit→complete p50 ${ms(percentile(c, 50))}  p95 ${ms(percentile(c, 95))}  max ${ms(c[c.length - 1]!)}` +
    `  | submit→201 p50 ${ms(percentile(a, 50))} p95 ${ms(percentile(a, 95))}  | 201→complete p50 ${ms(percentile(j, 50))} p95 ${ms(percentile(j, 95))}`
  );
}

async function main() {
  if (!existsSync('dist/server/main.js')) throw new Error('dist/server/main.js is missing: run npm run build:server first');
  console.log(`${depositCount} card deposits of $10.00 per run, ${meanGapMs} ms apart on average (open loop); JOB_INTERVAL_MS=5000`);
  for (const kind of kinds) {
    for (const wake of wakes) console.log(row(await run(kind, wake)));
  }
  console.log(`(load average ${loadavg().map((l) => l.toFixed(1)).join(' ')})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
