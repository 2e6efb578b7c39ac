/**
 * Where a page's main-thread time goes before its largest contentful paint: reads a CPU profile that
 * `scripts/bench/web.ts --load-profile FILE` wrote (CDP Profiler over a cold, throttled load) and sums the samples
 * taken before the LCP by the original source file (through dist/web's source maps), by package, and by function.
 *
 *   npx tsx scripts/bench/load-profile.ts home.cpuprofile [--top 30]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { SourceMapConsumer } from 'source-map-js';

const { values: args, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '30' } } });
const file = positionals[0];
if (!file) throw new Error('usage: load-profile.ts FILE.cpuprofile [--top 30]');

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}
interface LoadProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  /** Added by web.ts: the navigation's start and the LCP, on the profile's clock (µs). */
  navigationStart: number;
  lcpAt: number;
}

const profile = JSON.parse(readFileSync(file, 'utf8')) as LoadProfile;
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const maps = new Map<string, SourceMapConsumer | null>();
function consumer(url: string) {
  if (!maps.has(url)) {
    const path = url.replace(/^https?:\/\/[^/]+\//, 'dist/web/');
    try {
      maps.set(url, new SourceMapConsumer(JSON.parse(readFileSync(`${path}.map`, 'utf8'))));
    } catch {
      maps.set(url, null);
    }
  }
  return maps.get(url)!;
}
const owner = (source: string) => {
  const nm = source.lastIndexOf('node_modules/');
  if (nm < 0) return source.replace(/^(\.\.\/)+/, '');
  const rest = source.slice(nm + 'node_modules/'.length).split('/');
  return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
};
/** The original source and function of a frame, or the special names V8 gives (program, idle, garbage collector). */
function place(frame: CallFrame) {
  if (!frame.url) return { source: `(${frame.functionName || 'native'})`, fn: frame.functionName || '(anonymous)' };
  const map = frame.url.endsWith('.js') ? consumer(frame.url) : null;
  if (!map) return { source: frame.url.replace(/^https?:\/\/[^/]+/, ''), fn: frame.functionName || '(anonymous)' };
  const at = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  return { source: at.source ?? frame.url, fn: `${at.name ?? frame.functionName ?? '(anonymous)'} ${owner(at.source ?? '')}:${at.line ?? '?'}` };
}

const bySource = new Map<string, number>();
const byPackage = new Map<string, number>();
const byFunction = new Map<string, number>();
const byWindow = new Map<number, number>();
const windowTop = new Map<number, Map<string, number>>();
let t = profile.startTime;
let busy = 0;
for (let i = 0; i < profile.samples.length; i++) {
  t += profile.timeDeltas[i]!;
  const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
  if (t > profile.lcpAt) break;
  const node = nodes.get(profile.samples[i]!)!;
  const { source, fn } = place(node.callFrame);
  // (idle) is waiting; (program) is the browser's own work, and with CPU throttling the time the thread is held back.
  if (source === '(idle)' || source === '(program)') continue;
  busy += dt;
  bySource.set(source, (bySource.get(source) ?? 0) + dt);
  byPackage.set(owner(source), (byPackage.get(owner(source)) ?? 0) + dt);
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + dt);
  const window = Math.floor((t - profile.navigationStart) / 250_000) * 250;
  byWindow.set(window, (byWindow.get(window) ?? 0) + dt);
  const inWindow = windowTop.get(window) ?? new Map<string, number>();
  inWindow.set(owner(source), (inWindow.get(owner(source)) ?? 0) + dt);
  windowTop.set(window, inWindow);
}

const top = Number(args.top);
const print = (title: string, totals: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [key, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${ms.toFixed(0).padStart(7)} ms  ${key}`);
};
console.log(`${file}: ${busy.toFixed(0)} ms of main-thread work before the LCP at ${((profile.lcpAt - profile.navigationStart) / 1000).toFixed(0)} ms`);
console.log('script ms per 250 ms after the navigation (with throttling, 250 ms of CPU is ~62 ms of script), and what ran most:');
for (const [w, ms] of [...byWindow].sort((a, b) => a[0] - b[0])) {
  const most = [...windowTop.get(w)!].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ');
  console.log(`${String(w).padStart(6)} ms ${ms.toFixed(0).padStart(5)}  ${most}`);
}
print('by package / our file', byPackage);
print('by function (self time)', byFunction);
