import type { FastifyInstance } from 'fastify';

/**
 * `Cache-Control` of every /api answer. API answers carry balances, payments, sessions (the login answer's token):
 * no cache — the browser's, a proxy's or a shared computer's — may keep them, so everything is `no-store` unless it
 * is listed here as meant to be cached, and then only when it succeeded (a refusal is never kept).
 *
 * An operation whose handler sets its own header keeps it (the stricter or more precise one):
 * - getAvatar, getBackgroundImage: `public, max-age=31536000, immutable` — their address carries the picture's key;
 * - getOpenApiDocument, getApiReference: `no-cache` — the contract changes with a deploy, so each use revalidates;
 * - getMedia: `private, no-store` — a user's own upload.
 */
const CACHEABLE_ANSWERS: Readonly<Record<string, string>> = {
  // The 60-second version poll must see a deploy at once (a cached answer would hide it for another poll or two):
  // storable, but revalidated on every use.
  getAppVersion: 'no-cache',
  // A creator's public page, the same for everyone: shared caches may keep it a minute.
  getPublicProfile: 'public, max-age=60',
};

const NO_STORE = 'no-store';

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** The onSend hook: on /api answers without a Cache-Control of their own, the table's value or `no-store`. */
export function registerCacheControl(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isApiPath(request.url) || reply.hasHeader('cache-control')) return payload;
    const operationId = (request.routeOptions.config as { operationId?: string } | undefined)?.operationId;
    const cacheable = operationId && reply.statusCode >= 200 && reply.statusCode < 300 ? CACHEABLE_ANSWERS[operationId] : undefined;
    reply.header('cache-control', cacheable ?? NO_STORE);
    return payload;
  });
}
