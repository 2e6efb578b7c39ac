import { needsSetUp } from '../../../domain/session-user';
import { readUserCookie } from '../../lib/user-cookie';
import { loadRuntime } from '../runtime/runtime';
import { SignedInRoutes } from './app-router';
import { layouts } from './layouts';
import { PUBLIC_ROUTE_SETS, resolveRoute } from './route-sets';

/**
 * Starts every download the first view needs at once, instead of one after the other as rendering would find
 * them (entry → strings → frame → page → the page's strings): called by main.tsx before the strings have arrived.
 * Returns the page's extra translation namespaces (loaded with common/errors) and a promise of its chunks; the
 * first render waits for both, so the frame and the page paint together (no layout shift).
 *
 * A stored user: the runtime and the signed-in route table (the route set depends on the session, which the
 * runtime decides); nothing is awaited here, the router waits for the runtime.
 */
export function startFirstView(path: string): { namespaces: readonly string[]; chunks: Promise<unknown> } {
  const user = readUserCookie();
  if (user) {
    void loadRuntime().catch(() => {
      // The router asks again and shows the reload prompt if it still cannot load.
    });
    if (!needsSetUp(user)) void SignedInRoutes.preload();
    return { namespaces: [], chunks: Promise.resolve() };
  }
  const resolution = resolveRoute(PUBLIC_ROUTE_SETS.loggedOut, path);
  if (resolution.kind !== 'page') return { namespaces: [], chunks: Promise.resolve() };
  const { route } = resolution;
  // A page that needs the session (sign-in, a creator's page) cannot render without the runtime: fetch it too.
  if (!route.beforeRuntime) void loadRuntime().catch(() => {});
  return {
    namespaces: route.ns ?? [],
    chunks: Promise.all([layouts[route.layout].preload(), route.page.preload?.()]),
  };
}
