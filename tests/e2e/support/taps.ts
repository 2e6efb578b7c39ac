import type { Page } from '@playwright/test';
import { installTapCounter, TAP_STORE_KEY, type TapRecord } from './tap-counter';

/**
 * The person's taps on a page (issue 22 item 11), counted in the page by tests/e2e/support/tap-counter.ts: call
 * `countTaps(page)` before the first navigation, `start()` once the job's start screen is showing, and `read()` at
 * the end. What the test code called does not matter, only what reached the page as a person's input.
 */
export interface Taps {
  /** Forgets everything so far: the job starts here. */
  start(): Promise<void>;
  read(): Promise<TapRecord>;
}

export async function countTaps(page: Page): Promise<Taps> {
  // As a script's source, not a function compiled in the page: the app's Content-Security-Policy forbids eval, and
  // an init script is not subject to it.
  const options = { trustedOnly: true, storageKey: TAP_STORE_KEY };
  await page.addInitScript({ content: `(${installTapCounter.toString()})(window, ${JSON.stringify(options)});` });
  return {
    start: () => page.evaluate((key) => window.sessionStorage.removeItem(key), TAP_STORE_KEY),
    read: () =>
      page.evaluate(
        (key) => (JSON.parse(window.sessionStorage.getItem(key) ?? 'null') as TapRecord | null) ?? { taps: 0, log: [], typed: [] },
        TAP_STORE_KEY,
      ),
  };
}
