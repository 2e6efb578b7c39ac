/**
 * npm run bench:live — live updates under load (issue 23.5): two app instances on one fresh PostgreSQL database,
 * 1,000 Server-Sent Event streams open across them, sends driven through the API; prints commit→delivery latency
 * p50/p95/p99 and the send rate with the streams open beside the send rate with none (same harness, same length).
 *
 *   npm run bench:live -- [--streams 1000] [--seconds 20] [--warmup 3] [--connections 16] [--grace 5] [--rounds 2]
 *
 * - Users: streams / 2, each with one stream on each instance (the hub allows 5 per user and instance), so every
 *   send is heard four times: by its two parties, on both instances (each instance, the one that made the send too,
 *   hears of it by PostgreSQL NOTIFY and reads the trails).
 * - Sends: a closed loop of `connections` keep-alive connections, half to each instance, $0.01 between random pairs
 *   of the seeded users from their balances. Phase 1: no stream open; phase 2: the same with every stream open.
 *   Each phase: `warmup` seconds not counted, then `seconds` measured; only sends made and answered inside the window
 *   count. The two phases alternate, `rounds` times (no streams, streams, no streams, streams): a loaded machine's
 *   drift and the database's growth fall on both. The CPU time per send of both servers and of this process is
 *   printed per phase: unlike sends per second it hardly moves with the machine's load.
 * - Commit time. An event carries no timestamp (its data is the payment id, status and kind), so the commit is taken
 *   from the send's HTTP exchange as seen by this process: the transaction commits after the request was sent and
 *   before the answer returns. Latency "from the answer" (answer received → event received) is a lower bound on
 *   commit→delivery; "from the request" (request sent → event received) an upper bound. Both use this process's
 *   monotonic clock. An event that arrives before the answer counts as 0 ms in the lower bound.
 * - Events: each stream is read by a minimal text/event-stream parser on node:http (no EventSource in Node); a
 *   delivery is the first `event: payment` for that payment on that stream. Expected deliveries that never came
 *   (within `grace` seconds after the window) are printed as missing.
 *
 * PostgreSQL comes from BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test;
 * a fresh database is made for the run and dropped after. The servers are the production build (dist/server),
 * NODE_ENV=production, as `npm start` runs them. Not part of `npm test`: it is a benchmark.
 */
import { randomUUID } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { Client } from 'undici';
import { openDatabase, type Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { auditLedger } from '../../server/ledger/audit';
import { createUser, fundWallet, type TestUser } from '../../tests/support/money';
import { freePort, waitForServer } from '../../tests/support/server-process';
import { scratchPostgres } from '../../tests/support/databases';
import { percentile } from './http-load';

const { values: args } = parseArgs({
  options: {
    streams: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '16' },
    grace: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '2' },
  },
});
const streamCount = Number(args.streams);
const seconds = Number(args.seconds);
const warmupSeconds = Number(args.warmup);
const connections = Number(args.connections);
const graceSeconds = Number(args.grace);
const rounds = Number(args.rounds);
const userCount = Math.ceil(streamCount / 2);
const FUNDS_CENTS = 1_000_000;
const INSTANCES = 2;

async function seed(database: Database): Promise<TestUser[]> {
  const now = new Date();
  const users: TestUser[] = [];
  for (let i = 0; i < userCount; i++) {
    const user = await createUser(database, now, `live_${i}_${randomUUID().slice(0, 6)}`);
    await fundWallet(database, user.id, FUNDS_CENTS, now);
    users.push(user);
  }
  return users;
}

function startInstance(port: number, databaseUrl: string): ChildProcess {
  return spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1', WEB_CONCURRENCY: '1', DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** One open stream: calls `onPayment` with each payment event's id as it arrives. */
interface OpenStream {
  ready: Promise<void>;
  close(): void;
}

function openStream(port: number, user: TestUser, agent: http.Agent, onPayment: (paymentId: string, at: number) => void): OpenStream {
  let req: http.ClientRequest | null = null;
  const ready = new Promise<void>((resolve, reject) => {
    req = http.request(
      { host: '127.0.0.1', port, path: '/api/app/events', agent, headers: { accept: 'text/event-stream', authtoken: user.token } },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`stream for ${user.id} on :${port} answered ${res.statusCode}`));
          res.resume();
          return;
        }
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          const at = performance.now();
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (block.includes('event: ready')) resolve();
            else if (block.includes('event: payment')) {
              const data = /\ndata: (.*)/.exec(block)?.[1];
              if (data) onPayment((JSON.parse(data) as { paymentId: string }).paymentId, at);
            }
          }
        });
        res.on('error', () => {});
      },
    );
    req.on('error', (error) => reject(error));
    req.end();
  });
  return { ready, close: () => req?.destroy() };
}

