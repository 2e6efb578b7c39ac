/**
 * What each route of the web app costs in bytes: the entry (index.html's script and everything it imports
 * statically) plus that route's layout chunk and page chunk with their static imports, JavaScript and CSS, gzip at
 * zlib's default level — read from the build (dist/web/.vite/manifest.json), so no browser is needed.
 *
 * Which page appears in which layout is read from src/app/router/route-sets.ts, pages.ts and layouts.ts (their
 * `pages.x` / `layout: 'y'` / `import('…')` shapes); a route set this cannot read makes the caller fail rather than
 * report nothing (the byte-budget test checks the routes it expects are there).
 *
 * Used by `npm run bench:bundle` (the table), tests/e2e/bundle-budget.spec.ts (the budgets) and, for the paths of
 * each route set (`routeTable`) and a chunk's static imports (`chunkClosure`), by the server's preload links
 * (server/web/route-preloads.ts).
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
export type Manifest = Record<string, ManifestChunk>;

interface RouteBytes {
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
/** The manifest key of `import(spec)` written in a file of `dir`. */
function chunkKey(dir: string, spec: string, manifest: Manifest, what: string): string {
  const out: string[] = [];
  for (const part of `${dir}/${spec}`.split('/')) {
    if (part === '..') out.pop();
    else if (part !== '.') out.push(part);
  }
  const base = out.join('/');
  const key = [`${base}.tsx`, `${base}.ts`].find((k) => manifest[k]);
  if (!key) throw new Error(`${what}: ${base} is not a chunk of the build (is dist/web stale?)`);
  return key;
}

