/**
 * Where a route's JavaScript bytes come from: for each file of the route (entry + layout + page chunks, as
 * route-bundles.ts adds them up), the generated characters each source maps to, scaled to the file's gzip size,
 * summed per package (node_modules/x) or per source file of ours. An estimate (gzip does not compress every part
 * alike), good enough to say which imports to move.
 *
 *   npx tsx scripts/bench/attribute.ts "landing (public)" [--files]
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';
import { bundleReport, kb } from './route-bundles';

const [name = 'landing (public)', flag] = process.argv.slice(2);
const report = bundleReport('.');
const route = report.routes.find((r) => r.name === name);
if (!route) throw new Error(`no route named ${name}; try one of: ${report.routes.map((r) => r.name).join(', ')}`);

const owner = (source: string) => {
  const nm = source.lastIndexOf('node_modules/');
  if (nm < 0) return source.replace(/^(\.\.\/)+/, '');
  const rest = source.slice(nm + 'node_modules/'.length).split('/');
  return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
};

const totals = new Map<string, number>();
for (const file of route.jsFiles) {
  const code = readFileSync(`dist/web/${file}`, 'utf8');
  const gzip = gzipSync(code).length;
  let consumer: SourceMapConsumer;
  try {
    consumer = new SourceMapConsumer(JSON.parse(readFileSync(`dist/web/${file}.map`, 'utf8')));
  } catch {
    totals.set(`${file} (no map)`, gzip);
    continue;
  }
  const lines = code.split('\n');
  const perSource = new Map<string, number>();
  let mapped: { line: number; column: number; source: string | null }[] = [];
  consumer.eachMapping((m) => mapped.push({ line: m.generatedLine, column: m.generatedColumn, source: m.source }));
  mapped.sort((a, b) => a.line - b.line || a.column - b.column);
  for (let i = 0; i < mapped.length; i++) {
    const m = mapped[i]!;
    const next = mapped[i + 1];
    const end = next && next.line === m.line ? next.column : lines[m.line - 1]!.length;
    const key = m.source ? owner(m.source) : '(unmapped)';
    perSource.set(key, (perSource.get(key) ?? 0) + (end - m.column));
  }
  const chars = [...perSource.values()].reduce((a, b) => a + b, 0) || 1;
  for (const [key, n] of perSource) {
    const label = flag === '--files' ? `${file} ${key}` : key;
    totals.set(label, (totals.get(label) ?? 0) + (n / chars) * gzip);
  }
}
console.log(`${route.name}: ${kb(route.jsGzip)} in ${route.jsFiles.length} files`);
for (const [key, bytes] of [...totals].sort((a, b) => b[1] - a[1]).filter(([, b]) => b > Number(process.env.MIN ?? 200))) {
  console.log(`${kb(bytes).padStart(9)}  ${key}`);
}
