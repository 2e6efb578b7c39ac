/**
 * The flow atlas: `docs/flows/` rendered in memory from the catalogue, so `npm run flows` writes it and a test
 * compares it with what is committed.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { AnyStateMachine } from 'xstate';
import { catalogueEntries } from '../../machines/catalogue';
import type { CatalogueEntry } from '../../machines/catalogue-entry';
import { atlasModel } from '../../tests/support/catalogue-model';
import { coverageMarkdown, formatPercent, type CoverageRow } from './coverage';
import { apiLinks, type OperationLink } from './api-links';
import { exportedMachines } from './machine-files';
import { UI_COVERAGE_FILE } from './ui-coverage-file';
import { machineDoc, type MachineSource } from './machine-doc';
import { operationsDoc } from './operations-doc';

export const FLOWS_DIR = join('docs', 'flows');

/** File name (inside docs/flows) → content. */
export async function renderAtlas(
  entries: Array<[string, CatalogueEntry]>,
  sources: Map<AnyStateMachine, MachineSource>,
  api: Map<string, OperationLink> = new Map(),
): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const rows: CoverageRow[] = [];
  for (const [name, entry] of entries) {
    const model = atlasModel(entry);
    try {
      for (const path of model.paths) await model.run(path);
    } catch (err) {
      // The state assertions are off here, so only the actor leaving the planned path can fail.
      throw new Error(`${name}: a generated path does not replay (${(err as Error).message}); fix the catalogue entry`);
    }
    const coverage = model.coverage();
    rows.push({ name, coverage, uncovered: entry.uncovered ?? {} });
    files.set(`${name}.md`, machineDoc({ name, entry, source: sources.get(entry.machine), model, coverage, api }));
  }
  files.set('coverage.md', coverageMarkdown(rows));
  files.set('coverage.json', coverageJson(rows));
  files.set('README.md', index(entries, rows));
  if (api.size) files.set('operations.md', operationsDoc(entries, api));
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** The atlas of this project: its catalogue, with each machine's source file and each operation's handler. */
export async function renderProjectAtlas(root = '.'): Promise<Map<string, string>> {
  const sources = new Map((await exportedMachines(root)).map(({ machine, file, exportName }) => [machine, { file, exportName }]));
  return renderAtlas(catalogueEntries(), sources, apiLinks(root));
}

/** ui-coverage.json is the browser run's record (scripts/flows/ui-coverage-file.ts): an input, not drawn from the catalogue. */
const isAtlasFile = (name: string) => name !== basename(UI_COVERAGE_FILE) && (name.endsWith('.md') || name.endsWith('.json'));

/**
 * The same coverage for the explorer's overlay (/flows): per machine, the transition ids the paths take and the
 * ones they leave with the catalogue's reason. Generated with coverage.md, so it is checked against the tests too.
 */
function coverageJson(rows: CoverageRow[]): string {
  const byMachine = Object.fromEntries(
    rows.map(({ name, coverage, uncovered }) => {
      const untaken = new Set(coverage.transitions.untaken.map((t) => t.id));
      return [name, { taken: coverage.transitions.total - untaken.size, total: coverage.transitions.total, untaken: [...untaken].map((id) => ({ id, reason: uncovered[id] ?? null })) }];
    }),
  );
  return JSON.stringify(byMachine, null, 2) + '\n';
}

/** Files of docs/flows that differ from `files`, are missing, or should not be there (a machine was removed). */
export function staleFiles(root: string, files: Map<string, string>): string[] {
  const dir = join(root, FLOWS_DIR);
  const present = existsSync(dir) ? readdirSync(dir).filter(isAtlasFile) : [];
  const stale = [...files].filter(([name, content]) => !present.includes(name) || readFileSync(join(dir, name), 'utf8') !== content).map(([name]) => name);
  return [...stale, ...present.filter((name) => !files.has(name))].sort();
}

/** Writes `files` into docs/flows and removes the Markdown files no machine produces any more. */
export function writeAtlas(root: string, files: Map<string, string>): string[] {
  const dir = join(root, FLOWS_DIR);
  mkdirSync(dir, { recursive: true });
  const changed = staleFiles(root, files);
  for (const name of readdirSync(dir).filter((f) => isAtlasFile(f) && !files.has(f))) rmSync(join(dir, name));
  for (const [name, content] of files) writeFileSync(join(dir, name), content);
  return changed;
}

