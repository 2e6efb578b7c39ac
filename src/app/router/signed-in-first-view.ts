import { i18n } from '../../i18n/i18n';
import type { Runtime } from '../runtime/runtime';
import { layouts } from './layouts';
import { resolveRoute, type RouteSet } from './route-sets';

let started: Promise<unknown> | null = null;

/**
 * A signed-in first view, started when the signed-in route table arrives (main.tsx asks for it before the strings):
 * the app shell, the page's chunk, its strings and its first data calls all at once. Rendering would find them one
 * after the other: the shell only after the first render, the page inside the shell, its strings when it rendered,
 * its calls when its machine had mounted.
 *
 * The shell is imported here rather than only through layouts.ts: the entry's import of it carries no list of the
 * shell's own imports (vite.config.ts keeps the entry small), so its ~35 chunks were found a level at a time.
 * Once only (the table also loads after a sign-in, when the page asked for is the sign-in page's redirect).
 *
 * `loadRuntime` is handed over by the router (app-router.tsx): this chunk importing runtime.ts itself made the bundler
 * split the entry's shared constants into a chunk of their own, a request and bytes more for the landing.
 */
export function startSignedInFirstView(set: RouteSet, path: string, loadRuntime: () => Promise<Runtime>): Promise<unknown> {
  started ??= start(set, path, loadRuntime);
  return started;
}

/**
 * Resolves when the page's chunk, its strings and the shell are here (never rejects: a render that still misses one
 * shows its reload prompt). main.tsx waits for it before the first render, so the data calls go out first and the
 * frame and page paint in one render, instead of an empty render holding the thread while they wait.
 */
function start(set: RouteSet, path: string, loadRuntime: () => Promise<Runtime>): Promise<unknown> {
  const resolution = resolveRoute(set, path);
  const route = resolution.kind === 'page' ? resolution.route : null;
  performance.mark('tipjar:signed-in-first-view');
  // In the order they are needed (the browser runs modules in the order they were asked for once they are here): the
  // data's chunk (its calls then go out first), the strings, the page, the shell.
  route?.prefetch?.(loadRuntime());
  const strings = route?.ns ? i18n.loadNamespaces([...route.ns]).catch(() => {}) : null;
  const page = route?.page.preload?.();
  // A redirect (home) or the 404 render in the shell too.
  const shell = import('../../layouts/app-shell/app-shell').catch(() => {
    // The layout's own render asks again and shows the reload prompt if it still cannot load.
  });
  // And through its lazy route, so the first render finds it loaded rather than suspending: a server-rendered page
  // whose hydration suspended there would be rendered afresh by the next update above it (main.tsx).
  const layout = layouts[route?.layout ?? 'app'].preload();
  return Promise.all([strings, page, shell, layout]);
}
