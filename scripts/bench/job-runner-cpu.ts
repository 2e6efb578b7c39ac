/**
 * What the job runner's notification work costs the API's process, per mail: N sends are made first (app.inject,
 * no runner), then the runner's ticks (the notification pass and the mail batches, as in production) drain them
 * while this measures the process's CPU time (PostgreSQL's backends are other processes: not counted) and how late
 * the event loop ran meanwhile — the longest piece of runner work a request would have had to wait behind. CPU time
 * hardly moves with the machine's load, so a before/after of this is readable where bench:api's latencies are not.
 *
 *   npx tsx scripts/bench/job-runner-cpu.ts [sends=3000] [--pglite]     (JOBS_PROFILE=file.cpuprofile: a CPU profile
 *                                                                        of the drain alone, the sends left out)
 *
 * PostgreSQL from BENCH_DATABASE_URL, else TEST_DATABASE_URL (a scratch database, dropped after); PGlite in memory.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { pendingJobCount, runJobTick } from '../../server/jobs/runner';
import { inProcessSends } from './in-process-sends';
import { scratchPostgres } from '../../tests/support/databases';

async function main() {
  const onPglite = process.argv.includes('--pglite');
  const sends = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 3000);
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!onPglite && !url) throw new Error('set TEST_DATABASE_URL (or pass --pglite)');
  const postgres = onPglite ? null : await scratchPostgres(url!, 'tipjar_jobs');
  const database = await openDatabase(postgres ? { databaseUrl: postgres.url } : {});
  try {
    await migrate(database);
    const { app, services, send } = await inProcessSends(database, 'jobs', '/tmp/tipjar-jobs-media');
    // The seeding's own mails (none: a funded wallet is not a payment) and any job due are cleared first.
    await runJobTick(services);

    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next++ < sends) {
          await send();
        }
      }),
    );

    const profileTo = process.env.JOBS_PROFILE;
    const inspector = profileTo ? new Session() : null;
    if (inspector) {
      inspector.connect();
      await inspector.post('Profiler.enable');
      await inspector.post('Profiler.start');
    }
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    let ticks = 0;
    // The runner's ticks back to back, as startJobRunner runs them when a tick ran its limit.
    do {
      await runJobTick(services);
      ticks++;
    } while ((await pendingJobCount(database)) > 0 || ticks < 2);
    const cpu = process.cpuUsage(cpu0);
    const wall = performance.now() - t0;
    delay.disable();
    if (inspector) {
      const { profile } = await inspector.post('Profiler.stop');
      writeFileSync(profileTo!, JSON.stringify(profile));
      inspector.disconnect();
    }
    const [mails] = await database.rows<{ n: string }>(sql`SELECT count(*) AS n FROM outbox`);
    const n = Number(mails?.n ?? 0);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    // The histogram counts from the timer's due time: its 1 ms resolution is subtracted.
    const late = (ns: number) => Math.max(0, ns / 1e6 - 1).toFixed(1);
    console.log(
      `${onPglite ? 'PGlite' : 'PostgreSQL'}: ${n} mails from ${sends} sends in ${ticks} ticks, ${(wall / 1000).toFixed(1)} s; ` +
        `this process's CPU ${(cpuMs / Math.max(1, n)).toFixed(3)} ms per mail; event loop late p50 ${late(delay.percentile(50))} ` +
        `p99 ${late(delay.percentile(99))} max ${late(delay.max)} ms`,
    );
    await app.close();
  } finally {
    await database.close();
    await postgres?.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
