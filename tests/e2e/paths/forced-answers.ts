import type { Page } from '@playwright/test';
import { apiFailure } from '../../../machines/forms/api-failure';

// locales/en/errors.json `service_unavailable`: the paths run in English.
const DETAIL = 'The service is briefly unavailable. Please try again in a moment.';

/**
 * A server failure no seeded state can cause on demand (the database unreachable, a proxy's 503): the page's next
 * matching request is answered by Playwright with the problem the real server sends then (server/problems:
 * `service_unavailable`, 503, RFC 9457 with `Retry-After`), and never reaches the server. Other requests go through.
 * The runner removes every route before the next event's arrangements.
 */
export async function forceServerProblem(page: Page, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: RegExp): Promise<void> {
  await page.route(url, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    return route.fulfill(SERVICE_UNAVAILABLE);
  });
}

/** The answer itself, for a route a driver holds on its own (route.fulfill). */
export const SERVICE_UNAVAILABLE = {
  status: 503,
  contentType: 'application/problem+json',
  headers: { 'retry-after': '5', 'cache-control': 'no-store' },
  body: JSON.stringify({
    type: 'https://tipjar.example/problems/service-unavailable',
    title: 'Service Unavailable',
    status: 503,
    code: 'service_unavailable',
    detail: DETAIL,
  }),
};

/** What the app's call throws on that answer, as the machine receives it: the value of a driver's 503 outcome. */
export const UNAVAILABLE_FAILURE = apiFailure(503, { code: 'service_unavailable', detail: DETAIL });
