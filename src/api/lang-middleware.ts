import type { Middleware } from 'openapi-fetch';

/**
 * Spec 7: every request on both API clients carries the current locale as `lang` (it localises `detail`).
 *
 * The request is rebuilt with its body read into memory: `new Request(url, request)` would hand the old request's
 * body over as a stream, and Chromium sends a streamed body only over HTTP/2 — over HTTP/1.1 every POST and PATCH
 * would fail with ERR_ALPN_NEGOTIATION_FAILED.
 */
export function langMiddleware(getLang: () => string): Middleware {
  return {
    async onRequest({ request }) {
      const url = new URL(request.url);
      url.searchParams.set('lang', getLang());
      const body = request.body === null ? undefined : await request.clone().arrayBuffer();
      return new Request(url, {
        method: request.method,
        headers: request.headers,
        body,
        signal: request.signal,
        credentials: request.credentials,
        cache: request.cache,
        redirect: request.redirect,
        referrer: request.referrer,
        referrerPolicy: request.referrerPolicy,
        integrity: request.integrity,
        keepalive: request.keepalive,
        mode: request.mode,
      });
    },
  };
}
