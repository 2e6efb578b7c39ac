/**
 * npm run bench:history — the activity list as one user's history grows (issue 26.4/26.5), on PostgreSQL.
 *
 *   npm run bench:history -- [--sizes 1000,10000,100000,1000000] [--samples 40] [--port 3400] [--server-dir .]
 *
 * For each size: a fresh scratch database (from BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/postgres; dropped after), the production server (`<server-dir>/dist/server/main.js`,
 * which migrates it), one user and 50 others, then the user's history seeded in SQL: `size` payments, 1,000 a day
 * going back from today, 4 in 5 sends (half paid, half received) and 1 in 5 requests, 90 % complete, 5 % pending,
 * 5 % cancelled or rejected. Then one warm-up call per tab, and VACUUM ANALYZE (what autovacuum does to tables at
 * rest). Then, per tab (status × type), `samples` calls one after the other through HTTP: page 1, the last page, and
 * pages drawn at random over the whole range, one page per call; p50, p95 and max of the time to the whole answer.
 * `--server-dir` runs another checkout's build (the before of a before/after: `git worktree add`, `npm run
 * build:server` there); the seed is plain SQL on the payments table, the same for both.
 *
 * `--sizes 0` skips the list. Then (`--statement 100000`, 0 to skip; needs the statements of issue 26.2) a statement of that many movements: one
 * user's wallet gets that many journal entries (card_clearing → wallet) spread over last month, written in SQL; the
 * month's CSV is read through HTTP: time to the first byte, total time, bytes and lines, the server's resident memory
 * (VmRSS of its process, sampled every 20 ms) before and at its peak, and the health route's latency asked every 50 ms
 * meanwhile (a statement must not hold other requests up).
 *
 * Then (`--search 100000`, 0 to skip; issue 26.3/26.5) the activity search over one user's history of that many
 * payments (seeded as above): per kind of search — by person, note text, amount range, status, date range, and all of
 * them at once — `samples` calls of the first page through HTTP, each with its own values drawn at random (another
 * person, another number in the note, another window); p50, p95 and max.
 *
 * Then (`--summary 200000`, 0 to skip; issue 26.1) the money summary of a wallet with that many movements (journal
 * entries card_clearing → wallet spread over the last 26 weeks, written in SQL), in Asia/Kolkata (+05:30): the first
 * call apart (on a build with migration 0031 it merges the seed's quarter-hour rows), then VACUUM ANALYZE, then
 * `samples` calls per period (30d, 26w); p50, p95 and max.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/database';
import { createUser, type TestUser } from '../../tests/support/money';
import { waitForServer } from '../../tests/support/server-process';
import { scratchPostgres } from '../../tests/support/databases';

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000,100000,1000000' },
    samples: { type: 'string', default: '40' },
    port: { type: 'string', default: process.env.E2E_PORT ?? '3400' },
    'server-dir': { type: 'string', default: '.' },
    statement: { type: 'string', default: '100000' },
    search: { type: 'string', default: '100000' },
    summary: { type: 'string', default: '200000' },
  },
});
const sizes = args.sizes.split(',').map(Number).filter((n) => n > 0);
const samples = Number(args.samples);
const port = Number(args.port);
const serverDir = resolve(args['server-dir']);
const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const TABS = (['all', 'pending', 'complete'] as const).flatMap((status) => (['all', 'pay', 'request'] as const).map((type) => ({ status, type })));
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function startServer(databaseUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(serverDir, 'dist/server/main.js')], {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForServer(port, 180_000);
  return child;
}

/** `size` payments of `user` with `others`, 1,000 a day back from now, in batches of 100,000 (one statement each). */
async function seed(database: Awaited<ReturnType<typeof openDatabase>>, user: TestUser, others: TestUser[], size: number) {
  const ids = `{${others.map((o) => o.id).join(',')}}`;
  for (let from = 0; from < size; from += 100_000) {
    const to = Math.min(size, from + 100_000) - 1;
    await database.rows(sql`
      INSERT INTO payments (id, kind, status, sender_user_id, receiver_user_id, created_by_user_id, amount_cents, fee_cents,
        payment_method_id, description, created_at, updated_at)
      SELECT gen_random_uuid(), s.kind, s.status,
        CASE WHEN s.paying THEN ${user.id}::uuid ELSE s.other END,
        CASE WHEN s.paying THEN s.other ELSE ${user.id}::uuid END,
        CASE WHEN s.kind = 'request' THEN (CASE WHEN s.paying THEN s.other ELSE ${user.id}::uuid END)
             ELSE (CASE WHEN s.paying THEN ${user.id}::uuid ELSE s.other END) END,
        100 + (i % 5000), 0, CASE WHEN s.status = 'requested' THEN NULL ELSE 'balance' END, 'bench ' || i, s.at, s.at
      FROM generate_series(${from}::int, ${to}::int) AS i
      CROSS JOIN LATERAL (SELECT
        CASE WHEN i % 5 = 4 THEN 'request' ELSE 'send' END AS kind,
        CASE WHEN i % 20 = 7 THEN (CASE WHEN i % 5 = 4 THEN 'requested' ELSE 'new' END)
             WHEN i % 20 = 13 THEN (CASE WHEN i % 5 = 4 THEN 'cancelled' ELSE 'rejected' END)
             ELSE 'complete' END AS status,
        (i % 2 = 0) AS paying,
        (${ids}::uuid[])[1 + (i % ${others.length})] AS other,
        now() - make_interval(secs => i * 86.4) AS at) s`);
  }
}

