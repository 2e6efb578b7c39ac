/**
 * npm run fuzz [-- --requests 10000 --seed 42 --db pglite|postgres]: the API fuzzer (tests/support/api-fuzzer.ts)
 * against the real app on a fresh database — PGlite, or PostgreSQL at TEST_DATABASE_URL with --db postgres.
 * Prints the figures; exits 1 on any 5xx or any refusal that is not problem+json with a detail.
 */
import { parseArgs } from 'node:util';
import { startApi } from '../../tests/support/api-app';
import { databaseKinds } from '../../tests/support/databases';
import { fuzzApi, type FuzzStats } from '../../tests/support/api-fuzzer';
import { contractOperations } from '../../tests/support/contract-operations';
import { auditLedger } from '../../server/ledger/audit';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '10000' },
    seed: { type: 'string' },
    db: { type: 'string', default: 'pglite' },
  },
});
const requests = Number(values.requests);
const seed = Number(values.seed ?? Date.now() % 1_000_000);
const kind = databaseKinds().find((k) => k.name === values.db);
if (!kind) {
  console.error(`no database "${values.db}" (postgres needs TEST_DATABASE_URL)`);
  process.exit(2);
}

const table = (title: string, counts: Record<string, number>) => {
  console.log(`\n${title}`);
  for (const [key, n] of Object.entries(counts).sort((a, b) => b[1] - a[1])) console.log(`  ${key.padEnd(28)} ${String(n).padStart(7)}`);
};

const api = await startApi(kind);
let stats: FuzzStats;
try {
  console.log(`fuzzing ${(await contractOperations()).length} operations with ${requests} requests on ${kind.name}, seed ${seed}`);
  stats = await fuzzApi(
    { inject: api.inject, database: api.fresh.database, clock: api.clock },
    { requests, seed, onProgress: (done, s) => console.log(`  ${done} requests, ${s.serverErrors} 5xx, ${s.badRefusals} bad refusals`) },
  );
  const problems = await auditLedger(api.fresh.database);
  table('responses by status', stats.byStatus);
  table('requests by mutation', stats.byMutation);
  table('requests by operation', stats.byOperation);
  console.log(`\n${stats.requests} requests in ${(stats.ms / 1000).toFixed(1)} s (${Math.round(stats.requests / (stats.ms / 1000))}/s) on ${kind.name}, seed ${seed}`);
  console.log(`5xx: ${stats.serverErrors}; refusals without problem+json and detail: ${stats.badRefusals}; ledger audit: ${problems.length ? problems.join('; ') : 'sound'}`);
  for (const f of stats.failures.slice(0, 10)) console.log(JSON.stringify(f, null, 2));
  process.exitCode = stats.serverErrors || stats.badRefusals || problems.length ? 1 : 0;
} finally {
  await api.close();
}