interface Send {
  sentAt: number;
  answeredAt: number;
  senderIndex: number;
  receiverIndex: number;
}

interface Phase {
  sends: Map<string, Send>;
  perSecond: number;
  failed: number;
  /** CPU time over the measured window, in ms: both servers', and this process's (the sends and the streams' reading). */
  serverCpuMs: number;
  clientCpuMs: number;
}

/** user + system CPU time of a process so far, in ms (Linux /proc; 0 elsewhere). */
function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}
const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** The closed loop: `connections` clients, half on each instance, each sending, waiting for the answer, sending again. */
async function sendPhase(ports: number[], users: TestUser[], pids: number[]): Promise<Phase> {
  const clients = Array.from({ length: connections }, (_, i) => new Client(`http://127.0.0.1:${ports[i % ports.length]}`, { pipelining: 1 }));
  const sends = new Map<string, Send>();
  let failed = 0;
  const start = performance.now();
  const measureFrom = start + warmupSeconds * 1000;
  const end = measureFrom + seconds * 1000;
  const serverCpu = () => pids.reduce((sum, pid) => sum + cpuMsOf(pid), 0);
  const cpu = { server: 0, client: 0 };
  const edges = [
    setTimeout(() => {
      cpu.server -= serverCpu();
      cpu.client -= ownCpuMs();
    }, measureFrom - performance.now()),
    setTimeout(() => {
      cpu.server += serverCpu();
      cpu.client += ownCpuMs();
    }, end - performance.now()),
  ];
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < end) {
        const senderIndex = Math.floor(Math.random() * users.length);
        let receiverIndex = senderIndex;
        while (receiverIndex === senderIndex) receiverIndex = Math.floor(Math.random() * users.length);
        const sender = users[senderIndex]!;
        const sentAt = performance.now();
        const res = await client.request({
          method: 'POST',
          path: `/api/app/user/${sender.id}/payment/send/`,
          headers: { authtoken: sender.token, 'idempotency-key': randomUUID(), 'content-type': 'application/json' },
          body: JSON.stringify({ receiverUserId: users[receiverIndex]!.id, amount: '0.01', paymentMethodId: 'balance' }),
        });
        const body = await res.body.text();
        const answeredAt = performance.now();
        if (sentAt < measureFrom || answeredAt > end) continue;
        if (res.statusCode !== 201) {
          failed++;
          continue;
        }
        const paymentId = (JSON.parse(body) as { data: { payment_id: string }[] }).data[0]!.payment_id;
        sends.set(paymentId, { sentAt, answeredAt, senderIndex, receiverIndex });
      }
    }),
  );
  await Promise.all(clients.map((c) => c.close()));
  edges.forEach(clearTimeout);
  return { sends, perSecond: sends.size / seconds, failed, serverCpuMs: cpu.server, clientCpuMs: cpu.client };
}

const ms = (n: number) => `${n.toFixed(0)} ms`;

