// Run by scripts/test-all.mjs at the end of `npm test`: prints the model tests' path coverage per machine and
// fails when a catalogued machine has no model test, a transition is left untaken without a reason, or the run
// measured other coverage than docs/flows/coverage.md shows. Argument: vitest's JSON report (it carries each
// test's task.meta, where describeModel puts modelCoverage).
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { catalogueEntries } from '../../machines/catalogue';
import type { ModelCoverage } from '../../tests/support/model-based';
import { FLOWS_DIR } from './atlas';
import { checkMeasured, coverageText, type MeasuredCoverage } from './coverage';

interface VitestJson {
  testResults: Array<{ name: string; assertionResults: Array<{ meta?: { modelCoverage?: ModelCoverage } }> }>;
}

const [reportFile] = process.argv.slice(2);
if (!reportFile || !existsSync(reportFile)) {
  console.error(`flow coverage: no vitest report at ${reportFile}; did vitest run?`);
  process.exit(1);
}
const report = JSON.parse(readFileSync(reportFile, 'utf8')) as VitestJson;
const measured: MeasuredCoverage[] = report.testResults.flatMap((file) =>
  file.assertionResults.flatMap((test) => (test.meta?.modelCoverage ? [{ file: relative('.', file.name), coverage: test.meta.modelCoverage }] : [])),
);
const documentedFile = `${FLOWS_DIR}/coverage.md`;
const documented = existsSync(documentedFile) ? readFileSync(documentedFile, 'utf8') : null;
const { rows, problems } = checkMeasured(catalogueEntries(), measured, documented);

console.log('Path coverage of the model-based tests (docs/flows/coverage.md):');
console.log(coverageText(rows));
for (const problem of problems) console.error(`✗ ${problem}`);
process.exit(problems.length ? 1 : 0);
