import { i18n } from '../../i18n/i18n';
import type { Runtime } from '../runtime/runtime';
import { resolveRoute, type RouteSet } from './route-sets';

let started = false;

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
export function startSignedInFirstView(set: RouteSet, path: string, loadRuntime: () => Promise<Runtime>): void {
  if (started) return;
  started = true;
  const resolution = resolveRoute(set, path);
  if (resolution.kind !== 'page') {
    // A redirect (home) or the 404: both in the shell.
    void import('../../layouts/app-shell/app-shell').catch(() => {});
    return;
  }
  const { route } = resolution;
  // In the order they are needed, as the browser keeps it on six connections: the data's chunk (its calls then go
  // out first), the strings, the page, the shell.
  route.prefetch?.(loadRuntime());
  if (route.ns) void i18n.loadNamespaces([...route.ns]);
  void route.page.preload?.();
  void import('../../layouts/app-shell/app-shell').catch(() => {
    // The layout's own render asks again and shows the reload prompt if it still cannot load.
  });
}
