import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { webDistDir } from '../paths';
import { htmlContentSecurityPolicy, newNonce, type ThirdPartyScripts } from '../security/headers';

/**
 * Serves the built web app: hashed assets with long caching, and index.html (with a fresh script nonce) for every
 * other GET that is not under /api/, so deep links such as /transactions load the app and its router decides.
 */
export interface Spa {
  sendIndex(reply: FastifyReply): FastifyReply;
}

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

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

export async function registerSpa(app: FastifyInstance, dir = webDistDir, widgets: ThirdPartyScripts = {}): Promise<Spa | null> {
  const indexFile = join(dir, 'index.html');
  if (!existsSync(indexFile)) return null;
  const metas = widgetMetaTags(widgets);
  const template = metas ? readFileSync(indexFile, 'utf8').replace('</head>', `  ${metas}\n  </head>`) : readFileSync(indexFile, 'utf8');
  await app.register(fastifyStatic, {
    root: dir,
    index: false,
    wildcard: false,
    serve: true,
    setHeaders(res, path) {
      res.header(
        'cache-control',
        path.includes(`${join(dir, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      );
    },
  });
  return {
    sendIndex(reply) {
      const nonce = newNonce();
      const html = template.replaceAll('<script', `<script nonce="${nonce}"`);
      return reply
        .code(200)
        .header('content-security-policy', htmlContentSecurityPolicy(nonce, widgets))
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(html);
    },
  };
}
