import { DRIVERS } from './paths/all-drivers';
import { pathTests } from './paths/run-paths';
import { test } from './support/test';

/**
 * The generated paths (generated-paths.spec.ts) of the drivers whose preconditions move the server's shared test
 * clock — a new withdraw destination opens 24 hours after it was set (issue 21), a session idles out after 30
 * minutes —, so they run with the other clock specs: alone, after the rest (playwright.config.ts).
 */
// Every transition in order, repeats included: each step is checked by its record.
test.use({ recordEveryTransition: true });

for (const { driver, tests } of pathTests(DRIVERS.filter((driver) => driver.clock === true))) {
  test.describe(driver, () => {
    for (const path of tests) {
      test(path.title, async ({ page, context, browser, takenTransitions, consoleErrors }) => {
        if (path.slow) test.slow();
        await path.run({ page, context, browser, takenTransitions, consoleErrors });
      });
    }
  });
}
