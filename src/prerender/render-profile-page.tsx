import { isPublicProfilePath } from '../../domain/app-routes';
import { LOCALES, type Locale } from '../../domain/product';
import type { PublicProfileData } from '../../machines/public-profile.machine';
import { layouts } from '../app/router/layouts';
import { pages } from '../app/router/pages';
import { PUBLIC_ROUTE_SETS } from '../app/router/route-sets';
import { renderWithRuntime } from '../app/runtime/runtime';
import { renderWithProfile } from '../features/creators/given-profile';
import { renderWithOrigin } from '../lib/page-origin';
import { renderApp, type RenderedPage } from './render-app';
import { serverRuntime } from './server-runtime';

/**
 * The server's render of a creator's pay page `/{username}` as a visitor sees it (issue 23 item 2), with the profile
 * the server has just read (the getPublicProfile operation's own query): the page's machine starts choosing with it
 * (given-profile.ts), and the server embeds the same data in the HTML for the browser's, which hydrates it without
 * asking the API again. A visitor's page needs the runtime (the session says "visitor", the page's calls go through
 * the API client): it is rendered with a visitor's, and main.tsx hydrates it with the browser's, also a visitor's.
 *
 * `origin` is the address the request came to: the page shows and shares its own link. Rendered per request (the
 * profile may change at any moment), one at a time, as the other renders: the language, runtime and profile are
 * module state.
 */
export async function renderProfilePage(path: string, language: Locale, profile: PublicProfileData, origin: string): Promise<RenderedPage | null> {
  if (!isPublicProfilePath(path) || !LOCALES.includes(language)) return null;
  const layout = PUBLIC_ROUTE_SETS.loggedOut.publicProfileLayout;
  if (!layout) return null;
  await Promise.all([layouts[layout].preload(), pages.publicProfile.preload?.()]);
  renderWithRuntime(serverRuntime(null, language));
  renderWithProfile(profile);
  renderWithOrigin(origin);
  try {
    return await renderApp(path, language);
  } finally {
    renderWithRuntime(null);
    renderWithProfile(null);
    renderWithOrigin('');
  }
}
