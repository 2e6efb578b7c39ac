import { needsSetUp } from '../../../domain/session-user';
import { readUserCookie } from '../../lib/user-cookie';
import { loadRuntime } from '../runtime/runtime';
import { preloadSignedInFirstView } from './app-router';
import { layouts } from './layouts';
import { PUBLIC_ROUTE_SETS, resolveRoute } from './route-sets';

/**
 * Starts every download the first view needs at once, instead of one after the other as rendering would find
 * them (entry → strings → frame → page → the page's strings): called by main.tsx before the strings have arrived.
 * Returns the page's extra translation namespaces (loaded with common/errors) and a promise of its chunks; the
 * first render waits for both, so the frame and the page paint together (no layout shift).
 *
 * A stored user: the runtime and the signed-in route table (the route set depends on the session, which the
 * runtime decides). The table starts the page's data, chunk, strings and the shell (signed-in-first-view.ts); the
 * first render waits for those and the runtime. Rendering earlier gained nothing (the router waits for both) and
 * cost the data calls their start: the empty render held the thread for ~0.4 s at 4× CPU before the table's module
 * could run.
 */
export function startFirstView(path: string): {
  namespaces: readonly string[];
  chunks: Promise<unknown>;
  signedIn: boolean;
  /** The first view renders with the runtime: a stored user's, or a visitor's page that needs the session. */
  runtime: boolean;
} {
  const user = readUserCookie();
  if (user) {
    const runtime = loadRuntime().catch(() => {
      // The router asks again and shows the reload prompt if it still cannot load.
    });
    if (needsSetUp(user)) return { namespaces: [], chunks: runtime, signedIn: false, runtime: true };
    return { namespaces: [], chunks: Promise.all([runtime, preloadSignedInFirstView()]), signedIn: true, runtime: true };
  }
  const resolution = resolveRoute(PUBLIC_ROUTE_SETS.loggedOut, path);
  if (resolution.kind !== 'page') return { namespaces: [], chunks: Promise.resolve(), signedIn: false, runtime: false };
  const { route } = resolution;
  // A page that needs the session (sign-in, a creator's page) cannot render without the runtime: fetch it too.
  if (!route.beforeRuntime) void loadRuntime().catch(() => {});
  return {
    namespaces: route.ns ?? [],
    chunks: Promise.all([layouts[route.layout].preload(), route.page.preload?.()]),
    signedIn: false,
    runtime: !route.beforeRuntime,
  };
}
