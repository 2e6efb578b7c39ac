import type { Page } from '@playwright/test';
import { expectNoA11yViolations, mainHeading, text } from './support/app';
import { expect, test } from './support/test';

/**
 * Spec 4 "New site version". The server's answer is replaced with page.route for the bump (the browser's
 * reaction is what is under test); the reload itself goes to the real server. Time is Playwright's fake clock,
 * so a minute passes in an instant.
 */
const t = (key: string) => text('en', 'common', key);
const VERSION_CALL = /\/api\/app\/version(\?|$)/;

/**
 * Waits for the page to finish loading before time is moved: a jump of minutes while a route chunk is still on
 * its way would (rightly) time that chunk out after 120 s.
 */
async function settle(page: Page) {
  await expect(mainHeading(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
}

/** Moves time on a minute at a time until `until` holds: the check starts only once the page is idle. */
async function passMinutesUntil(page: Page, until: () => Promise<void>) {
  await settle(page);
  await expect(async () => {
    await page.clock.fastForward(60_000);
    await until();
  }).toPass({ timeout: 15_000 });
}

/**
 * Moves time on a minute at a time until the version call has been made `atLeast` times, and not a minute more:
 * what happens after the call (a notification's own 5 s) must not be skipped over by the test's clock.
 */
async function passMinutesUntilCalled(page: Page, calls: () => number, atLeast: number) {
  await settle(page);
  await expect(async () => {
    if (calls() < atLeast) await page.clock.fastForward(60_000);
    await expect.poll(calls, { timeout: 1_000 }).toBeGreaterThanOrEqual(atLeast);
  }).toPass({ timeout: 20_000 });
}

test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

test('a server version bump opens the dialog; Reload loads the app again from the server', async ({ page }) => {
  await page.goto('/');
  await settle(page);
  await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));

  const asked: URL[] = [];
  await page.route(VERSION_CALL, async (route) => {
    asked.push(new URL(route.request().url()));
    await route.fulfill({ json: { version: '1.0.3' } });
  });
  const dialog = page.getByRole('alertdialog', { name: t('versionCheck.title') });
  await passMinutesUntil(page, () => expect(dialog).toBeVisible({ timeout: 500 }));
  // The second client carries the language like every call.
  expect(asked[0]?.searchParams.get('lang')).toBe('en');
  await expect(dialog.getByText(t('versionCheck.body'))).toBeVisible();
  await expectNoA11yViolations(page);

  // The new version is deployed: the server now answers what the page asked about.
  await page.unroute(VERSION_CALL);
  const documentRequest = page.waitForRequest((request) => request.resourceType() === 'document');
  await dialog.getByRole('button', { name: t('versionCheck.reload') }).click();
  const reloaded = await documentRequest;
  expect(new URL(reloaded.url()).pathname).toBe('/');
  const response = await reloaded.response();
  expect(response?.status()).toBe(200);
  await expect(mainHeading(page)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload)).toBeUndefined();

  // The reloaded page is what the server runs: a minute later it asks again and nothing is offered.
  const check = page.waitForResponse(VERSION_CALL);
  await passMinutesUntil(page, async () => {
    const answer = await Promise.race([check, new Promise<null>((resolve) => setTimeout(() => resolve(null), 500))]);
    if (!answer) throw new Error('no check yet');
  });
  expect(await (await check).json()).toEqual({ version: '1.0.2' });
  await expect(dialog).toBeHidden();
});

test('Later closes the dialog and it asks again a minute later', async ({ page }) => {
  await page.route(VERSION_CALL, (route) => route.fulfill({ json: { version: '2.0.0' } }));
  await page.goto('/how-it-works');
  const dialog = page.getByRole('alertdialog', { name: t('versionCheck.title') });
  await passMinutesUntil(page, () => expect(dialog).toBeVisible({ timeout: 500 }));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.clock.fastForward(60_000);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: t('versionCheck.later') }).click();
  await expect(dialog).toBeHidden();
});

test('the same or an older server version asks nothing', async ({ page }) => {
  let checks = 0;
  await page.route(VERSION_CALL, async (route) => {
    checks += 1;
    await route.fulfill({ json: { version: checks === 1 ? '1.0.2' : '1.0.1' } });
  });
  await page.goto('/');
  await passMinutesUntilCalled(page, () => checks, 2);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test('a failing check shows one error notification, not one a minute', async ({ page, consoleErrors }) => {
  let failures = 0;
  await page.route(VERSION_CALL, async (route) => {
    failures += 1;
    await route.abort('internetdisconnected');
  });
  await page.goto('/');
  const message = page.getByRole('alert').filter({ hasText: t('versionCheck.failed') });
  await passMinutesUntilCalled(page, () => failures, 1);
  await expect(message).toBeVisible();
  // Let it hide (5 s). From now on the page itself counts every notification that appears, so one shown and
  // hidden again between two of the test's clock jumps is still seen.
  await page.clock.fastForward(6_000);
  await expect(message).toHaveCount(0);
  await page.evaluate((text) => {
    (window as unknown as { failureNotices: number }).failureNotices = 0;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLElement && node.textContent?.includes(text))
            (window as unknown as { failureNotices: number }).failureNotices += 1;
    }).observe(document.body, { childList: true, subtree: true });
  }, t('versionCheck.failed'));
  // Three more failed checks, a minute apart.
  await passMinutesUntilCalled(page, () => failures, failures + 3);
  await new Promise((resolve) => setTimeout(resolve, 500)); // real time for a notice that should not come
  expect(await page.evaluate(() => (window as unknown as { failureNotices: number }).failureNotices)).toBe(0);
  await expect(message).toHaveCount(0);
  // The browser logs each refused request; those are the failures under test.
  consoleErrors.splice(0);
});

test('a hidden tab does not poll; coming back checks at once', async ({ page }) => {
  let checks = 0;
  await page.route(VERSION_CALL, async (route) => {
    checks += 1;
    await route.fulfill({ json: { version: '1.0.2' } });
  });
  await page.goto('/');
  await passMinutesUntilCalled(page, () => checks, 1);
  const setVisibility = (state: 'hidden' | 'visible') =>
    page.evaluate((value) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
      document.dispatchEvent(new Event('visibilitychange'));
    }, state);
  await setVisibility('hidden');
  const whileHidden = checks;
  for (let minute = 0; minute < 5; minute += 1) await page.clock.fastForward(60_000);
  // Real time for a call that should not happen to show up if it did.
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(checks).toBe(whileHidden);
  await setVisibility('visible');
  await expect.poll(() => checks).toBe(whileHidden + 1);
});
