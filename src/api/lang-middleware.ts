import type { Middleware } from 'openapi-fetch';

/** Spec 7: every request on both API clients carries the current locale as `lang` (it localises `detail`). */
export function langMiddleware(getLang: () => string): Middleware {
  return {
    onRequest({ request }) {
      const url = new URL(request.url);
      url.searchParams.set('lang', getLang());
      return new Request(url, request);
    },
  };
}
