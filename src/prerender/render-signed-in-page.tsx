import { LOCALES, type Locale } from '../../domain/product';
import { needsSetUp, type SessionUser } from '../../domain/session-user';
import { SignedInRoutes } from '../app/router/app-router';
import { layouts } from '../app/router/layouts';
import { resolveRoute, type RouteDef } from '../app/router/route-sets';
import { SIGNED_IN_ROUTE_SET } from '../app/router/signed-in-routes';
import { renderWithRuntime } from '../app/runtime/runtime';
import { renderApp, type RenderedPage } from './render-app';
import { serverRuntime } from './server-runtime';

/**
 * The server's render of a signed-in user's page (routes marked `serverRendered`: home, activity, the send flow), so
 * the frame and the page paint when the HTML and the stylesheet arrive, not after ~170 KB of JavaScript has arrived
 * and run (docs/performance.md "Session 8"). The page is rendered as its machines start: their first state, before
 * any data. It reads the user of the `tipjar-user` cookie, the path and the strings, nothing the browser would not
 * have when it hydrates (server/web/spa.ts).
 */
function signedInPageRoute(path: string): RouteDef | null {
  const resolution = resolveRoute(SIGNED_IN_ROUTE_SET, path);
  if (resolution.kind !== 'page') return null;
  return resolution.route.serverRendered === true && resolution.route.path === path ? resolution.route : null;
}

export const isSignedInPagePath = (path: string): boolean => signedInPageRoute(path) !== null;

/**
 * `path` for `user` in `language`, or null when it is not rendered here (another page, a user who must finish
 * set-up first). One at a time, as renderPublicPage: the language and the runtime are the render's module state.
 */
export async function renderSignedInPage(path: string, language: Locale, user: SessionUser): Promise<RenderedPage | null> {
  const route = signedInPageRoute(path);
  if (!route || needsSetUp(user) || !LOCALES.includes(language)) return null;
  await Promise.all([SignedInRoutes.preload(), layouts[route.layout].preload(), route.page.preload?.()]);
  renderWithRuntime(serverRuntime(user, language));
  try {
    return await renderApp(path, language);
  } finally {
    renderWithRuntime(null);
  }
}