function index(entries: Array<[string, CatalogueEntry]>, rows: CoverageRow[]): string {
  const lines = [
    '# Flow atlas',
    '',
    'Every XState machine of Tipjar, drawn from the machine itself, with its states, events, guards and the paths',
    'the model-based tests replay, and where it runs: the views that render it, the API operations its actors call',
    'with their handlers, and its tests. Generated by `npm run flows` from the catalogue (`machines/flow-catalogue.ts`',
    'lists one `machines/<name>.catalogue.ts` per machine); do not edit — a test fails when this folder is stale.',
    '',
    '| Machine | Purpose | Operations | States | Transitions taken |',
    '| --- | --- | --- | --- | --- |',
    ...entries.map(([name, entry], i) => {
      const { states, transitions } = rows[i]!.coverage;
      const operations = [...new Set(Object.values(entry.operations).flat())].map((id) => `\`${id}\``).join(', ');
      return `| [${name}](${name}.md) | ${entry.purpose.replace(/\|/g, '\\|')} | ${operations} | ${states.total} | ${transitions.taken}/${transitions.total} (${formatPercent(transitions)}) |`;
    }),
    '',
    'Path coverage in detail: [coverage.md](coverage.md). Each operation of the contract with its handler and the flows',
    'that call it: [operations.md](operations.md).',
    '',
    '## Adding a machine',
    '',
    '1. Export it from `machines/<file>.machine.ts` (a unit test fails while it is not catalogued).',
    '2. Write `machines/<name>.catalogue.ts` beside it (`export default entry({...})`) and list it in',
    '   `machines/flow-catalogue.ts`, in name order: `purpose` (one line), `views` (the src/ files that render it),',
    '   `operations` (per invoked actor, the operationIds of openapi/openapi.yaml it calls), `tests` (its other tests),',
    '   `fake` (the machine with `provide`d stand-ins for its network, storage and navigation), `inputs` (named starting',
    '   points), `events` (a sample of every event, one per guard branch you want taken), and if needed `invokeResults`,',
    '   `serializeState` (drop counters, or the graph never ends) and `uncovered` (transition id → why no path can take it).',
    '3. Write `tests/model/<name>.model.test.ts`: `describeModel(\'…\', { ...fromCatalogue(catalogue.<name>), setup, states })`',
    '   with `setup` building on `catalogue.<name>.fake()` and one assertion per atomic state (what the view shows).',
    '4. Run `npm run flows` and commit `docs/flows/`. `npm test` fails while a catalogued machine has no model test,',
    '   leaves a transition untaken without a reason, or measures other coverage than `coverage.md` shows.',
    '',
    '## Browser coverage',
    '',
    'The figures above are the model tests\', in vitest with fake actors. Which transitions the real screens take against',
    'the real server is recorded by the browser tests (issue 27):',
    '',
    '- **Recorded in the running app.** Every machine actor the app starts is created with `inspect: appInspect`',
    '  (src/lib/app-inspector.ts). The recorder (src/lib/transition-recording.ts over machines/graph/transition-recorder.ts)',
    '  turns each microstep into one record per transition taken — machine id, transition id, source, event, targets —',
    '  named by the same `transitionId` model coverage counts (machines/graph/model-graph.ts), so a browser row and a model',
    '  row are the same transition. Records carry names only, never an event\'s payload or a machine\'s context.',
    '- **How the build is chosen: there is one build.** Playwright serves `npm run build`, the bytes production serves;',
    '  a second, e2e-only build would test other bytes than ship and cost `npm test` another build. The recorder is',
    '  compiled into that build as a lazy chunk of its own (`transition-recording-*.js`), requested only when the page',
    '  carries the browser tests\' binding `__tipjarRecordTransition` before the app starts: the Playwright fixture puts it',
    '  on every context with `exposeBinding` (tests/e2e/support/ui-transitions.ts), and the records arrive in the test',
    '  process as they happen, so navigations lose none. A production page has no binding: `appInspect` is undefined, no',
    '  actor is inspected and the chunk is never requested; the runtime chunk carries the check alone (about 0.1 KB',
    '  gzip), and the live-inspection broadcaster for /flows stays `npm run dev` only. Under `npm run dev` the recorder',
    '  always runs and keeps its records on `window.__tipjarTransitions`. The chunk groups are cut as if the recorder',
    '  did not exist (scripts/build/chunk-groups.ts), so no chunk production serves changes because of it.',
    '  tests/e2e/bundle-budget.spec.ts proves it: no entry or route chunk carries recorder code (their source maps), the',
    '  recorder is reached only by `import()`, a page without the binding never requests it, the same page with it does,',
    '  and every route stays within its byte budget.',
    '- **ui-coverage.json.** After each test the fixture writes what it took (a test that did not pass counts nothing);',
    '  after the run, tests/e2e/support/ui-coverage-teardown.ts merges them into [ui-coverage.json](ui-coverage.json):',
    '  machine id → transition id → the tests (`file › title`) that took it, sorted, so it can be committed. A run of every',
    '  spec file rewrites it; a run of some updates their tests\' rows and keeps the rest. `npm run flows` neither writes',
    '  nor checks it.',
    '- **Measured.** `npm run flows:ui-coverage` prints, per user-facing machine, the share of its transitions taken in',
    '  Chromium (`-- --untaken` lists the rest); the server\'s lifecycle machines are not counted. No threshold yet.',
  ];
  return lines.join('\n') + '\n';
}
