import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { mergeUiCoverage, UI_COVERAGE_FILE, uiCoverageJson, type TestTransitions, type UiCoverage } from '../../../scripts/flows/ui-coverage-file';
import { screensDir } from '../paths/screens';
import { fileRunScreens, SCREENS_DIR } from '../../../scripts/flows/flow-screens-files';
import { transitionsDir } from './ui-transitions';

/**
 * After the run (playwright.config.ts `globalTeardown`): every test's transitions (ui-transitions.ts) merged into
 * docs/flows/ui-coverage.json, and the screens the generated paths captured (paths/screens.ts) filed under
 * docs/flows/screens. A run of every spec file rewrites both; a run of a few updates what its tests took.
 */
export default function writeUiCoverage(config: FullConfig): void {
  const dir = transitionsDir();
  if (!dir || !existsSync(dir)) return;
  const ran = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as TestTransitions);
  rmSync(dir, { recursive: true, force: true });
  if (ran.length === 0) return;
  const root = config.configFile ? dirname(config.configFile) : process.cwd();
  const specs = readdirSync(join(root, 'tests', 'e2e')).filter((name) => name.endsWith('.spec.ts')).map((name) => `tests/e2e/${name}`);
  const ranFiles = new Set(ran.map((t) => t.file));
  const fullRun = specs.every((spec) => ranFiles.has(spec));
  const file = join(root, UI_COVERAGE_FILE);
  const previous = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as UiCoverage) : {};
  const merged = mergeUiCoverage(previous, ran, { fullRun, fileExists: (spec) => existsSync(join(root, spec)) });
  writeFileSync(file, uiCoverageJson(merged));
  console.log(`${UI_COVERAGE_FILE}: the transitions of ${ran.length} tests (npm run flows:ui-coverage prints the figures)`);
  const shots = screensDir();
  if (shots) {
    const filed = fileRunScreens(shots, join(root, SCREENS_DIR), fullRun);
    if (filed) console.log(`${SCREENS_DIR}: ${filed} screens of the states the generated paths reached`);
  }
}
