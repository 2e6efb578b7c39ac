/**
 * The layers drawing in docs/architecture.md, made from the import graph that .dependency-cruiser.cjs checks (issue 24
 * item 1): every module is placed in its layer, imports are summed per pair of layers, and an arrow that one of the
 * configuration's rules forbids is drawn red with its count. `npx tsx scripts/architecture/layers.ts` rewrites the
 * block; `--check` exits 1 when the block differs (npm test runs that).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cruise, type ICruiseResult, type IReporterOutput } from 'dependency-cruiser';

const require = createRequire(import.meta.url);
const DOC = 'docs/architecture.md';
const START = '<!-- layers:start (scripts/architecture/layers.ts writes this block) -->';
const END = '<!-- layers:end -->';

/** Top to bottom: each module belongs to the first layer whose pattern matches its path. */
const LAYERS: { id: string; label: string; pattern: RegExp }[] = [
  { id: 'app', label: 'src/app (shell, router, runtime)', pattern: /^src\/(app|main\.tsx|layouts)\b/ },
  { id: 'features', label: 'src/features (one folder a feature)', pattern: /^src\/features\// },
  { id: 'web', label: 'src/ui, src/lib, src/api, src/i18n', pattern: /^src\// },
  { id: 'http', label: 'server/http, routes, web', pattern: /^server\/(http|routes|web)\/|^server\/app\.ts$/ },
  { id: 'services', label: 'server services', pattern: /^server\/(accounts|auth|creators|payments|wallet|ledger|people|media|jobs|notifications|roles|security|audit|problems|idempotency)\// },
  { id: 'db', label: 'server/db (schema, migrations)', pattern: /^server\/db\// },
  { id: 'server', label: 'server (config, providers, CLIs)', pattern: /^server\// },
  { id: 'machines', label: 'machines (XState)', pattern: /^machines\// },
  { id: 'domain', label: 'domain (rules, money, limits)', pattern: /^domain\// },
];

const layerOf = (path: string) => LAYERS.find((layer) => layer.pattern.test(path))?.id ?? null;

export async function layersBlock(): Promise<string> {
  const configuration = require('../../.dependency-cruiser.cjs');
  const result: IReporterOutput = await cruise(['server', 'src', 'machines', 'domain'], {
    ...configuration.options,
    validate: true,
    ruleSet: { forbidden: configuration.forbidden },
    includeOnly: '^(server|src|machines|domain)/',
  });
  const output = result.output as ICruiseResult;
  const edges = new Map<string, { count: number; forbidden: number }>();
  for (const module of output.modules) {
    const from = layerOf(module.source);
    for (const dependency of module.dependencies) {
      const to = layerOf(dependency.resolved);
      // Inside a layer only what breaks a rule is drawn (features importing each other, circles).
      if (!from || !to || (from === to && dependency.valid)) continue;
      const key = `${from}>${to}`;
      const edge = edges.get(key) ?? { count: 0, forbidden: 0 };
      edge.count += 1;
      if (!dependency.valid) edge.forbidden += 1;
      edges.set(key, edge);
    }
  }
  const lines = ['```mermaid', 'flowchart TD'];
  for (const layer of LAYERS) lines.push(`  ${layer.id}["${layer.label}"]`);
  const red: number[] = [];
  const sorted = [...edges].sort(([a], [b]) => a.localeCompare(b));
  sorted.forEach(([key, edge], index) => {
    const [from, to] = key.split('>');
    const label = from === to ? `${edge.forbidden} forbidden` : `${edge.count}${edge.forbidden ? `, ${edge.forbidden} forbidden` : ''}`;
    lines.push(`  ${from} -->|${label}| ${to}`);
    if (edge.forbidden) red.push(index);
  });
  if (red.length) lines.push(`  linkStyle ${red.join(',')} stroke:#c62828,stroke-width:2px`);
  lines.push('```');
  return `${START}\n${lines.join('\n')}\n${END}`;
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const document = readFileSync(DOC, 'utf8');
  const start = document.indexOf(START);
  const end = document.indexOf(END);
  if (start < 0 || end < 0) throw new Error(`${DOC} has no layers block (${START} … ${END})`);
  const next = document.slice(0, start) + (await layersBlock()) + document.slice(end + END.length);
  if (process.argv.includes('--check')) {
    if (next !== document) {
      console.error(`${DOC}: the layers drawing is stale: run npx tsx scripts/architecture/layers.ts`);
      process.exit(1);
    }
    console.log(`${DOC}: the layers drawing matches the import graph`);
  } else {
    writeFileSync(DOC, next);
    console.log(`${DOC}: layers drawing written`);
  }
}
