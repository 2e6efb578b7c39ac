/**
 * npm run load [-- --seconds 30 --clients 16 --accounts 1000 --hot 10 --jumps 2 --snapshot-ms 50]: mixed traffic
 * through the HTTP API of the built server on PostgreSQL at two contention levels (many accounts, then a few hot
 * ones) while a reader snapshots every balance (tests/support/load-run.ts). Prints throughput and p50/p99 per
 * operation; exits 1 when a snapshot or the end state breaks an invariant, an answer is not in the database, an
 * operation answered what it must not, or `npm run audit -- ledger` fails.
 *
 * PostgreSQL: a fresh database on TEST_DATABASE_URL's server (else postgres://postgres@127.0.0.1:5432/test),
 * dropped afterwards.
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { runLoadTest, type LevelReport } from '../../tests/support/load-run';
import { scratchPostgres } from '../../tests/support/databases';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '30' },
    clients: { type: 'string', default: '16' },
    accounts: { type: 'string', default: '1000' },
    hot: { type: 'string', default: '10' },
    jumps: { type: 'string', default: '2' },
    'snapshot-ms': { type: 'string', default: '50' },
  },
});

const baseUrl = process.env.LOAD_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const database = await scratchPostgres(baseUrl, 'tipjar_load');

const ms = (n: number) => `${n.toFixed(1)} ms`;
function print(level: LevelReport) {
  console.log(
    `\n${level.name}: ${level.clients} clients, ${level.seconds.toFixed(1)} s, ${level.requests} requests, ${level.perSecond.toFixed(0)}/s; ` +
      `${level.snapshots} snapshots (p99 ${ms(level.snapshotP99Ms)}), ${level.clockJumps} clock jumps past the hold expiry`,
  );
  console.log(`  ${'operation'.padEnd(18)} ${'count'.padStart(6)} ${'per s'.padStart(7)} ${'p50'.padStart(10)} ${'p99'.padStart(10)}  outcomes`);
  for (const op of level.ops) {
    const outcomes = Object.entries(op.outcomes).map(([k, n]) => `${k} ×${n}`).join(', ');
    console.log(`  ${op.op.padEnd(18)} ${String(op.count).padStart(6)} ${op.perSecond.toFixed(1).padStart(7)} ${ms(op.p50Ms).padStart(10)} ${ms(op.p99Ms).padStart(10)}  ${outcomes}`);
  }
  console.log(`  ${level.problems.length ? `${level.problems.length} problems` : 'every snapshot and the end state: total conserved, no negative wallet; every answer in the database'}`);
}

let failed = true;
try {
  const report = await runLoadTest({
    databaseUrl: database.url,
    seconds: Number(values.seconds),
    clients: Number(values.clients),
    clockJumps: Number(values.jumps),
    snapshotEveryMs: Number(values['snapshot-ms']),
    levels: [
      { name: `${Number(values.accounts).toLocaleString('en')} accounts`, accounts: Number(values.accounts) },
      { name: `${values.hot} hot accounts`, accounts: Number(values.hot) },
    ],
    log: (line) => console.log(line),
  });
  report.levels.forEach(print);
  console.log(`\nnpm run audit -- ledger: exit ${report.auditExit}`);
  console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} cores`);
  for (const p of report.problems.slice(0, 30)) console.log(`PROBLEM ${p}`);
  failed = report.problems.length > 0;
} finally {
  await database.drop();
}
process.exitCode = failed ? 1 : 0;
