/**
 * Resolves once the browser has a quiet moment after the first render, so optional work (the version check,
 * support widgets) never competes with the page the visitor came for. `timeout` bounds the wait on a page that
 * is never idle. Safari has no requestIdleCallback: there the page's load event, plus a tick, stands in for it.
 */
export function whenIdle(timeout = 3_000): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(() => resolve(), { timeout });
    } else if (document.readyState === 'complete') {
      window.setTimeout(resolve, 1);
    } else {
      window.addEventListener('load', () => window.setTimeout(resolve, 1), { once: true });
    }
  });
}