interface Row {
  size: number;
  tab: string;
  p50: number;
  p95: number;
  max: number;
  pages: number;
}

async function measure(size: number): Promise<Row[]> {
  const scratch = await scratchPostgres(baseUrl, 'tipjar_hist');
  let server: ChildProcess | undefined;
  try {
    server = await startServer(scratch.url);
    const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
    const now = new Date();
    const user = await createUser(database, now);
    const others: TestUser[] = [];
    for (let i = 0; i < 50; i++) others.push(await createUser(database, now));
    const seeded = performance.now();
    await seed(database, user, others, size);
    const seedMs = performance.now() - seeded;
    console.log(`  ${size.toLocaleString('en-US')} payments seeded in ${(seedMs / 1000).toFixed(1)} s (load ${loadavg()[0]!.toFixed(1)})`);

    const base = `http://127.0.0.1:${port}/api/app/user/${user.id}/payment/list`;
    const get = async (query: string) => {
      const started = performance.now();
      const res = await fetch(`${base}?${query}`, { headers: { authtoken: user.token } });
      const body = (await res.json()) as { totalPages: number; results: unknown[] };
      if (!res.ok) throw new Error(`${query}: ${res.status} ${JSON.stringify(body)}`);
      return { ms: performance.now() - started, body };
    };
    // Warm-up: one call per tab (the first read of a history merges its count deltas), then VACUUM ANALYZE, as
    // autovacuum leaves tables at rest; the warm-up calls are left out of the figures.
    const pagesOf = new Map<string, number>();
    for (const tab of TABS) {
      const { body } = await get(`startPage=1&status=${tab.status}&type=${tab.type}`);
      pagesOf.set(`${tab.status}/${tab.type}`, Math.max(1, body.totalPages));
    }
    await database.rows(sql`VACUUM ANALYZE`);
    await database.close();
    const rows: Row[] = [];
    for (const tab of TABS) {
      const q = `status=${tab.status}&type=${tab.type}`;
      const pages = pagesOf.get(`${tab.status}/${tab.type}`)!;
      const times: number[] = [];
      for (let i = 0; i < samples; i++) {
        const page = i === 0 ? 1 : i === 1 ? pages : 1 + Math.floor(Math.random() * pages);
        times.push((await get(`startPage=${page}&endPage=${page}&${q}`)).ms);
      }
      times.sort((a, b) => a - b);
      rows.push({ size, tab: `${tab.status}/${tab.type}`, p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1)!, pages });
      console.log(`  ${tab.status}/${tab.type}: ${pages} pages, p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, max ${ms(times.at(-1)!)}`);
    }
    return rows;
  } finally {
    if (server) {
      server.kill('SIGTERM');
      await new Promise((r) => server!.once('exit', r));
    }
    await scratch.drop();
  }
}

/** Samples `pid`'s resident memory (kB → MB) until stopped. */
function memorySampler(pid: number) {
  const read = () => {
    const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  };
  const start = read();
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, read())), 20);
  return { start, stop: () => (clearInterval(timer), Math.max(peak, read())) };
}

/**
 * `count` journal entries card_clearing → the user's (new) wallet, $1.00 each, the i-th dated `first + i × step`
 * seconds (a negative step goes back in time), written in SQL with the two balances they move.
 */
