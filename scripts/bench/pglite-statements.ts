/**
 * Where PGlite's own time goes per send: every protocol message PGlite runs (PostgreSQL and plpgsql in WASM, its
 * file I/O through emscripten) is timed and counted under the SQL text it belongs to (the last Parse, or a simple
 * query), over N sends through app.inject and the job runner's mails for them. No HTTP, one process, as the server
 * runs on PGlite. Prints, per statement: runs per send and WASM ms per send; and the total.
 *
 *   npx tsx scripts/bench/pglite-statements.ts [sends=1000]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { pendingJobCount, runJobTick } from '../../server/jobs/runner';
import { inProcessSends } from './in-process-sends';

interface Tally {
  runs: number;
  ms: number;
}
const tallies = new Map<string, Tally>();
let counting = false;
let current = '(none)';
const decoder = new TextDecoder();

// Wraps the one method through which every message reaches PostgreSQL in WASM.
const proto = PGlite.prototype as unknown as { execProtocolRawSync(message: Uint8Array): Uint8Array };
const original = proto.execProtocolRawSync;
proto.execProtocolRawSync = function (this: unknown, message: Uint8Array) {
  if (!counting) return original.call(this, message);
  const type = String.fromCharCode(message[0] ?? 0);
  if (type === 'P') {
    // Parse: name\0 query\0 …
    const nameEnd = message.indexOf(0, 5);
    current = decoder.decode(message.subarray(nameEnd + 1, message.indexOf(0, nameEnd + 1))).replace(/\s+/g, ' ').slice(0, 110);
  } else if (type === 'Q') {
    current = decoder.decode(message.subarray(5, message.length - 1)).replace(/\s+/g, ' ').slice(0, 110);
  }
  const t = performance.now();
  const out = original.call(this, message);
  const ms = performance.now() - t;
  const tally = tallies.get(current) ?? { runs: 0, ms: 0 };
  if (type === 'P' || type === 'Q') tally.runs++;
  tally.ms += ms;
  tallies.set(current, tally);
  return out;
};

async function main() {
  const N = Number(process.argv[2] ?? 1000);
  const dataDir = mkdtempSync(join(tmpdir(), 'pglite-statements-'));
  const database = await openDatabase({ dataDir });
  await migrate(database);
  const { app, services, send } = await inProcessSends(database, 'st', join(dataDir, 'media'));
  for (let i = 0; i < 100; i++) await send(); // warm-up (plans, caches)
  while ((await runJobTick(services)).ran > 0);

  counting = true;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  // The mails in ticks of 100 sends, as the runner would take them under a steady stream.
  for (let done = 0; done < N; ) {
    const step = Math.min(100, N - done);
    await Promise.all(Array.from({ length: step }, () => send()));
    done += step;
    await runJobTick(services);
  }
  while ((await pendingJobCount(database)) > 0) await runJobTick(services);
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  counting = false;

  const rows = [...tallies.entries()].sort((a, b) => b[1].ms - a[1].ms);
  const total = rows.reduce((sum, [, t]) => sum + t.ms, 0);
  for (const [text, t] of rows) {
    if (t.ms / N < 0.005) continue;
    console.log(`${(t.ms / N).toFixed(3).padStart(7)} ms  ${(t.runs / N).toFixed(2).padStart(5)}×  ${text}`);
  }
  console.log(
    `${N} sends with their mails: PGlite WASM ${(total / N).toFixed(3)} ms/send; process CPU ${((cpu.user + cpu.system) / 1000 / N).toFixed(3)} ms/send; wall ${(wall / N).toFixed(3)} ms/send; statements ${(rows.reduce((s, [, t]) => s + t.runs, 0) / N).toFixed(2)}/send`,
  );
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
