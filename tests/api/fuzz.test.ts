import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { fuzzApi } from '../support/api-fuzzer';
import { contractOperations } from '../support/contract-operations';
import { auditLedger } from '../../server/ledger/audit';

/**
 * The fast fuzz (npm run fuzz runs ten times as many): 1,000 requests derived from openapi.yaml and broken in every
 * way the fuzzer knows, spread evenly over every operation, as real signed-in users. No 5xx; every refusal is
 * problem+json with a detail; the ledger's invariants hold afterwards. The seed is printed so a failure replays.
 */
describe.each(databaseKinds())('fuzzed API on $name', (kind) => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi(kind);
  });
  afterAll(() => api.close());

  it('1,000 generated requests: no 5xx, every refusal a problem with a detail, the ledger sound', async () => {
    const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
    const stats = await fuzzApi({ inject: api.inject, database: api.fresh.database, clock: api.clock }, { requests: 1_000, seed });
    const failures = JSON.stringify(stats.failures.slice(0, 5), null, 2);
    expect(stats.serverErrors, `seed ${seed}: ${failures}`).toBe(0);
    expect(stats.badRefusals, `seed ${seed}: ${failures}`).toBe(0);
    expect(stats.requests).toBe(1_000);
    for (const op of await contractOperations()) expect(stats.byOperation[op.operationId], op.operationId).toBeGreaterThan(0);
    expect(await auditLedger(api.fresh.database)).toEqual([]);
  }, 300_000);
});