async function seedFunding(database: Awaited<ReturnType<typeof openDatabase>>, userId: string, count: number, first: Date, stepSeconds: number) {
  await database.rows(sql`INSERT INTO ledger_accounts (kind, user_id, created_at) VALUES ('user_wallet', ${userId}, now())`);
  await database.rows(sql`
    WITH e AS (
      INSERT INTO journal_entries (kind, description, created_at)
      SELECT 'funding', 'bench ' || i, ${first.toISOString()}::timestamptz + make_interval(secs => i * ${stepSeconds}::float8)
      FROM generate_series(0, ${count - 1}::int) AS i
      RETURNING id
    )
    INSERT INTO postings (entry_id, account_id, amount_cents)
    SELECT e.id, a.id, CASE WHEN a.kind = 'card_clearing' THEN -100 ELSE 100 END
    FROM e CROSS JOIN ledger_accounts a
    WHERE a.kind = 'card_clearing' AND a.user_id IS NULL OR a.kind = 'user_wallet' AND a.user_id = ${userId}`);
  await database.rows(sql`UPDATE ledger_accounts SET balance_cents = balance_cents + ${count * 100} WHERE kind = 'user_wallet' AND user_id = ${userId}`);
  await database.rows(sql`UPDATE ledger_accounts SET balance_cents = balance_cents - ${count * 100} WHERE kind = 'card_clearing'`);
}

