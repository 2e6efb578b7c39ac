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
import { machineCoverage, sumTaken, type MachineCoverage, type Taken } from '../../machines/graph/atlas-coverage';
import { transitionUniverse } from '../../machines/graph/model-graph';
import { coverageMarkdown, formatPercent, type CoverageRow } from './coverage';
import { apiLinks, type OperationLink } from './api-links';
import { exportedMachines } from './machine-files';
import { SERVER_SIDE, SERVER_TAKES } from './ui-coverage';
import { UI_COVERAGE_FILE, type UiCoverage } from './ui-coverage-file';
import { UI_COVERAGE_FLOOR_FILE } from './ui-coverage-floor';
import { machineDoc, type MachineSource } from './machine-doc';
import { operationsDoc } from './operations-doc';

export const FLOWS_DIR = join('docs', 'flows');
/** docs/flows/coverage/<name>.json: one machine's two coverages, for the explorer to load one machine at a time. */
const COVERAGE_DIR = 'coverage';

/**
 * File name (inside docs/flows; `coverage/<name>.json` for the explorer's files) → content. `ui` is the browser run's
 * record (docs/flows/ui-coverage.json): the atlas shows it beside the model tests' coverage.
 */
export async function renderAtlas(
  entries: Array<[string, CatalogueEntry]>,
  sources: Map<AnyStateMachine, MachineSource>,
  api: Map<string, OperationLink> = new Map(),
  ui: UiCoverage = {},
): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const rows: CoverageRow[] = [];
  const both: MachineCoverage[] = [];
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
    const machine = machineCoverage({
      ids: transitionUniverse(entry.machine).map((t) => t.id),
      modelUntaken: coverage.transitions.untaken.map((t) => t.id),
      reasons: entry.uncovered ?? {},
      browser: name in SERVER_SIDE ? null : (ui[entry.machine.id] ?? {}),
    });
    both.push(machine);
    files.set(`${COVERAGE_DIR}/${name}.json`, JSON.stringify(machine, null, 2) + '\n');
    files.set(`${name}.md`, machineDoc({ name, entry, source: sources.get(entry.machine), model, coverage, both: machine, serverSide: SERVER_SIDE[name], serverTakes: SERVER_TAKES[name], api }));
  }
  files.set('coverage.md', coverageMarkdown(rows));
  files.set('README.md', index(entries, rows, both));
  if (api.size) files.set('operations.md', operationsDoc(entries, api));
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** The browser run's record as committed; none yet reads as no transition taken. */
function readUiCoverage(root: string): UiCoverage {
  const file = join(root, UI_COVERAGE_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as UiCoverage) : {};
}

/**
 * The atlas of this project: its catalogue, with each machine's source file, each operation's handler and what the
 * browser tests took (the committed ui-coverage.json: `npm run flows` never runs a browser).
 */
export async function renderProjectAtlas(root = '.'): Promise<Map<string, string>> {
  const sources = new Map((await exportedMachines(root)).map(({ machine, file, exportName }) => [machine, { file, exportName }]));
  return renderAtlas(catalogueEntries(), sources, apiLinks(root), readUiCoverage(root));
}

/**
 * The browser run's record and the floor recorded from it are inputs, written by the Playwright run and by
 * `npm run flows:ui-floor`; everything else here is drawn from the catalogue.
 */
const INPUTS = new Set([basename(UI_COVERAGE_FILE), basename(UI_COVERAGE_FLOOR_FILE)]);
const isAtlasFile = (name: string) => !INPUTS.has(name) && (name.endsWith('.md') || name.endsWith('.json'));

/** The generated files there are, by their path inside docs/flows (`README.md`, `coverage/session.json`). */
function presentFiles(dir: string): string[] {
  const own = existsSync(dir) ? readdirSync(dir).filter(isAtlasFile) : [];
  const nested = join(dir, COVERAGE_DIR);
  const explorer = existsSync(nested) ? readdirSync(nested).filter((name) => name.endsWith('.json')).map((name) => `${COVERAGE_DIR}/${name}`) : [];
  return [...own, ...explorer];
}

/** Files of docs/flows that differ from `files`, are missing, or should not be there (a machine was removed). */
export function staleFiles(root: string, files: Map<string, string>): string[] {
  const dir = join(root, FLOWS_DIR);
  const present = presentFiles(dir);
  const stale = [...files].filter(([name, content]) => !present.includes(name) || readFileSync(join(dir, name), 'utf8') !== content).map(([name]) => name);
  return [...stale, ...present.filter((name) => !files.has(name))].sort();
}

/** Writes `files` into docs/flows and removes the generated files no machine produces any more. */
export function writeAtlas(root: string, files: Map<string, string>): string[] {
  const dir = join(root, FLOWS_DIR);
  mkdirSync(join(dir, COVERAGE_DIR), { recursive: true });
  const changed = staleFiles(root, files);
  for (const name of presentFiles(dir).filter((f) => !files.has(f))) rmSync(join(dir, name));
  for (const [name, content] of files) writeFileSync(join(dir, name), content);
  return changed;
}

/** `11/22 (50%)` */
const figure = (t: Taken) => `${t.taken}/${t.total} (${formatPercent(t)})`;

