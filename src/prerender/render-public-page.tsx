import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { initReactI18next } from 'react-i18next';
import { Router } from 'wouter';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../domain/product';
import { App } from '../app/app';
import { layouts } from '../app/router/layouts';
import { PUBLIC_ROUTE_SETS, resolveRoute, type RouteDef } from '../app/router/route-sets';
import { I18N_OPTIONS, i18n } from '../i18n/i18n';
import { renderedHead } from './rendered-head';

/**
 * The server's render of a visitor's public page (the landing, the information and legal pages: the routes that
 * render before the runtime), built by `vite build --ssr` into dist/ssr and called by server/web/prerendered-pages.ts.
 * The HTML paints as soon as it and the stylesheet arrive, instead of after the app's JavaScript has downloaded and
 * run; main.tsx then hydrates it (docs/performance.md "Session 7: the public pages rendered by the server").
 *
 * It renders the very tree main.tsx renders for a visitor, so hydration finds what it expects; a visitor's page
 * reads no session, no API and no browser storage, so one render serves every visitor of that path and language.
 */

const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { import: 'default', eager: true });

/** { en: { common: {...}, marketing: {...} }, es: ... } from ../../locales/{language}/{namespace}.json. */
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, strings] of Object.entries(files)) {
  const [, language, namespace] = /\/locales\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
  if (!language || !namespace) continue;
  (resources[language] ??= {})[namespace] = strings;
}

let ready: Promise<unknown> | null = null;

/** The app's own i18next instance, with every string in memory: nothing to fetch, nothing suspends. */
function initStrings(): Promise<unknown> {
  ready ??= i18n.use(initReactI18next).init({
    ...I18N_OPTIONS,
    lng: DEFAULT_LOCALE,
    resources,
    ns: Object.keys(resources[DEFAULT_LOCALE] ?? {}),
  });
  return ready;
}

/** The route of a path rendered here: a visitor's page that needs no runtime, at its exact path (no variants to cache). */
function publicPageRoute(path: string): RouteDef | null {
  const resolution = resolveRoute(PUBLIC_ROUTE_SETS.loggedOut, path);
  if (resolution.kind !== 'page') return null;
  return resolution.route.beforeRuntime === true && resolution.route.path === path ? resolution.route : null;
}

export const isPublicPagePath = (path: string): boolean => publicPageRoute(path) !== null;

export interface RenderedPage {
  /** The inner HTML of #root. */
  html: string;
  /** The tab title and description the page sets, if it sets them. */
  title: string | null;
  description: string | null;
}

/**
 * `path` in `language`, or null for a path that is not one of those pages. Renders one at a time: the language is
 * the i18next instance's, so the caller must not start the next before this one ends.
 */
export async function renderPublicPage(path: string, language: Locale): Promise<RenderedPage | null> {
  const route = publicPageRoute(path);
  if (!route || !LOCALES.includes(language)) return null;
  await initStrings();
  await i18n.changeLanguage(language);
  // Loaded before the render, as main.tsx loads them before hydrating: both sides render the page, not a fallback.
  await Promise.all([layouts[route.layout].preload(), route.page.preload?.()]);
  renderedHead.title = null;
  renderedHead.description = null;
  let failure: unknown = null;
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Router ssrPath={path}>
        <App />
      </Router>
    </StrictMode>,
    {
      // Every boundary inline, in place: React otherwise moves a large one to the end of the HTML with an inline
      // script to put it back, which the page's CSP (scripts by nonce only) rightly refuses.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        failure ??= error;
      },
    },
  );
  // A part that failed would be left to the browser behind an inline script: the server sends the plain app instead.
  if (failure) throw failure;
  // Joined as bytes: a chunk may end inside a character (é, ã).
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return { html: Buffer.concat(chunks).toString('utf8'), ...renderedHead };
}
