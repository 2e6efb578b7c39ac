import { expect, test as base } from '@playwright/test';

/**
 * The suite's `test`: fails any test whose page logged an error — a script error, a failed chunk, or a
 * Content-Security-Policy refusal from the real server's headers — unless the test expects one.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'errors logged by the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
