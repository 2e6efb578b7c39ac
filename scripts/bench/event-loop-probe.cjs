/**
 * Where a slow request's time goes, from inside the server: preloaded into the server under bench:api with
 *
 *   BENCH_NODE_OPTIONS="--require ./scripts/bench/event-loop-probe.cjs" npx tsx scripts/bench/api.ts
 *
 * it records, per second, how late the event loop ran (perf_hooks.monitorEventLoopDelay: a request that arrives
 * while the loop is busy waits at least that long) and the garbage collector's pauses, and prints them to stderr
 * when the server exits. Nothing of the server's code changes; without the flag nothing of this runs.
 */
'use strict';
const { monitorEventLoopDelay, PerformanceObserver, constants } = require('node:perf_hooks');

const RESOLUTION_MS = 5;
const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
delay.enable();

const gcKinds = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
};
let gcSecond = { count: 0, ms: 0, maxMs: 0 };
const gcTotals = {};
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = gcKinds[entry.detail?.kind] ?? 'other';
    const total = (gcTotals[kind] ??= { count: 0, ms: 0, maxMs: 0 });
    total.count++;
    total.ms += entry.duration;
    total.maxMs = Math.max(total.maxMs, entry.duration);
    gcSecond.count++;
    gcSecond.ms += entry.duration;
    gcSecond.maxMs = Math.max(gcSecond.maxMs, entry.duration);
  }
}).observe({ entryTypes: ['gc'] });

const seconds = [];
const started = Date.now();
const timer = setInterval(() => {
  // The histogram's values are how late the probe's timer ran, in ns, beyond its RESOLUTION_MS.
  seconds.push({
    t: Math.round((Date.now() - started) / 1000),
    p50: delay.percentile(50) / 1e6,
    p99: delay.percentile(99) / 1e6,
    max: delay.max / 1e6,
    gc: gcSecond,
  });
  gcSecond = { count: 0, ms: 0, maxMs: 0 };
  delay.reset();
}, 1000);
timer.unref();

process.on('exit', () => {
  const f = (n) => n.toFixed(1).padStart(6);
  const lines = ['[event-loop-probe] per second: event-loop delay p50 / p99 / max (ms), GC pauses count / total / longest (ms)'];
  // Only the seconds the server was busy (a delay or GC worth printing), to keep the idle start-up out.
  for (const s of seconds) {
    if (s.gc.count === 0 && s.max < 2) continue;
    lines.push(`  t=${String(s.t).padStart(3)} s  delay ${f(s.p50)} ${f(s.p99)} ${f(s.max)}   gc ${String(s.gc.count).padStart(3)} ${f(s.gc.ms)} ${f(s.gc.maxMs)}`);
  }
  lines.push(`[event-loop-probe] GC over the whole run: ${JSON.stringify(gcTotals, (_, v) => (typeof v === 'number' ? Math.round(v * 10) / 10 : v))}`);
  process.stderr.write(lines.join('\n') + '\n');
});
