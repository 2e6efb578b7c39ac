import { DRIVERS } from './paths/all-drivers';
import { pathTests } from './paths/run-paths';
import { test } from './support/test';

/**
 * Issue 27 item 2: the paths generated from the machines' graphs to the transitions no hand-written browser test
 * takes (tests/e2e/paths/generated/*.paths.json, `npm run flows:paths`), each its own test against the real server.
 * The drivers whose preconditions move the server's clock run in generated-paths.clock.spec.ts.
 */
// Every transition in order, repeats included: each step is checked by its record.
test.use({ recordEveryTransition: true });

for (const { driver, tests } of pathTests(DRIVERS.filter((driver) => !driver.clock))) {
  test.describe(driver, () => {
    for (const path of tests) {
      test(path.title, async ({ page, context, browser, takenTransitions, consoleErrors }) => {
        if (path.slow) test.slow();
        await path.run({ page, context, browser, takenTransitions, consoleErrors });
      });
    }
  });
}
