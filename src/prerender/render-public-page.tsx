import { LOCALES, type Locale } from '../../domain/product';
import { layouts } from '../app/router/layouts';
import { PUBLIC_ROUTE_SETS, resolveRoute, type RouteDef } from '../app/router/route-sets';
import { renderApp, type RenderedPage } from './render-app';

/**
 * The server's render of a visitor's public page (the landing, the information and legal pages: the routes that
 * render before the runtime), called by server/web/prerendered-pages.ts. The HTML paints as soon as it and the
 * stylesheet arrive, instead of after the app's JavaScript has downloaded and run; main.tsx then hydrates it
 * (docs/performance.md "Session 7: the public pages rendered by the server").
 *
 * A visitor's page reads no session, no API and no browser storage, so one render serves every visitor of that path
 * and language.
 */

/** The route of a path rendered here: a visitor's page that needs no runtime, at its exact path (no variants to cache). */
function publicPageRoute(path: string): RouteDef | null {
  const resolution = resolveRoute(PUBLIC_ROUTE_SETS.loggedOut, path);
  if (resolution.kind !== 'page') return null;
  return resolution.route.beforeRuntime === true && resolution.route.path === path ? resolution.route : null;
}

export const isPublicPagePath = (path: string): boolean => publicPageRoute(path) !== null;

/**
 * `path` in `language`, or null for a path that is not one of those pages. Renders one at a time: the language is
 * the i18next instance's, so the caller must not start the next before this one ends.
 */
export async function renderPublicPage(path: string, language: Locale): Promise<RenderedPage | null> {
  const route = publicPageRoute(path);
  if (!route || !LOCALES.includes(language)) return null;
  // Loaded before the render, as main.tsx loads them before hydrating: both sides render the page, not a fallback.
  await Promise.all([layouts[route.layout].preload(), route.page.preload?.()]);
  return renderApp(path, language);
}
