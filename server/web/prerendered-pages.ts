import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Locale } from '../../domain/product';
import type { RenderedPage } from '../../src/prerender/render-public-page';

/** What src/prerender/render-public-page.tsx exports, built into dist/ssr by `vite build --ssr` (types only here: the
 * server's bundle never includes the web app's code, it imports the built module at start). */
type RenderModule = typeof import('../../src/prerender/render-public-page');

/**
 * A visitor's public pages (the landing, the information and legal pages) as HTML, made by the web app's own
 * components on the server so they paint before the app's JavaScript has arrived (docs/performance.md, session 7).
 * They read no session and no data, so one render per path and language serves every visitor: made on first
 * request, then kept. The footer's copyright year is in the key, so a server running across New Year renders anew.
 */
export interface PrerenderedPages {
  /** This path in this language; null for a page rendered in the browser only. */
  pageFor(path: string, language: Locale): Promise<RenderedPage | null>;
}

export async function loadPrerenderedPages(ssrDir: string): Promise<PrerenderedPages | null> {
  const entry = join(ssrDir, 'render-public-page.js');
  if (!existsSync(entry)) return null;
  const module = (await import(pathToFileURL(entry).href)) as RenderModule;
  const rendered = new Map<string, Promise<RenderedPage | null>>();
  // The render sets the language of the app's one i18next instance: one at a time.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    pageFor(path, language) {
      if (!module.isPublicPagePath(path)) return Promise.resolve(null);
      const key = `${language} ${new Date().getFullYear()} ${path}`;
      let page = rendered.get(key);
      if (!page) {
        page = queue.then(() => module.renderPublicPage(path, language));
        queue = page.catch(() => {});
        rendered.set(key, page);
        // A failed render is tried again by the next request (it is logged by the caller, who serves the plain app).
        page.catch(() => rendered.delete(key));
      }
      return page;
    },
  };
}
