import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Locale } from '../../domain/product';
import { firstViewReads } from '../../domain/first-view-reads';
import { needsSetUp, type SessionUser } from '../../domain/session-user';
import fastifyStatic from '@fastify/static';
import { projectRoot, webDistDir } from '../paths';
import { parseUserCookie } from '../../domain/user-cookie';
import { pageLanguage } from './page-language';
import type { RenderedPage } from '../../src/prerender/render-page';
import { compressPage, pageEncoding } from './compress-page';
import { loadPrerenderedPages, type PrerenderedPages } from './prerendered-pages';
import { createRoutePreloads } from './route-preloads';
import { htmlContentSecurityPolicy, newNonce, type ThirdPartyScripts } from '../security/headers';
import { jsonForScript, PUBLIC_PROFILE_DATA_ID } from '../../domain/embedded-data';
import type { components } from '../../openapi/schema';

type PublicProfile = components['schemas']['PublicProfile'];

/** What a page's response carries besides the app. */
interface PageExtras {
  /** Extra tags for this page only (already escaped), e.g. a public profile's social preview. */
  head?: string;
  /**
   * A creator's pay page `/{username}`: their public profile (the getPublicProfile operation's answer). A visitor's
   * page comes rendered with it, and every request's HTML embeds it for the app (no second call for it).
   */
  publicProfile?: PublicProfile | null;
}

/**
 * Serves the built web app: hashed assets with long caching, and index.html (with a fresh script nonce) for every
 * other GET that is not under /api/, so deep links such as /transactions load the app and its router decides.
 */
export interface Spa {
  sendIndex(reply: FastifyReply, extras?: PageExtras): Promise<FastifyReply>;
}

export const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
const escapeText = (value: string) => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * The configured widget scripts reach the page as <meta> tags in the same response whose CSP allows them, so the
 * page never learns of a script the policy would refuse, and needs no extra request at start.
 */
function widgetMetaTags(widgets: ThirdPartyScripts): string {
  const tags = [
    widgets.chatWidgetUrl && `<meta name="tipjar-chat-widget" content="${escapeAttribute(widgets.chatWidgetUrl)}" />`,
    widgets.sessionRecordingUrl &&
      `<meta name="tipjar-session-recording" content="${escapeAttribute(widgets.sessionRecordingUrl)}" />`,
  ];
  return tags.filter(Boolean).join('\n    ');
}

/** Features the page switches on from the server's configuration (src/config/features.ts reads them). */
export interface PageFeatures {
  flowExplorer?: boolean;
}

