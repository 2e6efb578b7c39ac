import type { Middleware } from 'openapi-fetch';

/**
 * Spec 6: authenticated calls carry the `authtoken` header. In the browser the token lives in an HttpOnly
 * cookie the script never sees (design.md §6), so `getToken` usually returns null there; API clients and
 * tests that hold a token get the header.
 */
export function authTokenMiddleware(getToken: () => string | null): Middleware {
  return {
    onRequest({ request }) {
      const token = getToken();
      if (!token) return undefined;
      request.headers.set('authtoken', token);
      return request;
    },
  };
}
