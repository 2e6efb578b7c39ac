import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { projectRoot, webDistDir } from '../paths';
import { createRoutePreloads } from './route-preloads';
import { htmlContentSecurityPolicy, newNonce, type ThirdPartyScripts } from '../security/headers';

/**
 * Serves the built web app: hashed assets with long caching, and index.html (with a fresh script nonce) for every
 * other GET that is not under /api/, so deep links such as /transactions load the app and its router decides.
 */
export interface Spa {
  /** `head`: extra tags for this page only (already escaped), e.g. a public profile's social preview. */
  sendIndex(reply: FastifyReply, head?: string): FastifyReply;
}

export const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * The configured widget scripts reach the page as <meta> tags in the same response whose CSP allows them, so the
 * page never learns of a script the policy would refuse, and needs no extra request at start.
 */
export function widgetMetaTags(widgets: ThirdPartyScripts): string {
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
    sendIndex(reply, head) {
      const nonce = newNonce();
      const { url, headers } = reply.request;
      const links = preloads?.tagsFor(url.split('?')[0] ?? '/', headers.cookie, headers['accept-language']) ?? '';
      const extra = [links, head].filter(Boolean).join('\n    ');
      const page = extra ? template.replace('</head>', `  ${extra}\n  </head>`) : template;
      const html = page.replaceAll('<script', `<script nonce="${nonce}"`);
      return reply
        .code(200)
        .header('content-security-policy', htmlContentSecurityPolicy(nonce, widgets))
        .header('cache-control', 'no-cache')
        // The preload links depend on the session cookie and the language asked for.
        .header('vary', 'Cookie, Accept-Language')
        .type('text/html; charset=utf-8')
        .send(html);
    },
  };
}
