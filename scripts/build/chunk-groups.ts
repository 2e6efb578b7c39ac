/**
 * Fewer, larger chunks (issue 11): rolldown's automatic splitting makes one chunk per distinct set of lazy chunks that
 * share a module, which gave a first view 20–55 requests of a few hundred bytes each; on HTTP/1.1 (six at a time,
 * 150 ms each on slow 4G) the requests, not the bytes, were the waterfall. This names, for each module shared by
 * two or more lazy chunks (and not part of the entry), the group it travels in — by where it is used:
 *
 * - `first-view`: anything the landing's frame or page uses (public-layout, landing-page). The landing needs every
 *   module of the group, so it pays no byte for it; the other pages that share any of it (nearly all) load it whole.
 * - `runtime`: what the runtime (src/app/runtime/start-runtime.ts: xstate, the session) shares with pages; every page
 *   that shares it needs the runtime anyway.
 * - `auth-forms`: what a page before sign-in (the auth and set-up pages, their frames) shares with any other page:
 *   the form pieces, account calls, the auth page styles.
 * - `app-data`: what a route's `prefetch` chunk (its first calls, src/app/router/route-prefetch.ts) shares with
 *   pages: the calls then need neither the shell's nor the feature's components.
 * - `app-frame`: what the signed-in shell shares with signed-in pages; every signed-in page loads the shell.
 * - `app-<feature>`: what signed-in pages share among themselves, one group per feature folder, so that the home
 *   page does not load the payment forms' pieces.
 *
 * - `shared-<hash>`: what pages share with the flow explorer's pieces, one chunk per set of pages that use it.
 *
 * Everything else (a lazy chunk's own module, a module of one lazy chunk, what only the flow explorer's pieces use,
 * the entry) is left to rolldown.
 * Signed-in pages are found from the router (the dynamic imports of src/app/router/signed-in-pages.ts), public ones
 * from src/app/router/pages.ts and layouts.ts, so a new page falls into its group without a list to update.
 */

interface ModuleInfoLike {
  isEntry: boolean;
  importers: readonly string[];
  dynamicImporters: readonly string[];
}
export interface GraphLike {
  getModuleInfo(id: string): ModuleInfoLike | null;
}

const SIGNED_IN_TABLES = /\/src\/app\/router\/(signed-in-pages|signed-in-routes)\.ts$/;
/** A route's `prefetch` chunk is imported by the signed-in route table itself (pages come through signed-in-pages.ts). */
const SIGNED_IN_ROUTES = /\/src\/app\/router\/signed-in-routes\.ts$/;
const PUBLIC_TABLES = /\/src\/app\/router\/(pages|layouts)\.ts$/;
const APP_SHELL = /\/src\/layouts\/app-shell\/app-shell\.tsx$/;
const FIRST_VIEW = /\/src\/(layouts\/public\/public-layout|features\/landing\/landing-page)\.tsx$/;
const AUTH_VIEW = /\/src\/(layouts\/auth\/auth-layout|features\/auth\/sign-in-page)\.tsx$/;
const RUNTIME = /\/src\/app\/runtime\/start-runtime\.ts$/;
/**
 * The flow explorer (a developer tool) and the catalogue entries it loads one at a time (machines/*.catalogue.ts):
 * between them they import every machine and form, which would make every group its own.
 */
const TOOL = /\/src\/(features\/flows|layouts\/tool)\/|\/machines\/[\w-]+\.catalogue\.ts$/;

type RootKind = 'firstView' | 'authView' | 'runtime' | 'appShell' | 'prefetch' | 'signedIn' | 'public' | 'tool' | 'other';

function rootKind(id: string, info: ModuleInfoLike): RootKind {
  if (TOOL.test(id)) return 'tool';
  if (FIRST_VIEW.test(id)) return 'firstView';
  if (AUTH_VIEW.test(id)) return 'authView';
  if (RUNTIME.test(id)) return 'runtime';
  if (APP_SHELL.test(id)) return 'appShell';
  if (info.dynamicImporters.some((d) => SIGNED_IN_ROUTES.test(d))) return 'prefetch';
  if (SIGNED_IN_TABLES.test(id) || info.dynamicImporters.some((d) => SIGNED_IN_TABLES.test(d))) return 'signedIn';
  if (info.dynamicImporters.some((d) => PUBLIC_TABLES.test(d))) return 'public';
  return 'other';
}

/** The lazy chunks (dynamically imported modules) and the entry that reach `id` through static imports. */
function rootsOf(id: string, graph: GraphLike): { entry: boolean; roots: Map<string, RootKind> } {
  const roots = new Map<string, RootKind>();
  let entry = false;
  const seen = new Set([id]);
  const queue = [id];
  while (queue.length > 0) {
    const current = queue.pop()!;
    const info = graph.getModuleInfo(current);
    if (!info) continue;
    if (info.isEntry) entry = true;
    if (info.dynamicImporters.length > 0) roots.set(current, rootKind(current, info));
    for (const importer of info.importers) {
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  return { entry, roots };
}

/**
 * A module the app's pages share with the flow explorer's pieces: one chunk per set of app chunks that use it, as
 * rolldown would split it if the explorer were one chunk. Left to rolldown, the explorer's 47 lazy catalogue entries
 * (machines/*.catalogue.ts) would cut what a page loads into a chunk per entry that shares it (a few hundred bytes
 * each, and their names in every preload list).
 */
function sharedWithTool(appRoots: string[]): string {
  const key = appRoots.map((root) => root.slice(Math.max(0, root.lastIndexOf('/src/')))).sort().join('|');
  let hash = 2166136261;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 16777619) >>> 0;
  return `shared-${hash.toString(36)}`;
}

const featureOf = (id: string) => /\/src\/features\/([\w-]+)\//.exec(id)?.[1] ?? 'ui';

/** The group of a module, or null to leave it to rolldown's automatic chunking. */
export function chunkGroupOf(id: string, graph: GraphLike): string | null {
  // A lazy chunk's own module stays its chunk's facade (the router and the manifest find it by its source).
  if ((graph.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0) return null;
  const { entry, roots } = rootsOf(id, graph);
  const kinds = new Set([...roots.values()].filter((kind) => kind !== 'tool'));
  const appRoots = [...roots].filter(([, kind]) => kind !== 'tool').map(([root]) => root);
  const withTool = appRoots.length < roots.size;
  if (entry || appRoots.length === 0) return null;
  if (appRoots.length < 2) return withTool ? sharedWithTool(appRoots) : null;
  if (kinds.has('firstView')) return 'first-view';
  if (kinds.has('runtime')) return 'runtime';
  if (kinds.has('authView')) return 'auth-view';
  // The flow explorer imports every machine: a module it shares with the signed-in shell or the account forms stays
  // out of those groups, or the explorer would load them whole (the shell's dialogs, Ark and zag, ~23 KB) — and
  // with it every group such a module's importers are in.
  if (withTool) return sharedWithTool(appRoots);
  // What a route's first calls need travels apart from the pages' UI: the calls go out as soon as it is here, not
  // once the shell's dialogs (app-frame) and the feature's components have arrived and run.
  if (kinds.has('prefetch')) return 'app-data';
  if (kinds.has('appShell')) return 'app-frame';
  if (kinds.has('public')) return 'account-forms';
  const signedInOnly = [...kinds].every((kind) => kind === 'signedIn');
  return signedInOnly ? `app-${featureOf(id)}` : null;
}
