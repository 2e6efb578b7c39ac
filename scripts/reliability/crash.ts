/**
 * npm run crash [-- --kills 20 --db pglite,postgres --clients 8]: the crash test (tests/support/crash-run.ts) — the
 * load test's mixed workload against the server process, kill -9 at random moments, the database checked after each kill. PostgreSQL runs when
 * TEST_DATABASE_URL is set. Prints each kill and the figures; exits 1 on any problem or a restart of 5 s or more.
 */
import { parseArgs } from 'node:util';
import { cpus, loadavg } from 'node:os';
import { runCrashTest } from '../../tests/support/crash-run';

const { values } = parseArgs({
  options: {
    kills: { type: 'string', default: '20' },
    db: { type: 'string', default: process.env.TEST_DATABASE_URL ? 'pglite,postgres' : 'pglite' },
    clients: { type: 'string', default: '8' },
  },
});

let failed = false;
for (const database of values.db.split(',') as ('pglite' | 'postgres')[]) {
  console.log(`\n${database}: ${values.kills} kills, ${values.clients} clients`);
  const report = await runCrashTest({ database, kills: Number(values.kills), clients: Number(values.clients), log: (l) => console.log(`  ${l}`) });
  const restarts = report.cycles.slice(1).map((c) => c.restartMs).sort((a, b) => a - b);
  const median = restarts[Math.floor(restarts.length / 2)] ?? report.cycles[0]?.restartMs;
  console.log(
    `${database}: ${report.cycles.length} kills, ${report.acknowledged} acknowledged payments, ${report.paymentsInDatabase} payments in the database, ` +
      `${report.cycles.reduce((n, c) => n + c.acknowledged, 0)} operations acknowledged, ` +
      `${report.cycles.reduce((n, c) => n + c.lostAnswers, 0)} answers lost to a kill (replayed by key where they had one); ` +
      `cold start ${report.cycles[0]?.restartMs} ms, restart after kill median ${median} ms, max ${report.maxRestartMs} ms ` +
      `(max ${report.maxRestartCpuMs} ms CPU; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} cores); ` +
      `${report.problems.length ? `${report.problems.length} problems` : 'no problem'}`,
  );
  for (const p of report.problems.slice(0, 20)) console.log(`  PROBLEM ${p}`);
  if (report.problems.length || report.maxRestartMs >= 5_000) failed = true;
}
process.exitCode = failed ? 1 : 0;
