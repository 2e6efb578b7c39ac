import { mainHeading, text } from './support/app';
import { expect, test } from './support/test';

const t = (key: string) => text('en', 'common', key);

// Spec 8: a route chunk that cannot load must not leave a blank page.
test('a page chunk that fails to load shows a reload prompt inside the frame', async ({ page, consoleErrors }) => {
  await page.route(/\/assets\/how-it-works-page-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: t('header.howItWorks'), exact: true }).click();
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: t('routeError.title') })).toBeVisible();
  await expect(alert.getByRole('button', { name: t('routeError.reload') })).toBeVisible();
  await expect(alert.getByRole('link', { name: t('routeError.home') })).toHaveAttribute('href', '/');
  // The header still works: the user can go elsewhere.
  await page.getByRole('banner').getByRole('link', { name: t('header.join') }).click();
  await expect(mainHeading(page)).toHaveText(t('auth.welcomeTitle'));
  // The failed download is the expected error here.
  consoleErrors.splice(0);
});

test('a layout chunk that fails to load still offers a reload', async ({ page, consoleErrors }) => {
  await page.route(/\/assets\/public-layout-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
  await page.goto('/');
  await expect(page.getByRole('alert').getByRole('button', { name: t('routeError.reload') })).toBeVisible();
  consoleErrors.splice(0);
});

test('a page chunk that takes over 120 s gives up and offers a reload', async ({ page, consoleErrors }) => {
  await page.clock.install();
  // The download starts and never finishes (a stalled connection): the browser alone would wait for minutes.
  const stalled: Array<() => Promise<void>> = [];
  await page.route(/\/assets\/how-it-works-page-[^/]+\.js$/, (route) => {
    stalled.push(() => route.abort('timedout'));
  });
  await page.goto('/');
  const howItWorks = page.getByRole('banner').getByRole('link', { name: t('header.howItWorks'), exact: true });
  await expect(howItWorks).toBeVisible();
  // From here the page's time moves only when the test moves it. With the fake clock also running at the real pace,
  // the real seconds between the click and the checks (a slow poll under load) counted towards the 120 s, and
  // the alert came before "119 s" was checked. (The jump is ahead of the page's clock, which started at the real now.)
  await page.clock.pauseAt(Date.now() + 60_000);
  await howItWorks.click();
  await expect.poll(() => stalled.length).toBe(1);
  const alert = page.getByRole('alert');
  await page.clock.runFor(119_000);
  await expect(alert).toHaveCount(0);
  await page.clock.runFor(1_000);
  await expect(alert.getByRole('heading', { name: t('routeError.title') })).toBeVisible();
  await expect(alert.getByRole('button', { name: t('routeError.reload') })).toBeVisible();
  // The rest is not about time: let the page's clock run again.
  await page.clock.resume();
  // Reload asks the server again; this time the chunk arrives.
  await page.unroute(/\/assets\/how-it-works-page-[^/]+\.js$/);
  await alert.getByRole('button', { name: t('routeError.reload') }).click();
  await expect(mainHeading(page)).toHaveText(text('en', 'marketing', 'howItWorks.heading'));
  for (const abort of stalled) await abort().catch(() => {});
  consoleErrors.splice(0);
});

test('the way home from a failed page is a fresh load of /', async ({ page, consoleErrors }) => {
  await page.route(/\/assets\/how-it-works-page-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
  await page.goto('/how-it-works');
  await page.getByRole('alert').getByRole('link', { name: t('routeError.home') }).click();
  await expect(page).toHaveURL('/');
  await expect(mainHeading(page)).toHaveText(text('en', 'marketing', 'landing.heading'));
  consoleErrors.splice(0);
});