function index(entries: Array<[string, CatalogueEntry]>, rows: CoverageRow[], both: MachineCoverage[]): string {
  const counted = both.flatMap((m) => (m.browser ? [m.browser] : []));
  const lines = [
    '# Flow atlas',
    '',
    'Every XState machine of Tipjar, drawn from the machine itself, with its states, events, guards and the paths',
    'the model-based tests replay, and where it runs: the views that render it, the API operations its actors call',
    'with their handlers, and its tests. Generated by `npm run flows` from the catalogue (`machines/flow-catalogue.ts`',
    'lists one `machines/<name>.catalogue.ts` per machine); do not edit — a test fails when this folder is stale.',
    '',
    'Transitions taken, per machine: by the **model tests** (vitest, the catalogue\'s fake actors; every machine) and by',
    'the **browser tests** (Playwright in Chromium against the real server, from [ui-coverage.json](ui-coverage.json); of',
    'the machines the server runs only the payment lifecycle is counted). Each machine\'s page lists, per transition, both, with the browser tests',
    'that took it. See "Browser coverage" below.',
    '',
    '| Machine | Purpose | Operations | States | Model tests | Browser tests |',
    '| --- | --- | --- | --- | --- | --- |',
    ...entries.map(([name, entry], i) => {
      const { states, transitions } = rows[i]!.coverage;
      const browser = both[i]!.browser;
      const operations = [...new Set(Object.values(entry.operations).flat())].map((id) => `\`${id}\``).join(', ');
      return `| [${name}](${name}.md) | ${entry.purpose.replace(/\|/g, '\\|')} | ${operations} | ${states.total} | ${figure(transitions)} | ${browser ? figure(browser) : 'not counted (the server runs it)'} |`;
    }),
    '',
    `Model tests, all ${both.length} machines: ${figure(sumTaken(both.map((m) => m.model)))} of their transitions. ` +
      `Browser tests, the ${counted.length} machines counted (the user-facing ones and the payment lifecycle): ${figure(sumTaken(counted))}.`,
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
    '  spec file rewrites it; a run of some updates their tests\' rows and keeps the rest. `npm run flows` reads it and',
    '  never writes it.',
    '- **Shown in the atlas.** `npm run flows` draws both coverages from the committed ui-coverage.json: the two figures',
    '  per machine in the table above, and on each machine\'s page a "Coverage by transition" table — the model tests\'',
    '  verdict (or the catalogue\'s reason) and the browser tests that took it, three by name and the rest counted. The',
    '  explorer (/flows, "Show test coverage") shows the same with every test\'s name; it loads one machine\'s file,',
    '  `coverage/<name>.json`, when its coverage is shown, never the whole record. The deposit and withdrawal',
    '  lifecycles run in no screen and only the server moves them: they are not counted. The payment lifecycle runs on',
    '  the server too, but people move it: its browser coverage is the transitions the tests\' browser requests caused',
    '  there (server/dev/browser-trail.ts), and the ones only the server\'s jobs take are named with why',
    '  (scripts/flows/ui-coverage.ts `SERVER_TAKES`); every other one must be in its floor',
    '  (tests/unit/flows/ui-coverage-goal.test.ts). After a browser run changes ui-coverage.json, run `npm run flows`',
    '  and commit both (the atlas test fails until then).',
    '- **Measured.** `npm run flows:ui-coverage` prints, per user-facing machine, the share of its transitions taken in',
    '  Chromium (`-- --untaken` lists the rest).',
    '- **Only up: the floor.** [ui-coverage-floor.json](ui-coverage-floor.json) records, per user-facing machine, the',
    '  transitions the browser tests took (with their count and the total). `npm test` checks it right after its',
    '  Playwright run (scripts/test-all.mjs, stage "browser coverage floor"): a machine whose browser tests no longer take',
    '  a transition of its floor, or take fewer than its floor counts (one renamed away), fails the run, naming each',
    '  transition lost. The floor is a set of transitions, not a percentage, so adding a transition to a machine does',
    '  not fail it. `npm run flows:ui-floor` records the floor from ui-coverage.json: it raises it, and refuses to lower',
    '  any machine\'s unless given `-- --lower` (a machine changed on purpose; say why in the commit).',
    '- **A run of some spec files** (`npx playwright test tests/e2e/sign-in.spec.ts`) neither checks nor writes the',
    '  floor: only `npm test`, which runs every spec file and so rewrites ui-coverage.json whole, checks it, and only',
    '  the command writes it. Its tests\' rows in ui-coverage.json are updated and the others kept, so the atlas stays',
    '  whole; record the floor after a full run (`npm test`, or `npx playwright test` with no file), whose record is',
    '  this build\'s alone.',
    '- **Screens.** The generated path tests capture the screen of each state they reach, checked first by the',
    '  driver, at 375 and 1280 px (and in es and pt for the flows that move money) into [screens/](screens/), with an',
    '  index; the explorer (/flows, "Screens") shows the one of the state picked, clicked on the diagram, or reached by',
    '  stepping or playing a path. A full browser run replaces them all (docs/architecture.md, "The flow as screens").',
  ];
  return lines.join('\n') + '\n';
}