export function lazyModules(root: string, file: string, manifest: Manifest): Map<string, string> {
  const dir = file.slice(0, file.lastIndexOf('/'));
  const found = new Map<string, string>();
  for (const m of read(`${root}/${file}`).matchAll(/(\w+): lazyPage\(\(\) =>\s*import\('([^']+)'\)/g)) {
    found.set(m[1]!, chunkKey(dir, m[2]!, manifest, m[1]!));
  }
  return found;
}

/** The modules a route table imports for its routes' `prefetch` (its dynamic imports that are not pages), as
 * manifest keys. */
export function prefetchModules(root: string, file: string, manifest: Manifest): string[] {
  const dir = file.slice(0, file.lastIndexOf('/'));
  const found: string[] = [];
  for (const m of read(`${root}/${file}`).matchAll(/import\('([^']+)'\)/g)) found.push(chunkKey(dir, m[1]!, manifest, file));
  return found;
}

/** (page, layout) pairs of every route set, with the helpers' layout parameter resolved; `signedIn` for the routes
 * of signed-in-routes.ts, whose table is a chunk of its own. */
function routePairs(routeSetsFile: string, signedInFile?: string): { page: string; layout: string; signedIn: boolean }[] {
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

/** A module's chunk and the chunks it imports statically (what must load before it runs), as files under dist/web. */
export function chunkClosure(manifest: Manifest, key: string, js = new Set<string>(), css = new Set<string>()) {
  const chunk = manifest[key];
  if (!chunk || js.has(chunk.file)) return { js, css };
  js.add(chunk.file);
  for (const c of chunk.css ?? []) css.add(c);
  for (const i of chunk.imports ?? []) chunkClosure(manifest, i, js, css);
  return { js, css };
}

export function bundleReport(root = '.'): BundleReport {
  const dist = `${root}/dist/web`;
  const manifest = JSON.parse(read(`${dist}/.vite/manifest.json`)) as Manifest;
  const gzipCache = new Map<string, number>();
  const gz = (file: string) => {
    if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(`${dist}/${file}`)).length);
    return gzipCache.get(file)!;
  };
  const closure = (key: string, js?: Set<string>, css?: Set<string>) => chunkClosure(manifest, key, js, css);
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

/** One route of a route set, as the router's tables declare it. */
interface TableRoute {
  path: string;
  /** the key in pages.ts / signed-in-pages.ts */
  page: string;
  layout: string;
  ns: string[];
  beforeRuntime: boolean;
  /** Only there when the flow explorer is on (route-sets.ts `flowRoutes`). */
  flowExplorer: boolean;
}

export interface TableRouteSet {
  routes: TableRoute[];
  redirects: Record<string, string>;
  redirectOthersTo?: string;
  notFoundLayout: string;
  publicProfileLayout?: string;
}

/**
 * The three route sets with their paths, read from src/app/router (route-sets.ts, signed-in-routes.ts) the way
 * `routePairs` reads their pages: the path constants are resolved from src/config/paths.ts (and domain/product.ts,
 * which it re-exports) and the legal paths from src/lib/legal-documents.ts. Anything it cannot read throws,
 * so a table written another way fails the preload test rather than losing its links.
 */
export function routeTable(root = '.'): Record<'loggedOut' | 'setUp' | 'signedIn', TableRouteSet> {
  const constants = new Map<string, string>();
  for (const file of ['domain/product.ts', 'src/config/paths.ts']) {
    for (const m of read(`${root}/${file}`).matchAll(/export const (\w+_PATH) = '([^']*)'/g)) constants.set(m[1]!, m[2]!);
  }
  const arrays = new Map<string, string[]>([
    ['LEGAL_PATHS', [...read(`${root}/src/lib/legal-documents.ts`).matchAll(/^\s+'(\/[\w-]+)': '\w+',$/gm)].map((m) => m[1]!)],
  ]);
  const value = (expr: string): string => {
    const literal = /^'([^']*)'$/.exec(expr.trim());
    if (literal) return literal[1]!;
    const constant = constants.get(expr.trim());
    if (constant === undefined) throw new Error(`route table: cannot resolve the path ${expr}`);
    return constant;
  };
  /** Route entries and helper spreads of a table's text, in order; `layout` stands for a helper's parameter. */
  const entries = (text: string, layoutParam: string | undefined, helpers: Map<string, (layout?: string) => TableRoute[]>) => {
    const out: TableRoute[] = [];
    const pattern =
      /\{ path(?:: ([\w'/-]+))?, page: (?:pages|signedInPages)\.(\w+), layout(?:: '(\w+)')?([^}]*)\}|\.\.\.(\w+)\.map\(\((\w+)\) => \(\{ path, page: pages\.(\w+), layout(?:: '(\w+)')?([^}]*)\}\)\)|\.\.\.(\w+)\(('(\w+)')?\)/g;
    for (const m of text.matchAll(pattern)) {
      const options = (rest: string) => ({
        ns: [...(/ns: \[([^\]]*)\]/.exec(rest)?.[1] ?? '').matchAll(/'([\w-]+)'/g)].map((n) => n[1]!),
        beforeRuntime: /beforeRuntime: true/.test(rest),
        flowExplorer: false,
      });
      if (m[2]) {
        const layout = m[3] ?? layoutParam;
        if (!m[1] || !layout) throw new Error(`route table: cannot read ${m[0]}`);
        out.push({ path: value(m[1]), page: m[2], layout, ...options(m[4] ?? '') });
      } else if (m[5]) {
        const paths = arrays.get(m[5]);
        const layout = m[8] ?? layoutParam;
        if (!paths || !layout) throw new Error(`route table: cannot read ${m[0]}`);
        for (const path of paths) out.push({ path, page: m[7]!, layout, ...options(m[9] ?? '') });
      } else {
        const helper = helpers.get(m[10]!);
        if (!helper) throw new Error(`route table: unknown helper ${m[10]}`);
        out.push(...helper(m[12]));
      }
    }
    return out;
  };
  const setOf = (text: string, helpers: Map<string, (layout?: string) => TableRoute[]>): TableRouteSet => {
    const routesText = /routes: \[([\s\S]*?)\],\n/.exec(text)?.[1];
    const notFoundLayout = /notFoundLayout: '(\w+)'/.exec(text)?.[1];
    if (routesText === undefined || !notFoundLayout) throw new Error('route table: a route set without routes or notFoundLayout');
    const redirects: Record<string, string> = {};
    for (const m of (/redirects: \{([\s\S]*?)\}/.exec(text)?.[1] ?? '').matchAll(/\[(\w+)\]: ([\w'/-]+)/g)) {
      redirects[value(m[1]!)] = value(m[2]!);
    }
    const others = /redirectOthersTo: ([\w'/-]+)/.exec(text)?.[1];
    return {
      routes: entries(routesText, undefined, helpers),
      redirects,
      redirectOthersTo: others ? value(others) : undefined,
      notFoundLayout,
      publicProfileLayout: /publicProfileLayout: '(\w+)'/.exec(text)?.[1],
    };
  };

  const publicText = read(`${root}/src/app/router/route-sets.ts`);
  const helpers = new Map<string, (layout?: string) => TableRoute[]>();
  for (const m of publicText.matchAll(/export const (\w+) = \((?:layout: LayoutKind)?\)[^=]*=>([\s\S]*?);\n/g)) {
    const body = m[2]!;
    const flowExplorer = body.includes('flowExplorerEnabled()');
    helpers.set(m[1]!, (layout) => entries(body, layout, helpers).map((route) => ({ ...route, flowExplorer })));
  }
  const tables = publicText.slice(publicText.indexOf('export const PUBLIC_ROUTE_SETS'));
  const loggedOut = tables.slice(tables.indexOf('loggedOut: {'), tables.indexOf('setUp: {'));
  const setUp = tables.slice(tables.indexOf('setUp: {'));
  const signedInText = read(`${root}/src/app/router/signed-in-routes.ts`);
  const signedIn = signedInText.slice(signedInText.indexOf('export const SIGNED_IN_ROUTE_SET'));
  return { loggedOut: setOf(loggedOut, helpers), setUp: setOf(setUp, helpers), signedIn: setOf(signedIn, helpers) };
}

/** The namespaces every page loads with the entry (src/i18n/i18n.ts `PRELOADED_NAMESPACES`). */
export function preloadedNamespaces(root = '.'): string[] {
  const list = /PRELOADED_NAMESPACES = \[([^\]]*)\]/.exec(read(`${root}/src/i18n/i18n.ts`))?.[1];
  if (list === undefined) throw new Error('src/i18n/i18n.ts: no PRELOADED_NAMESPACES');
  return [...list.matchAll(/'([\w-]+)'/g)].map((m) => m[1]!);
}
