// `npm run flows:ui-coverage [-- --untaken]`: the share of each user-facing machine's transitions the browser tests
// took, from docs/flows/ui-coverage.json (written by the Playwright run). It reports; the threshold is the floor
// (docs/flows/ui-coverage-floor.json), which `npm test` checks (ui-coverage-ratchet.ts).
import { existsSync, readFileSync } from 'node:fs';
import { catalogueEntries } from '../../machines/catalogue';
import { UI_COVERAGE_FILE, type UiCoverage } from './ui-coverage-file';
import { SERVER_SIDE, uiCoverageRows, uiCoverageText } from './ui-coverage';

if (!existsSync(UI_COVERAGE_FILE)) {
  console.error(`${UI_COVERAGE_FILE} is missing: run the browser tests (npm run build, then npx playwright test)`);
  process.exit(1);
}
const coverage = JSON.parse(readFileSync(UI_COVERAGE_FILE, 'utf8')) as UiCoverage;
const entries = catalogueEntries();
const rows = uiCoverageRows(entries, coverage);
console.log(`Browser coverage (${UI_COVERAGE_FILE}); not counted: ${Object.keys(SERVER_SIDE).join(', ')} (run by the server)`);
console.log(uiCoverageText(rows, { untaken: process.argv.includes('--untaken') }));
// A machine the app ran that the atlas does not know has no transitions to count against: name it.
const catalogued = new Set(entries.map(([, entry]) => entry.machine.id));
const strangers = Object.keys(coverage).filter((id) => !catalogued.has(id));
if (strangers.length) console.log(`✗ recorded machines not in machines/catalogue.ts: ${strangers.join(', ')}`);
process.exit(rows.some((r) => r.unknown.length) || strangers.length ? 1 : 0);
