import type { Middleware } from 'openapi-fetch';

/**
 * Per-call opt-out of the error notification, for screens that show a failure themselves (a form putting
 * `errors[]` next to its fields). Pass `{ middleware: [quiet] }` to the call. Request middleware runs its
 * response and error hooks before the client's own, so the mark is set before the failure hook looks.
 */
const quietRequests = new WeakSet<Request>();

export const quiet: Middleware = {
  onResponse({ request }) {
    quietRequests.add(request);
    return undefined;
  },
  onError({ request }) {
    quietRequests.add(request);
    return undefined;
  },
};

export function isQuiet(request: Request): boolean {
  return quietRequests.has(request);
}