async function main() {
  if (!existsSync('dist/server/main.js')) throw new Error('dist/server/main.js is missing: run npm run build:server first');
  const postgres = await scratchPostgres(
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    'tipjar_bench_live',
  );
  const database = await openDatabase({ databaseUrl: postgres.url });
  const servers: ChildProcess[] = [];
  const streams: OpenStream[] = [];
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  try {
    await migrate(database);
    console.log(`Seeding ${userCount} users with $${FUNDS_CENTS / 100} each on PostgreSQL…`);
    const users = await seed(database);
    const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
    for (const port of ports) servers.push(startInstance(port, postgres.url));
    // A start on a loaded machine can take tens of seconds.
    await Promise.all(ports.map((port) => waitForServer(port, 120_000)));
    console.log(
      `${INSTANCES} instances (1 process each) on one PostgreSQL database; machine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, load ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
    console.log(`Sends: ${connections} connections (half per instance), ${warmupSeconds} s warm-up, ${seconds} s measured per phase`);

    const pids = servers.map((server) => server.pid!);
    const describe = (label: string, phase: Phase) =>
      `${label.padEnd(20)} ${phase.perSecond.toFixed(0).padStart(5)} sends/s (${phase.sends.size} in ${seconds} s, ${phase.failed} refused); CPU per send: servers ${(
        phase.serverCpuMs / Math.max(1, phase.sends.size)
      ).toFixed(2)} ms, this process ${(phase.clientCpuMs / Math.max(1, phase.sends.size)).toFixed(2)} ms`;
    const quietPhases: Phase[] = [];
    const loudPhases: Phase[] = [];
    const fromAnswer: number[] = [];
    const fromRequest: number[] = [];
    let expected = 0;
    let missing = 0;
    let openedIn = 0;
    for (let round = 1; round <= rounds; round++) {
      const quiet = await sendPhase(ports, users, pids);
      quietPhases.push(quiet);
      console.log(describe(`round ${round}, no streams`, quiet));

      // Every delivery: payment id → the time it reached each stream (by stream index).
      const deliveries = new Map<string, Map<number, number>>();
      const opened = performance.now();
      for (let i = 0; i < streamCount; i++) {
        const index = i;
        streams.push(
          openStream(ports[i % INSTANCES]!, users[Math.floor(i / INSTANCES)]!, agent, (paymentId, at) => {
            const seen = deliveries.get(paymentId) ?? new Map<number, number>();
            if (!seen.has(index)) seen.set(index, at);
            deliveries.set(paymentId, seen);
          }),
        );
      }
      await Promise.all(streams.map((s) => s.ready));
      openedIn = performance.now() - opened;
      const loud = await sendPhase(ports, users, pids);
      loudPhases.push(loud);
      console.log(describe(`round ${round}, ${streams.length} streams`, loud));
      // Late events of the window's sends still count (they are the tail of the latency).
      await new Promise((r) => setTimeout(r, graceSeconds * 1000));
      for (const [paymentId, send] of loud.sends) {
        const seen = deliveries.get(paymentId);
        for (const userIndex of [send.senderIndex, send.receiverIndex]) {
          for (let instance = 0; instance < INSTANCES; instance++) {
            expected++;
            const at = seen?.get(userIndex * INSTANCES + instance);
            if (at === undefined) {
              missing++;
              continue;
            }
            fromAnswer.push(Math.max(0, at - send.answeredAt));
            fromRequest.push(at - send.sentAt);
          }
        }
      }
      for (const s of streams.splice(0)) s.close();
      // The servers see the streams go before the next quiet phase.
      await new Promise((r) => setTimeout(r, 1000));
    }
    fromAnswer.sort((a, b) => a - b);
    fromRequest.sort((a, b) => a - b);
    const rate = (phases: Phase[]) => phases.reduce((sum, p) => sum + p.sends.size, 0) / (phases.length * seconds);
    const [quietRate, loudRate] = [rate(quietPhases), rate(loudPhases)];
    const line = (label: string, xs: number[]) =>
      `${label} p50 ${ms(percentile(xs, 50))}, p95 ${ms(percentile(xs, 95))}, p99 ${ms(percentile(xs, 99))}, max ${ms(xs.at(-1) ?? 0)}`;
    console.log(`${streamCount} streams (${userCount} users × one per instance) opened in ${ms(openedIn)} (last round)`);
    console.log(`send rate over ${rounds} round(s): no streams ${quietRate.toFixed(0)}/s, ${streamCount} streams ${loudRate.toFixed(0)}/s — ${((loudRate / quietRate) * 100).toFixed(0)}%`);
    console.log(`deliveries: ${fromAnswer.length} of ${expected} expected (${missing} missing after ${graceSeconds} s)`);
    console.log(line('commit→delivery, from the answer (lower bound): ', fromAnswer));
    console.log(line('commit→delivery, from the request (upper bound):', fromRequest));
    console.log(
      `goals: p95 ≤ 1 s (${percentile(fromRequest, 95) <= 1000 ? 'met' : 'missed'} on the upper bound); rate within 10 % (${loudRate >= quietRate * 0.9 ? 'met' : 'missed'})`,
    );
    console.log(`ledger after the run: ${JSON.stringify(await auditLedger(database))}`);
  } finally {
    for (const s of streams) s.close();
    agent.destroy();
    await Promise.all(
      servers.map(
        (server) =>
          new Promise<void>((resolve) => {
            if (server.exitCode !== null) return resolve();
            server.once('exit', () => resolve());
            server.kill('SIGTERM');
            setTimeout(() => server.kill('SIGKILL'), 10_000).unref();
          }),
      ),
    );
    await database.close();
    await postgres.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
