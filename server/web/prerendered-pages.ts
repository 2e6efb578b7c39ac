import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Locale } from '../../domain/product';
import type { SessionUser } from '../../domain/session-user';
import type { components } from '../../openapi/schema';
import type { RenderedPage } from '../../src/prerender/render-page';

/** What src/prerender/render-page.ts exports, built into dist/ssr by `vite build --ssr` (types only here: the
 * server's bundle never includes the web app's code, it imports the built module at start). */
type RenderModule = typeof import('../../src/prerender/render-page');

/**
 * Pages as HTML, made by the web app's own components on the server so they paint before the app's JavaScript has
 * arrived (docs/performance.md, sessions 7 and 8):
 *   * a visitor's public pages (the landing, the information and legal pages) read no session and no data, so one
 *     render per path and language serves every visitor: made on first request, then kept. The footer's copyright
 *     year is in the key, so a server running across New Year renders anew;
 *   * a signed-in user's pages (home, activity, the send flow) are rendered per request, for the user of the
 *     request's `tipjar-user` cookie (they carry nothing else of theirs), and never kept;
 *   * a creator's pay page `/{username}` as a visitor sees it is rendered with the profile the server has just read
 *     for this request: the render is kept for the same path, language, year, origin and profile (the profile's
 *     every field is in the key, so a change renders anew), the last PROFILE_PAGES_KEPT of them.
 */
export interface PrerenderedPages {
  /** This path in this language; null for a page rendered in the browser only. */
  pageFor(path: string, language: Locale): Promise<RenderedPage | null>;
  /** This signed-in page for this user; null for a page rendered in the browser only. */
  signedInPageFor(path: string, language: Locale, user: SessionUser): Promise<RenderedPage | null>;
  /** A creator's pay page for a visitor, with their public profile; `origin` is the address the request came to. */
  profilePageFor(
    path: string,
    language: Locale,
    profile: components['schemas']['PublicProfile'],
    origin: string,
  ): Promise<RenderedPage | null>;
}

/** How many pay-page renders are kept (a few KB each); the oldest used goes first. */
const PROFILE_PAGES_KEPT = 200;

export async function loadPrerenderedPages(ssrDir: string): Promise<PrerenderedPages | null> {
  const entry = join(ssrDir, 'render-page.js');
  if (!existsSync(entry)) return null;
  const module = (await import(pathToFileURL(entry).href)) as RenderModule;
  const rendered = new Map<string, Promise<RenderedPage | null>>();
  const profilePages = new Map<string, Promise<RenderedPage | null>>();
  // A render sets the language of the app's one i18next instance (and a signed-in one the runtime): one at a time.
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = (render: () => Promise<RenderedPage | null>) => {
    const page = queue.then(render);
    queue = page.catch(() => {});
    return page;
  };
  return {
    pageFor(path, language) {
      if (!module.isPublicPagePath(path)) return Promise.resolve(null);
      const key = `${language} ${new Date().getFullYear()} ${path}`;
      let page = rendered.get(key);
      if (!page) {
        page = inTurn(() => module.renderPublicPage(path, language));
        rendered.set(key, page);
        // A failed render is tried again by the next request (it is logged by the caller, who serves the plain app).
        page.catch(() => rendered.delete(key));
      }
      return page;
    },
    signedInPageFor(path, language, user) {
      if (!module.isSignedInPagePath(path)) return Promise.resolve(null);
      return inTurn(() => module.renderSignedInPage(path, language, user));
    },
    profilePageFor(path, language, profile, origin) {
      const key = JSON.stringify([language, new Date().getFullYear(), origin, path, profile]);
      let page = profilePages.get(key);
      if (page) {
        // Most recently used last, so the first key is the one to drop.
        profilePages.delete(key);
      } else {
        page = inTurn(() => module.renderProfilePage(path, language, profile, origin));
        page.catch(() => profilePages.delete(key));
      }
      profilePages.set(key, page);
      if (profilePages.size > PROFILE_PAGES_KEPT) profilePages.delete(profilePages.keys().next().value!);
      return page;
    },
  };
}
