/**
 * npm run bench:bundle — the gzip JavaScript and CSS of every route of the web app (the entry plus that route's
 * layout and page chunks), read from the production build. The budgets themselves are a test
 * (tests/e2e/bundle-budget.spec.ts); this prints the whole table. See docs/performance.md.
 *
 *   npm run bench:bundle            (builds dist/web first)
 *   npx tsx scripts/bench/bundle.ts (the build already there)
 */
import { bundleReport, kb } from '../../server/web/route-bundles';

const report = bundleReport();
console.log(`entry: ${kb(report.entry.jsGzip)} JS in ${report.entry.jsFiles.length} files, ${kb(report.entry.cssGzip)} CSS`);
console.log(`${'route (page, layout)'.padEnd(34)} ${'JS gzip'.padStart(9)} ${'files'.padStart(5)} ${'CSS gzip'.padStart(9)}`);
for (const r of report.routes) {
  console.log(`${r.name.padEnd(34)} ${kb(r.jsGzip).padStart(9)} ${String(r.jsFiles.length).padStart(5)} ${kb(r.cssGzip).padStart(9)}`);
}
