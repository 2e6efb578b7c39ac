// `npm test`: every test, in order — types, knip, the architecture's rules and drawing, unit + API + model-based (vitest, on PGlite and on PostgreSQL when
// TEST_DATABASE_URL is set), then the built app in Chromium (Playwright) and its browser coverage against the recorded
// floor, then the model tests' path coverage per machine (scripts/flows/report.ts, read from vitest's JSON report).
// Ends with one summary line.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const reports = mkdtempSync(join(tmpdir(), 'tipjar-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedStages = [];
// CI keeps only the end of the output: the names of the failed tests are printed again there.
const failedTests = [];
const firstLine = (text) => String(text ?? '').split('\n').find((line) => line.trim()) ?? '';

function run(name, command, args, env = {}) {
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failedStages.push(name);
  return result.status === 0;
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

const bin = (name) => join('node_modules', '.bin', name);

// The browser tests start the built server on E2E_PORT and a second one on E2E_PORT + 1. A fixed port collides with
// any other run on the machine (another checkout's tests reach the wrong server, or none), so pick two free ones.
function isFree(port) {
  return new Promise((resolve) => {
    const server = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
async function freePortPair() {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    if ((await isFree(port)) && (await isFree(port + 1))) return port;
  }
  throw new Error('no two free neighbouring ports for the browser tests');
}


if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: database suites run on PGlite only (CI runs them on PostgreSQL too).');
}

run('types', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
// Nothing unused, nothing undeclared (knip.jsonc names the entry points): an unused file, dependency or export, or a
// package imported but not declared, fails the run.
run('unused code and dependencies (knip)', bin('knip'), ['--no-progress']);
// The architecture's rules (.dependency-cruiser.cjs, docs/architecture.md "Layers"): a new circle or forbidden import
// fails the run; the violations that predate the check are listed in .dependency-cruiser-known-violations.json.
run('architecture rules (dependency-cruiser)', bin('depcruise'), [
  '--ignore-known', '--output-type', 'err', 'server', 'src', 'machines', 'domain', 'scripts', 'tests',
]);
run('architecture drawing', bin('tsx'), ['scripts/architecture/layers.ts', '--check']);
// The generated browser paths (tests/e2e/paths/generated/) are what the machines' graphs and the committed
// ui-coverage.json give: checked before the browser run rewrites that file.
run('generated browser paths', bin('tsx'), ['scripts/flows/generate-paths.ts', '--check']);

const vitestReport = join(reports, 'vitest.json');
const vitestPassed = run('unit, API and model-based tests', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]);
const vitest = readJson(vitestReport);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
  // A file can fail with every test in it passed (a hook that throws or times out, an import error): name it, so
  // the end of the output says why the stage failed.
  for (const file of vitest.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed') failedTests.push(`${file.name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
    if (file.status === 'failed' && !file.assertionResults?.some((test) => test.status === 'failed')) {
      totals.failed += 1;
      failedTests.push(`${file.name}: ${firstLine(file.message) || 'failed outside its tests'}`);
      console.log(`✗ ${file.name}: ${String(file.message || 'failed outside its tests').split('\n')[0]}`);
    }
  }
  if (!vitestPassed && vitest.numFailedTests === 0 && vitest.numFailedTestSuites === 0) {
    console.log('✗ vitest caught unhandled errors (an uncaught exception or rejection): see "Unhandled Errors" above');
    totals.failed += 1;
  }
}

if (run('build', 'npm', ['run', 'build', '--silent']) && run('chromium', process.execPath, ['scripts/ensure-chromium.mjs'])) {
  const playwrightReport = join(reports, 'playwright.json');
  const e2ePort = process.env.E2E_PORT ?? String(await freePortPair());
  console.log(`browser tests serve the app on port ${e2ePort} (and ${Number(e2ePort) + 1} with the widgets configured)`);
  run('browser tests (Playwright, Chromium)', bin('playwright'), ['test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
    E2E_PORT: e2ePort,
  });
  const playwright = readJson(playwrightReport);
  if (playwright) {
    totals.passed += playwright.stats.expected + playwright.stats.flaky;
    totals.failed += playwright.stats.unexpected;
    totals.skipped += playwright.stats.skipped;
    const walk = (suite, titles) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          if (test.status !== 'unexpected') continue;
          const error = test.results?.at(-1)?.error?.message;
          failedTests.push(`${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}: ${firstLine(error).replace(/\x1b\[[0-9;]*m/g, '')}`);
        }
      }
      for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    };
    for (const suite of playwright.suites ?? []) walk(suite, []);
    // The run rewrote docs/flows/ui-coverage.json (every spec file ran): no machine may take fewer transitions in
    // Chromium than docs/flows/ui-coverage-floor.json records (scripts/flows/ui-coverage-floor.ts). Only here, after
    // a full run: a developer's run of one spec never checks nor writes the floor.
    run('browser coverage floor', bin('tsx'), ['scripts/flows/ui-coverage-ratchet.ts']);
  }
}

// Last, so the table is the end of the output: it fails the run when a catalogued machine has no model test, a
// transition is untaken without a reason, or docs/flows/coverage.md does not match what the tests measured.
run('flow coverage', bin('tsx'), ['scripts/flows/report.ts', vitestReport]);

console.log('');
for (const line of failedTests) console.log(`✗ ${line.slice(0, 400)}`);
if (failedStages.length) console.log(`Failed stages: ${failedStages.join(', ')}`);
if (totals.passed === 0 && failedStages.length === 0) {
  console.log('No test ran: that is a failure.');
  failedStages.push('none ran');
}
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedStages.length ? 1 : 0);
