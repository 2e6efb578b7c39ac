import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import type { Locale } from '../../domain/product';
import { App } from '../app/app';
import { i18n } from '../i18n/i18n';
import { renderedHead } from './rendered-head';
import { initStrings } from './strings';

export interface RenderedPage {
  /** The inner HTML of #root. */
  html: string;
  /** The tab title and description the page sets, if it sets them. */
  title: string | null;
  description: string | null;
}

/**
 * The app at `path` in `language`, as HTML: the very tree main.tsx renders, so the browser's hydration finds what it
 * expects. The caller has loaded the frame's and the page's chunks (both sides render the page, not a fallback) and
 * set what the render reads besides the path (the runtime, for a signed-in page). One at a time: the language is the
 * app's one i18next instance's.
 */
export async function renderApp(path: string, language: Locale): Promise<RenderedPage> {
  await initStrings();
  await i18n.changeLanguage(language);
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
