import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { needsSetUp } from '../../domain/session-user';
import { parseUserCookie } from '../../domain/user-cookie';
import { isPublicProfilePath, PUBLIC_PROFILE_NAMESPACES } from '../../domain/app-routes';
import { pageLanguage } from './page-language';
import {
  chunkClosure,
  lazyModules,
  prefetchModules,
  preloadedNamespaces,
  routeTable,
  type Manifest,
  type TableRouteSet,
} from './route-bundles';

/**
 * The `<link>` tags that tell the browser, in the HTML itself, every file the requested page will need (issue 11):
 * without them it finds them in waves — the entry, then (once the entry has run) the frame and page chunks, then
 * their imports, then the strings. Per request: the route the web app's router will pick for this path and session
 * (the `tipjar-user` cookie, as src/app/router/first-view.ts reads it), the chunks of its frame and page with their
 * static imports — and, when the page waits for it, the runtime; for a stored user the session's calls and, signed
 * in, the signed-in route table —
 * as modulepreload; the strings of the visitor's language (./page-language.ts)
 * for common, errors and the page's namespaces as fetch preloads.
 *
 * Built once at start from the build's manifest (dist/web/.vite/manifest.json) and the router's tables
 * (server/web/route-bundles.ts reads both, for the byte budgets too). The entry's own files are left out: index.html
 * already names them.
 */
export interface RoutePreloads {
  /** The tags for one request, or '' when there is nothing to add. */
  tagsFor(path: string, cookieHeader: string | undefined, acceptLanguage: string | undefined): string;
}

type SetName = 'loggedOut' | 'setUp' | 'signedIn';

const RUNTIME_MODULE = 'src/app/runtime/start-runtime.ts';
const SIGNED_IN_TABLE = 'src/app/router/signed-in-routes.ts';
/** The session's API calls: with a stored user the session machine's first step is to load them and ask the server
 * who is signed in, before any page can show (src/app/providers/session-requests.ts). */
const SESSION_CALLS = 'src/app/providers/session-calls.ts';


const normalizePath = (path: string) => path.replace(/\/+$/, '') || '/';

export function createRoutePreloads(distDir: string, root: string, options: { flowExplorer?: boolean } = {}): RoutePreloads | null {
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) return null;
  const entryFiles = chunkClosure(manifest, entryKey).js;

  const pages = new Map([
    ...lazyModules(root, 'src/app/router/pages.ts', manifest),
    ...lazyModules(root, 'src/app/router/signed-in-pages.ts', manifest),
  ]);
  const layouts = lazyModules(root, 'src/app/router/layouts.ts', manifest);
  const tables = routeTable(root);
  // The route prefetches' chunks: the first view's data calls start as soon as these, the runtime and the table are
  // here (src/app/router/signed-in-first-view.ts).
  const prefetches = prefetchModules(root, SIGNED_IN_TABLE, manifest);
  const critical = new Set<string>();
  for (const key of [RUNTIME_MODULE, SESSION_CALLS, SIGNED_IN_TABLE, ...prefetches]) chunkClosure(manifest, key, critical);
  const common = preloadedNamespaces(root);

  const moduleTag = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}" />`;
  const fetchTag = (file: string) => `<link rel="preload" as="fetch" crossorigin href="/${file}" />`;
  const files = (...keys: (string | undefined)[]) => {
    const js = new Set<string>();
    for (const key of keys) {
      if (!key) continue;
      if (!manifest[key]) throw new Error(`route preloads: ${key} is not in the build's manifest`);
      chunkClosure(manifest, key, js);
    }
    return [...js].filter((file) => !entryFiles.has(file));
  };
  const localeFile = (language: string, namespace: string) => manifest[`locales/${language}/${namespace}.json`]?.file;

  interface Plan {
    js: string[];
    namespaces: string[];
  }
  // Every (set, path) the tables name is worked out here once; requests only look their plan up.
  const plans = new Map<string, Plan>();
  const planFor = (set: SetName, page: string, layout: string, ns: readonly string[], beforeRuntime: boolean): Plan => {
    const withRuntime = set !== 'loggedOut' || !beforeRuntime;
    return {
      js: files(
        withRuntime ? RUNTIME_MODULE : undefined,
        set === 'loggedOut' ? undefined : SESSION_CALLS,
        set === 'signedIn' ? SIGNED_IN_TABLE : undefined,
        layouts.get(layout),
        pages.get(page),
      ),
      namespaces: [...new Set([...common, ...ns])],
    };
  };
  for (const [set, table] of Object.entries(tables) as [SetName, TableRouteSet][]) {
    for (const route of table.routes) {
      if (route.flowExplorer && !options.flowExplorer) continue;
      const key = `${set} ${route.path}`;
      if (!plans.has(key)) plans.set(key, planFor(set, route.page, route.layout, route.ns, route.beforeRuntime));
    }
    if (table.publicProfileLayout) plans.set(`${set} profile`, planFor(set, 'publicProfile', table.publicProfileLayout, PUBLIC_PROFILE_NAMESPACES, false));
    plans.set(`${set} 404`, planFor(set, 'notFound', table.notFoundLayout, [], set === 'loggedOut'));
  }

  const resolve = (set: SetName, rawPath: string, hops = 0): Plan | undefined => {
    const path = normalizePath(rawPath);
    const table = tables[set];
    const named = plans.get(`${set} ${path}`);
    if (named) return named;
    if (table.publicProfileLayout && isPublicProfilePath(path)) return plans.get(`${set} profile`);
    const target = table.redirects[path] ?? table.redirectOthersTo;
    if (target !== undefined && target !== path && hops === 0) return resolve(set, target, 1);
    return plans.get(`${set} 404`);
  };

  return {
    tagsFor(path, cookieHeader, acceptLanguage) {
      const user = parseUserCookie(cookieHeader ?? '');
      const set: SetName = !user ? 'loggedOut' : needsSetUp(user) ? 'setUp' : 'signedIn';
      const plan = resolve(set, path);
      if (!plan) return '';
      const language = pageLanguage(cookieHeader, acceptLanguage);
      const strings = plan.namespaces.map((ns) => localeFile(language, ns));
      // The browser starts them in this order, six at a time on HTTP/1.1: first what the first calls wait for, then
      // the strings (the first render waits for them; a few KB), then the frame's and the page's own chunks.
      return [
        ...plan.js.filter((file) => critical.has(file)).map(moduleTag),
        ...strings.filter((file): file is string => !!file).map(fetchTag),
        ...plan.js.filter((file) => !critical.has(file)).map(moduleTag),
      ].join('\n    ');
    },
  };
}
