/**
 * What each route of the web app costs in bytes: the entry (index.html's script and everything it imports
 * statically) plus that route's layout chunk and page chunk with their static imports, JavaScript and CSS, gzip at
 * zlib's default level — read from the build (dist/web/.vite/manifest.json), so no browser is needed.
 *
 * Which page appears in which layout is read from src/app/router/route-sets.ts, pages.ts and layouts.ts (their
 * `pages.x` / `layout: 'y'` / `import('…')` shapes); a route set this cannot read makes the caller fail rather than
 * report nothing (the byte-budget test checks the routes it expects are there).
 *
 * Used by `npm run bench:bundle` (the table) and tests/e2e/bundle-budget.spec.ts (the budgets).
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteBytes {
  /** `page (layout)`, e.g. `home (app)` */
  name: string;
  page: string;
  layout: string;
  jsFiles: string[];
  cssFiles: string[];
  jsGzip: number;
  cssGzip: number;
}

export interface BundleReport {
  entry: { jsFiles: string[]; cssFiles: string[]; jsGzip: number; cssGzip: number };
  routes: RouteBytes[];
  /** Every source file bundled into the entry's JavaScript (from its source maps). */
  entrySources: string[];
}

const read = (path: string) => readFileSync(path, 'utf8');

/** `name: lazyPage(() => import('../../x/y')` → name → src/x/y.tsx (the manifest's key). */
function lazyModules(root: string, file: string, manifest: Manifest): Map<string, string> {
  const dir = file.slice(0, file.lastIndexOf('/'));
  const found = new Map<string, string>();
  for (const m of read(`${root}/${file}`).matchAll(/(\w+): lazyPage\(\(\) =>\s*import\('([^']+)'\)/g)) {
    const parts = `${dir}/${m[2]}`.split('/');
    const out: string[] = [];
    for (const part of parts) {
      if (part === '..') out.pop();
      else if (part !== '.') out.push(part);
    }
    const base = out.join('/');
    const key = [`${base}.tsx`, `${base}.ts`].find((k) => manifest[k]);
    if (!key) throw new Error(`${m[1]}: ${base} is not a chunk of the build (is dist/web stale?)`);
    found.set(m[1]!, key);
  }
  return found;
}

/** (page, layout) pairs of every route set, with the helpers' layout parameter resolved; `signedIn` for the routes
 * of signed-in-routes.ts, whose table is a chunk of its own. */
export function routePairs(routeSetsFile: string, signedInFile?: string): { page: string; layout: string; signedIn: boolean }[] {
  const text = read(routeSetsFile);
  const pairs = new Set<string>();
  const helpers = new Map<string, string[]>();
  for (const m of text.matchAll(/const (\w+) = \((?:layout: LayoutKind)?\)[^=]*=>([\s\S]*?);\n/g)) {
    helpers.set(m[1]!, [...m[2]!.matchAll(/page: pages\.(\w+), layout(?:: '(\w+)')?/g)].map((p) => `${p[1]}|${p[2] ?? ''}`));
  }
  const tables: [string, boolean][] = [[text.slice(text.indexOf('export const PUBLIC_ROUTE_SETS')), false]];
  if (signedInFile) {
    const signedIn = read(signedInFile);
    tables.push([signedIn.slice(signedIn.indexOf('export const SIGNED_IN_ROUTE_SET')), true]);
  }
  for (const [sets, signedIn] of tables) {
    const add = (page: string, layout: string) => pairs.add(`${page}|${layout}|${signedIn ? 1 : ''}`);
    for (const m of sets.matchAll(/page: (?:pages|signedInPages)\.(\w+), layout: '(\w+)'/g)) add(m[1]!, m[2]!);
    for (const m of sets.matchAll(/\.\.\.(\w+)\(('(\w+)')?\)/g)) {
      for (const entry of helpers.get(m[1]!) ?? []) {
        const [page, layout] = entry.split('|');
        add(page!, layout || m[3]!);
      }
    }
    // A creator's public page and the 404 appear in the frames their route set names.
    for (const m of sets.matchAll(/publicProfileLayout: '(\w+)'/g)) add('publicProfile', m[1]!);
    for (const m of sets.matchAll(/notFoundLayout: '(\w+)'/g)) add('notFound', m[1]!);
  }
  return [...pairs].map((p) => {
    const [page, layout, signedIn] = p.split('|') as [string, string, string];
    return { page, layout, signedIn: signedIn === '1' };
  });
}

export function bundleReport(root = '.'): BundleReport {
  const dist = `${root}/dist/web`;
  const manifest = JSON.parse(read(`${dist}/.vite/manifest.json`)) as Manifest;
  const gzipCache = new Map<string, number>();
  const gz = (file: string) => {
    if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(`${dist}/${file}`)).length);
    return gzipCache.get(file)!;
  };
  /** A module's chunk and the chunks it imports statically (what must load before it runs). */
  const closure = (key: string, js = new Set<string>(), css = new Set<string>()) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return { js, css };
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) closure(i, js, css);
    return { js, css };
  };
  const sum = (files: Iterable<string>) => [...files].reduce((n, f) => n + gz(f), 0);

  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error('no entry in dist/web/.vite/manifest.json');
  const entry = closure(entryKey);
  const pages = new Map([
    ...lazyModules(root, 'src/app/router/pages.ts', manifest),
    ...lazyModules(root, 'src/app/router/signed-in-pages.ts', manifest),
  ]);
  const signedInTable = 'src/app/router/signed-in-routes.ts';
  const layouts = lazyModules(root, 'src/app/router/layouts.ts', manifest);

  const routes = routePairs(`${root}/src/app/router/route-sets.ts`, `${root}/${signedInTable}`).map(({ page, layout, signedIn }) => {
    const pageKey = pages.get(page);
    const layoutKey = layouts.get(layout);
    if (!pageKey || !layoutKey) throw new Error(`route ${page} (${layout}): no chunk found`);
    const js = new Set(entry.js);
    const css = new Set(entry.css);
    if (signedIn) closure(signedInTable, js, css);
    closure(layoutKey, js, css);
    closure(pageKey, js, css);
    return { name: `${page} (${layout})`, page, layout, jsFiles: [...js], cssFiles: [...css], jsGzip: sum(js), cssGzip: sum(css) };
  });

  const entrySources = [...entry.js].flatMap((file) => {
    try {
      return (JSON.parse(read(`${dist}/${file}.map`)) as { sources: string[] }).sources;
    } catch {
      return [];
    }
  });
  return {
    entry: { jsFiles: [...entry.js], cssFiles: [...entry.css], jsGzip: sum(entry.js), cssGzip: sum(entry.css) },
    routes: routes.sort((a, b) => b.jsGzip - a.jsGzip),
    entrySources,
  };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
