// The browser-coverage ratchet (scripts/flows/ui-coverage-floor.ts), from docs/flows/ui-coverage.json:
//   tsx scripts/flows/ui-coverage-ratchet.ts            checks it against docs/flows/ui-coverage-floor.json; exit 1 on a
//                                                        fall. Run by scripts/test-all.mjs right after the full Playwright run.
//   npm run flows:ui-floor [-- --lower]                 records the floor from it; refuses to lower a machine's unless
//                                                        --lower is given.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { catalogueEntries } from '../../machines/catalogue';
import type { MachineCoverage } from '../../machines/graph/atlas-coverage';
import { UI_COVERAGE_FILE, type UiCoverage } from './ui-coverage-file';
import { checkFloor, floorFails, floorJson, floorOf, floorReport, UI_COVERAGE_FLOOR_FILE, type UiCoverageFloor } from './ui-coverage-floor';
import { uiCoverageRows } from './ui-coverage';

const record = process.argv.includes('--record');

/** Who took a transition in the committed record, from the atlas's file of the machine (none when it is missing). */
function tookBefore(name: string, id: string): string[] {
  const file = join(dirname(UI_COVERAGE_FILE), 'coverage', `${name}.json`);
  if (!existsSync(file)) return [];
  return (JSON.parse(readFileSync(file, 'utf8')) as MachineCoverage).transitions.find((t) => t.id === id)?.tests ?? [];
}
const lower = process.argv.includes('--lower');

if (!existsSync(UI_COVERAGE_FILE)) {
  console.error(`${UI_COVERAGE_FILE} is missing: run the browser tests (npm run build, then npx playwright test)`);
  process.exit(1);
}
const rows = uiCoverageRows(catalogueEntries(), JSON.parse(readFileSync(UI_COVERAGE_FILE, 'utf8')) as UiCoverage);
const floor = existsSync(UI_COVERAGE_FLOOR_FILE) ? (JSON.parse(readFileSync(UI_COVERAGE_FLOOR_FILE, 'utf8')) as UiCoverageFloor) : null;

if (!record) {
  if (!floor) {
    console.error(`${UI_COVERAGE_FLOOR_FILE} is missing: record it with \`npm run flows:ui-floor\` and commit it`);
    process.exit(1);
  }
  const check = checkFloor(floor, rows);
  console.log(`Browser coverage of this run (${UI_COVERAGE_FILE}) against its floor (${UI_COVERAGE_FLOOR_FILE}):`);
  console.log(floorReport(check, tookBefore));
  process.exit(floorFails(check) ? 1 : 0);
}

const check = floor ? checkFloor(floor, rows) : null;
if (check && floorFails(check) && !lower) {
  console.error(floorReport(check, tookBefore));
  console.error(`\n${UI_COVERAGE_FLOOR_FILE} not written: it would go down. Add --lower to record it anyway.`);
  process.exit(1);
}
const next = floorOf(rows);
writeFileSync(UI_COVERAGE_FLOOR_FILE, floorJson(next));
console.log(`${UI_COVERAGE_FLOOR_FILE}: ${next.total.taken} of ${next.total.total} transitions of ${rows.length} user-facing machines taken in Chromium`);
