import { expect, test as base, type Page } from '@playwright/test';
import { TakenTransitions, writeTestTransitions } from './ui-transitions';

/**
 * The suite's `test`: fails any test whose page logged an error — a script error, a failed chunk, or a
 * Content-Security-Policy refusal from the real server's headers — unless the test expects one; and records the
 * machine transitions the app took during the test (ui-transitions.ts, docs/flows/ui-coverage.json).
 */
let clients = 0;

// 402: a card the processor declined (adding a card, a card deposit), which the screen shows in its own words.
const API_REFUSAL = /^Failed to load resource: the server responded with a status of (400|401|402|403|409|410|429) /;

/**
 * A page the server rendered (`#root[data-prerendered]`) is on screen, links and all, before the app has taken it over
 * (`data-hydrated`, src/main.tsx): a button pressed before then does nothing, as for a person on a slow phone. A
 * navigation waits for that, so a test's next step is the app's; one that means to act before it (the early-input
 * tests) navigates with `waitUntil: 'domcontentloaded'` or 'commit', and a page without JavaScript is never taken over.
 */
async function takenOver(page: Page): Promise<void> {
  await expect(page.locator('#root:not([data-prerendered]), #root[data-hydrated]')).toHaveCount(1, { timeout: 15_000 });
}

export const test = base.extend<{
  consoleErrors: string[];
  recordTransitions: boolean;
  recordEveryTransition: boolean;
  takenTransitions: TakenTransitions;
}>({
  // `test.use({ recordTransitions: false })`: pages as production serves them, without the recorder's binding
  // (bundle-budget.spec.ts shows the recorder is then never loaded).
  recordTransitions: [true, { option: true }],
  // `test.use({ recordEveryTransition: true })`: every transition reported in order, repeats included, for tests that
  // read them step by step (`takenTransitions.recorded`, the generated path tests); coverage needs each once.
  recordEveryTransition: [false, { option: true }],
  takenTransitions: [
    async ({ browser, baseURL, recordTransitions, recordEveryTransition }, use, testInfo) => {
      // The key of the test's cookie, whose requests' payment transitions the server notes (server/dev/browser-trail.ts).
      const trail = baseURL ? { baseURL, key: `${testInfo.testId}-${testInfo.retry}` } : undefined;
      const taken = new TakenTransitions(recordEveryTransition, trail);
      const stopWatching = recordTransitions ? taken.watchNewContexts(browser) : () => {};
      await use(taken);
      stopWatching();
      if (recordTransitions) {
        await taken.collectTrail();
        writeTestTransitions(testInfo, taken);
      }
    },
    { auto: true },
  ],
  // Playwright opens this context with browser.newContext, watched above; naming takenTransitions here makes sure
  // the watching has begun first.
  context: async ({ context, recordTransitions, takenTransitions }, use) => {
    if (recordTransitions) await takenTransitions.watch(context);
    await use(context);
  },
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      const waits = (options?: { waitUntil?: string }) => options?.waitUntil !== 'domcontentloaded' && options?.waitUntil !== 'commit';
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (waits(options)) await takenOver(page);
        return response;
      };
      page.reload = async (options) => {
        const response = await reload(options);
        if (waits(options)) await takenOver(page);
        return response;
      };
    }
    await use(page);
  },
  // Each test is its own client address (the server trusts one proxy hop in the e2e run), as separate people on
  // separate devices would be: the per-address rate limits of one test never touch another.
  extraHTTPHeaders: async ({}, use, testInfo) => {
    clients += 1;
    await use({ 'x-forwarded-for': `10.${testInfo.workerIndex % 256}.${(clients >> 8) % 256}.${clients % 256}` });
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        // The browser logs every refused API call ("… status of 401"): a form showing the server's refusal is
        // the app working. A missing file (404) or a network failure still counts.
        if (message.type() === 'error' && !API_REFUSAL.test(message.text())) errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'errors logged by the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
