import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/** The optional third-party scripts (chat widget, session recording), as configured; unset means absent. */
export interface ThirdPartyScripts {
  chatWidgetUrl?: string | undefined;
  sessionRecordingUrl?: string | undefined;
}

const originOf = (url: string | undefined): string[] => (url === undefined ? [] : [new URL(url).origin]);

/**
 * Strict security headers. The HTML page gets a per-response script nonce (see web/spa.ts); API answers are data
 * and get a CSP that forbids everything.
 *
 * A configured widget's origin is allowed to run its script and talk to its server (script-src, connect-src);
 * the chat widget also draws its window in a frame with the vendor's images (frame-src, img-src). Nothing is
 * allowed for a widget that is not configured.
 */
export function htmlContentSecurityPolicy(nonce: string, widgets: ThirdPartyScripts = {}): string {
  const chat = originOf(widgets.chatWidgetUrl);
  const both = [...new Set([...chat, ...originOf(widgets.sessionRecordingUrl)])];
  const sources = (...list: string[]) => list.join(' ');
  return [
    "default-src 'self'",
    sources('script-src', "'self'", `'nonce-${nonce}'`, ...both),
    // Components position popovers through the CSSOM; inline <style> blocks are not used.
    "style-src 'self' 'unsafe-inline'",
    sources('img-src', "'self'", 'data:', 'blob:', ...chat),
    "media-src 'self' blob:",
    "font-src 'self'",
    sources('connect-src', "'self'", ...both),
    ...(chat.length ? [sources('frame-src', ...chat)] : []),
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

const HSTS_MAX_AGE = 31_536_000;
const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * The same headers for answers Fastify gives before routing (an undecodable or overlong path), where no hook runs
 * (see frameworkErrors in app.ts): those are problems, so the API's CSP applies.
 */
export const PRE_ROUTING_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': API_CONTENT_SECURITY_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': REFERRER_POLICY,
  'strict-transport-security': `max-age=${HSTS_MAX_AGE}; includeSubDomains`,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  // A refusal is never kept by a cache (server/http/cache-control.ts does the same for routed answers).
  'cache-control': 'no-store',
};

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    // Set per response type below: the SPA's needs a nonce.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: REFERRER_POLICY },
    strictTransportSecurity: { maxAge: HSTS_MAX_AGE, includeSubDomains: true },
    frameguard: { action: 'deny' },
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', API_CONTENT_SECURITY_POLICY);
    return payload;
  });
}
