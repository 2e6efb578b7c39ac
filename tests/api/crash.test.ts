import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { describe, expect, it } from 'vitest';
import { runCrashTest } from '../support/crash-run';
import { databaseKinds } from '../support/databases';

/**
 * The fast crash test (npm run crash kills 20 times): the load test's mixed workload on the built server process,
 * kill -9 twice at random moments; after each kill every acknowledged payment, deposit and withdrawal is in the
 * database with the final status its answer announced, nothing half-written, balances conserved, the ledger audit
 * sound; calls whose answer was lost are replayed with their Idempotency-Key.
 * Restart time is printed, not asserted (wall and CPU): both measure how crowded the machine is as much as the
 * server (a CPU-time bound of 5 s failed at 5.3 s while a browser suite shared the two cores). `npm run crash`
 * reports the figures of the full run, which docs/reliability.md keeps.
 */
describe.each(databaseKinds())('kill -9 during sends on $name', (kind) => {
  it('two kills under mixed load: every acknowledged operation present, nothing half-written, invariants hold', { timeout: 240_000 }, async () => {
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'ignore' });
    const report = await runCrashTest({ database: kind.name, kills: 2, clients: 4, log: (l) => console.log(`[crash ${kind.name}] ${l}`) });
    console.log(`[crash ${kind.name}] restart max ${report.maxRestartMs} ms wall, ${report.maxRestartCpuMs} ms CPU; load ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`);
    expect(report.problems).toEqual([]);
    expect(report.cycles).toHaveLength(2);
    expect(report.acknowledged).toBeGreaterThan(0);
    // Every acknowledged payment stands; beyond them only requests whose answer a kill swallowed (no key to replay).
    expect(report.paymentsInDatabase).toBeGreaterThanOrEqual(report.acknowledged);
    expect(report.paymentsInDatabase).toBeLessThanOrEqual(report.acknowledged + report.unkeyedLost);
  });
});
