import { expect, test as base } from '@playwright/test';

/**
 * The suite's `test`: fails any test whose page logged an error — a script error, a failed chunk, or a
 * Content-Security-Policy refusal from the real server's headers — unless the test expects one.
 */
let clients = 0;

// 402: a card the processor declined (adding a card, a card deposit), which the screen shows in its own words.
const API_REFUSAL = /^Failed to load resource: the server responded with a status of (400|401|402|403|409|410|429) /;

export const test = base.extend<{ consoleErrors: string[] }>({
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