export async function registerSpa(
  app: FastifyInstance,
  dir = webDistDir,
  widgets: ThirdPartyScripts = {},
  features: PageFeatures = {},
): Promise<Spa | null> {
  const indexFile = join(dir, 'index.html');
  if (!existsSync(indexFile)) return null;
  const metas = [widgetMetaTags(widgets), features.flowExplorer ? '<meta name="tipjar-flow-explorer" content="on" />' : '']
    .filter(Boolean)
    .join('\n    ');
  const template = metas ? readFileSync(indexFile, 'utf8').replace('</head>', `  ${metas}\n  </head>`) : readFileSync(indexFile, 'utf8');
  // The page's chunks and strings named in its HTML, so they download with the entry (./route-preloads.ts).
  // They are an optimisation: a checkout whose router tables cannot be read (no src/, say) serves pages without them.
  let preloads: ReturnType<typeof createRoutePreloads> = null;
  try {
    preloads = createRoutePreloads(dir, projectRoot, features);
  } catch (error) {
    app.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'pages are served without preload links');
  }
  // A visitor's public pages rendered by the server (./prerendered-pages.ts); without dist/ssr, the browser does.
  let prerendered: PrerenderedPages | null = null;
  try {
    prerendered = await loadPrerenderedPages(join(dir, '..', 'ssr'));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    app.log.warn({ reason }, 'public pages are rendered in the browser only');
  }
  await app.register(fastifyStatic, {
    root: dir,
    index: false,
    wildcard: false,
    // dist/web/.vite/manifest.json is a build record for the bundle budget, not something a browser needs.
    dotfiles: 'ignore',
    // scripts/compress-web.mjs wrote .br and .gz copies at build time: sent as they are when the browser accepts them.
    preCompressed: true,
    serve: true,
    setHeaders(res, path) {
      res.header(
        'cache-control',
        path.includes(`${join(dir, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      );
    },
  });
  return {
    async sendIndex(reply, { head, publicProfile = null } = {}) {
      const nonce = newNonce();
      const { url, headers } = reply.request;
      const path = url.split('?')[0] ?? '/';
      const language = pageLanguage(headers.cookie, headers['accept-language']);
      const user = parseUserCookie(headers.cookie ?? '');
      // Pages with no query: one that reads its query (sign-in's ?email=, the send flow's ?to=) would differ from
      // the render. A visitor's is the same for everyone. A signed-in user's is made for the user of the `tipjar-user`
      // cookie, the user the browser's app starts with, and carries nothing the request did not bring (the page's
      // data comes from the API afterwards, with the session): so it needs no session check, and cannot carry data
      // yet, as the session cookie is Path=/api (docs/performance.md "Session 8"). An expired session is found by the
      // app's first session check, as before.
      const query = url.split('?')[1];
      // A creator's pay page is rendered for a visitor only: a signed-in user's has their shell around it (and their
      // app starts signed in), which is theirs to render; they still get the profile embedded (below).
      const page =
        query || !prerendered
          ? null
          : await renderedPageOf(reply, path, language, () =>
              user
                ? prerendered!.signedInPageFor(path, language, user)
                : publicProfile
                  ? prerendered!.profilePageFor(path, language, publicProfile, requestOrigin(reply))
                  : prerendered!.pageFor(path, language),
            );
      const links = preloads?.tagsFor(path, headers.cookie, headers['accept-language']) ?? '';
      // The data first: a few small answers, which would otherwise wait for a free connection behind ~25 scripts
      // (HTTP/1.1 gives a page six), and which the page's largest element needs as much as it needs the scripts.
      const data = user ? dataPreloads(path, user, language) : '';
      const extra = [data, page?.head, links, head].filter(Boolean).join('\n    ');
      const withHead = extra ? template.replace('</head>', `  ${extra}\n  </head>`) : template;
      let html = withHead.replaceAll('<script', `<script nonce="${nonce}"`);
      if (page) {
        // main.tsx hydrates a #root rendered in the language it picks itself, and renders afresh otherwise.
        // data-signed-in: main.tsx hydrates a signed-in user's page only when it, too, starts signed in.
        const signedIn = user ? ' data-signed-in=""' : '';
        html = html
          .replace('<html lang="en">', `<html lang="${language}">`)
          .replace('<div id="root"></div>', () => `<div id="root" data-prerendered="${language}"${signedIn}>${page.body}</div>`);
        if (page.title) html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(page.title!)}</title>`);
        if (page.description) {
          const content = `content="${escapeAttribute(page.description)}"`;
          html = html.replace(/(<meta\s+name="description"\s+)content="[^"]*"/, (_, start: string) => `${start}${content}`);
        }
      }
      if (publicProfile) {
        // Data for the app, not a script to run (so no nonce, and the CSP is unchanged): escaped so nothing in a bio
        // can end the element (domain/embedded-data.ts). The page's machine starts with it (given-profile.ts).
        const data = `<script type="application/json" id="${PUBLIC_PROFILE_DATA_ID}">${jsonForScript(publicProfile)}</script>`;
        html = html.replace('</body>', () => `  ${data}\n  </body>`);
      }
      const encoding = pageEncoding(headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      return reply
        .code(200)
        .header('content-security-policy', htmlContentSecurityPolicy(nonce, widgets))
        // A signed-in user's rendered page is theirs: kept by no cache, theirs included (a shared device's back button).
        // Any other page (a visitor's pay page with its profile included) is the same for everyone who sends the
        // same cookies, but asked again each time (`no-cache`): a profile changes, and a new release has new chunks.
        .header('cache-control', page && user ? 'private, no-store' : 'no-cache')
        // The preload links and the rendered page depend on the cookies (user, language), the language asked for, and
        // the page's coding on what the browser accepts.
        .header('vary', 'Cookie, Accept-Language, Accept-Encoding')
        .type('text/html; charset=utf-8')
        .send(encoding ? await compressPage(html, encoding) : html);
    },
  };
}

/** The address the request came to (scheme, host and port), as the browser sees it: the page shows its own link. */
function requestOrigin(reply: FastifyReply): string {
  const { protocol, host } = reply.request;
  return `${protocol}://${host}`;
}

/** Tags the render put first (React's preloads of the page's images) belong in <head>, where the browser sees them
 * before it parses the body; the rest is #root's. */
const LEADING_LINKS = /^(?:<link [^>]*\/>)+/;

/**
 * A signed-in first view's API reads (domain/first-view-reads.ts) as fetch preloads: the browser sends them with the
 * page's scripts (the session cookie goes with them, as with any /api request) and hands their answers to the app's
 * own calls. Home's largest element is its data: without them its calls left only once ~170 KB of scripts had arrived
 * and run.
 */
function dataPreloads(path: string, user: SessionUser, language: Locale): string {
  if (needsSetUp(user)) return '';
  return firstViewReads(path, user.userId, language)
    .map((url) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(url)}" />`)
    .join('\n    ');
}

type PageParts = { head: string; body: string; title: string | null; description: string | null };

async function renderedPageOf(
  reply: FastifyReply,
  path: string,
  language: Locale,
  render: () => Promise<RenderedPage | null>,
): Promise<PageParts | null> {
  try {
    const page = await render();
    if (page === null) return null;
    const head = LEADING_LINKS.exec(page.html)?.[0] ?? '';
    return { head, body: page.html.slice(head.length), title: page.title, description: page.description };
  } catch (error) {
    // The browser renders it then, as it did before the server could.
    reply.request.log.error({ err: error, path, language }, 'page render failed');
    return null;
  }
}
