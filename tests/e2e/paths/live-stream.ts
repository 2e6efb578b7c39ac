import type { Page, Route } from '@playwright/test';

/**
 * The page's live updates (GET /api/app/events, src/api/live-updates.ts: one EventSource per tab) as the drivers of
 * the pages that follow them need it. Its first connection is held back when the screen opens (`holdEventStream`, in
 * a driver's `open`) and then either
 * - let through to the real server (`connect`), before a step that makes a change the stream must deliver: a payment
 *   or a deposit made by another person or the sandbox (LIVE_PAYMENT, LIVE_TRANSFER);
 * - or cut (`drop`): the connection answers and ends at once, as when a proxy or the network drops a stream (the
 *   one failure forced here). EventSource reconnects by itself to the real server, whose `ready` after a dropped
 *   stream makes the app tell its machines LIVE_RESET (src/api/live-updates.ts): the reset is the app's and the
 *   server's own; only the drop is forced.
 * Later connections always go to the server. The route is the context's: the runner's `page.unrouteAll` before each
 * event lets any request a page route holds through.
 */
const EVENTS = /\/api\/app\/events(\?.*)?$/;

/** How long after the stream's answer the server has surely begun following the trails for it (live-hub.ts `open`). */
const SETTLE_MS = 300;

export interface HeldStream {
  /** Lets the held connection through and waits until the server streams to it. Idempotent. */
  connect(): Promise<void>;
  /** Cuts the held connection; EventSource reconnects to the server at once, and the machines hear LIVE_RESET. */
  drop(): Promise<void>;
}

export async function holdEventStream(page: Page): Promise<HeldStream> {
  let arrived: () => void = () => {};
  const arrival = new Promise<void>((resolve) => (arrived = resolve));
  let decide: (how: 'continue' | 'drop') => void = () => {};
  const decided = new Promise<'continue' | 'drop'>((resolve) => (decide = resolve));
  let held = false;
  let state: 'held' | 'live' | 'dropped' = 'held';
  // On the context: the runner's `page.unrouteAll` before each event would let a held request through.
  await page.context().route(EVENTS, async (route: Route) => {
    if (held) return route.continue();
    held = true;
    arrived();
    // The handler waits (a handler that returns lets the request through).
    if ((await decided) === 'continue') return route.continue();
    // An answer that ends at once, with a short reconnection delay (the server's own answer sets 3 s again).
    return route.fulfill({ status: 200, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store' }, body: 'retry: 100\n\n' });
  });
  return {
    async connect() {
      if (state === 'live') return;
      if (state === 'dropped') throw new Error('the stream was cut: the reconnection is already the server’s');
      await arrival;
      state = 'live';
      const answered = page.waitForResponse(EVENTS);
      decide('continue');
      await answered;
      await page.waitForTimeout(SETTLE_MS);
    },
    async drop() {
      if (state !== 'held') throw new Error('the stream is already connected: only a held one can be cut (make LIVE_RESET the first live step)');
      await arrival;
      state = 'dropped';
      decide('drop');
    },
  };
}