async function measureStatement(lines: number) {
  const scratch = await scratchPostgres(baseUrl, 'tipjar_stmt');
  let server: ChildProcess | undefined;
  try {
    server = await startServer(scratch.url);
    const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
    const now = new Date();
    const user = await createUser(database, now);
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const month = start.toISOString().slice(0, 7);
    const seconds = (Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - start.getTime()) / 1000;
    const seeded = performance.now();
    await seedFunding(database, user.id, lines, start, seconds / lines);
    await database.rows(sql`VACUUM ANALYZE`);
    await database.close();
    console.log(`  ${lines.toLocaleString('en-US')} movements seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

    const url = `http://127.0.0.1:${port}/api/app/user/${user.id}/statements/${month}/csv`;
    // Warm-up: the route's first call, and the month's summary (what the statement screen asks for first).
    await (await fetch(url.replace(/\/csv$/, ''), { headers: { authtoken: user.token } })).text();
    const memory = memorySampler(server.pid!);
    const pings: number[] = [];
    let reading = true;
    const pinger = (async () => {
      while (reading) {
        const t = performance.now();
        await (await fetch(`http://127.0.0.1:${port}/api/health/live`)).text();
        pings.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const started = performance.now();
    const res = await fetch(url, { headers: { authtoken: user.token } });
    if (!res.ok) throw new Error(`statement: ${res.status} ${await res.text()}`);
    const reader = res.body!.getReader();
    let firstByte = 0;
    let bytes = 0;
    let newlines = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!firstByte) firstByte = performance.now() - started;
      bytes += value.length;
      for (const b of value) if (b === 10) newlines++;
    }
    const total = performance.now() - started;
    reading = false;
    await pinger;
    const peak = memory.stop();
    pings.sort((a, b) => a - b);
    console.log(
      `  statement ${month}: ${(newlines - 1).toLocaleString('en-US')} lines, ${(bytes / 1e6).toFixed(1)} MB; first byte ${ms(firstByte)}, total ${ms(total)}; ` +
        `server RSS ${memory.start.toFixed(0)} MB → peak ${peak.toFixed(0)} MB; health meanwhile: ${pings.length} calls, p50 ${ms(percentile(pings, 50))}, max ${ms(pings.at(-1)!)}`,
    );
  } finally {
    if (server) {
      server.kill('SIGTERM');
      await new Promise((r) => server!.once('exit', r));
    }
    await scratch.drop();
  }
}

/** A scratch database with the production server on it and one user (and `others`), for a bench section. */
async function withServer<T>(prefix: string, others: number, body: (ctx: { database: Awaited<ReturnType<typeof openDatabase>>; user: TestUser; others: TestUser[] }) => Promise<T>): Promise<T> {
  const scratch = await scratchPostgres(baseUrl, prefix);
  let server: ChildProcess | undefined;
  try {
    server = await startServer(scratch.url);
    const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
    const now = new Date();
    const user = await createUser(database, now);
    const people: TestUser[] = [];
    for (let i = 0; i < others; i++) people.push(await createUser(database, now));
    try {
      return await body({ database, user, others: people });
    } finally {
      await database.close();
    }
  } finally {
    if (server) {
      server.kill('SIGTERM');
      await new Promise((r) => server!.once('exit', r));
    }
    await scratch.drop();
  }
}

/** `samples` timed calls of `url(i)`; prints and returns p50, p95 and max. */
async function timed(label: string, token: string, url: (i: number) => string) {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    const res = await fetch(url(i), { headers: { authtoken: token } });
    const body = await res.text();
    if (!res.ok) throw new Error(`${label}: ${res.status} ${body}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const row = { label, p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1)! };
  console.log(`  ${label}: p50 ${ms(row.p50)}, p95 ${ms(row.p95)}, max ${ms(row.max)} (load ${loadavg()[0]!.toFixed(1)})`);
  return row;
}

async function measureSearch(size: number) {
  return withServer('tipjar_srch', 50, async ({ database, user, others }) => {
    await seed(database, user, others, size);
    await database.rows(sql`VACUUM ANALYZE`);
    console.log(`  ${size.toLocaleString('en-US')} payments seeded (load ${loadavg()[0]!.toFixed(1)})`);
    const base = `http://127.0.0.1:${port}/api/app/user/${user.id}/payment/list?startPage=1&endPage=1`;
    const days = Math.ceil(size / 1000);
    const person = () => others[Math.floor(Math.random() * others.length)]!.username;
    // The seed's notes are "bench <i>": a number of 3 or 4 digits matches 11–111 notes.
    const text = () => encodeURIComponent(`bench ${100 + Math.floor(Math.random() * 9900)}`);
    const amount = () => {
      const min = 1 + Math.floor(Math.random() * 45);
      return `minAmount=${min}.00&maxAmount=${min}.50`;
    };
    const window = () => {
      const to = Date.now() - Math.floor(Math.random() * (days - 3)) * 86_400_000;
      return `from=${new Date(to - 3 * 86_400_000).toISOString()}&to=${new Date(to).toISOString()}`;
    };
    await (await fetch(`${base}&person=${person()}`, { headers: { authtoken: user.token } })).text();
    return [
      await timed('person', user.token, () => `${base}&person=${person()}`),
      await timed('note text', user.token, () => `${base}&q=${text()}`),
      await timed('amount range', user.token, () => `${base}&${amount()}`),
      await timed('status (pending)', user.token, (i) => `${base.replace('startPage=1&endPage=1', `startPage=${1 + (i % 10)}&endPage=${1 + (i % 10)}`)}&status=pending`),
      await timed('date range (3 days)', user.token, () => `${base}&${window()}`),
      await timed('person + amount + dates', user.token, () => `${base}&person=${person()}&minAmount=1&maxAmount=30&${window()}`),
    ];
  });
}

async function measureSummary(movements: number) {
  return withServer('tipjar_sum', 0, async ({ database, user }) => {
    const seconds = 182 * 86_400;
    await seedFunding(database, user.id, movements, new Date(), -seconds / movements);
    console.log(`  ${movements.toLocaleString('en-US')} movements seeded (load ${loadavg()[0]!.toFixed(1)})`);
    const url = (period: string) => `http://127.0.0.1:${port}/api/app/user/${user.id}/summary?period=${period}&tz=Asia%2FKolkata`;
    const first = performance.now();
    await (await fetch(url('26w'), { headers: { authtoken: user.token } })).text();
    console.log(`  first call (26w): ${ms(performance.now() - first)}`);
    await database.rows(sql`VACUUM ANALYZE`);
    return [await timed('summary 30d', user.token, () => url('30d')), await timed('summary 26w', user.token, () => url('26w'))];
  });
}

const all: Row[] = [];
console.log(`bench:history on ${serverDir} (load ${loadavg().map((l) => l.toFixed(1)).join(' ')})`);
for (const size of sizes) {
  console.log(`${size.toLocaleString('en-US')} payments:`);
  all.push(...(await measure(size)));
}
if (all.length) console.log('\n| payments | tab (status/type) | pages | p50 | p95 | max |\n| --- | --- | --- | --- | --- | --- |');
for (const r of all) console.log(`| ${r.size.toLocaleString('en-US')} | ${r.tab} | ${r.pages.toLocaleString('en-US')} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.max)} |`);
if (Number(args.statement) > 0) {
  console.log(`statement of ${Number(args.statement).toLocaleString('en-US')} movements:`);
  await measureStatement(Number(args.statement));
}
if (Number(args.search) > 0) {
  console.log(`search over ${Number(args.search).toLocaleString('en-US')} payments (first page, ${samples} calls each):`);
  await measureSearch(Number(args.search));
}
if (Number(args.summary) > 0) {
  console.log(`money summary of ${Number(args.summary).toLocaleString('en-US')} movements (Asia/Kolkata, ${samples} calls each):`);
  await measureSummary(Number(args.summary));
}
console.log(`load after: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
