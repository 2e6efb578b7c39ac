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
