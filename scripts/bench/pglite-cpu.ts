/**
 * The server's CPU time per send on PGlite, in one process and without HTTP (app.inject), with the job runner on as
 * in production — so each send's notification mail is in the figure — and the latency seen with 16 sends in flight.
 * CPU time hardly moves with the machine's load, unlike sends per second (docs/performance.md "PGlite").
 *
 *   npx tsx scripts/bench/pglite-cpu.ts [sends=1000]      (NO_RUNNER=1: without the job runner)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { pendingJobCount, startJobRunner } from '../../server/jobs/runner';
import { systemClock } from '../../server/clock';
import { inProcessSends } from './in-process-sends';
async function main() {
// CPU time per send on PGlite, in-process (load-independent): app.inject sends + the job runner's mails.
const N = Number(process.argv[2] ?? 1000);
const dataDir = mkdtempSync(join(tmpdir(), 'pglite-cpu-'));
const database = await openDatabase({ dataDir });
await migrate(database);
const { app, send: sendOnce } = await inProcessSends(database, 'cpu', join(dataDir, 'media'));
const runner = process.env.NO_RUNNER ? { stop: async () => {} } : startJobRunner({ database, clock: systemClock, mailer: app.mailer, publicUrl: 'http://x' }, 1000);
const send = async () => {
  const t = performance.now();
  await sendOnce();
  return performance.now() - t;
};
for (let i = 0; i < 100; i++) await send(); // warm-up
const cpu0 = process.cpuUsage();
const t0 = performance.now();
let next = 0;
const lat: number[] = [];
await Promise.all(Array.from({ length: 16 }, async () => { while (next++ < N) lat.push(await send()); }));
const cpuSends = process.cpuUsage(cpu0);
const wall = performance.now() - t0;
if (!process.env.NO_RUNNER) while ((await pendingJobCount(database)) > 0) await new Promise((r) => setTimeout(r, 200));
// Let the scan run once more and drain.
await new Promise((r) => setTimeout(r, 2500));
if (!process.env.NO_RUNNER) while ((await pendingJobCount(database)) > 0) await new Promise((r) => setTimeout(r, 200));
const cpuAll = process.cpuUsage(cpu0);
const [counted] = await database.rows<{ n: string }>(sql`SELECT count(*) AS n FROM outbox`);
lat.sort((a, b) => a - b);
const ms = (c: NodeJS.CpuUsage) => (c.user + c.system) / 1000;
console.log(`${N} sends: CPU during sends ${(ms(cpuSends) / N).toFixed(2)} ms/send, with their mails drained ${(ms(cpuAll) / N).toFixed(2)} ms/send; wall ${(wall / 1000).toFixed(1)} s; latency p50 ${lat[Math.floor(N * 0.5)]!.toFixed(0)} p99 ${lat[Math.floor(N * 0.99)]!.toFixed(0)} max ${lat[N - 1]!.toFixed(0)} ms; outbox ${counted?.n}`);
await runner.stop();
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });

}
main().catch((e) => { console.error(e); process.exit(1); });
