import { latestCode, mainHeading, pathOf, signInAs, createAccount, text, fmt } from './support/app';
import { expect, test } from './support/test';

/**
 * Tests that move the server's test clock. They run alone, after every other test (playwright.config.ts project
 * `clock`), because the clock is shared by the whole server.
 */
const a = (key: string, values: Record<string, string | number> = {}) => fmt(text('en', 'accounts', key), values);

test('idle for 31 minutes: the next navigation lands on /expired-session', async ({ page, context }) => {
  const account = await signInAs(context);
  // The app's first session check answered before the clock moves: otherwise that check is the one that finds the
  // session expired (home comes rendered by the server, so the heading is there before the app has started).
  const checked = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/app/user/${account.user.userId}`);
  await page.goto('/');
  await expect(mainHeading(page)).toHaveText(text('en', 'common', 'routes.home'));
  expect((await checked).ok()).toBe(true);
  const moved = await page.request.post('/api/dev/clock', { data: { advanceMs: 31 * 60 * 1000 } });
  expect(moved.ok()).toBe(true);

  // The next call finds the session gone: the click's navigation, or one the open page makes by itself first (its
  // live stream reconnecting), which then takes the app there before the click can happen. Either way it lands there.
  const landed = page.waitForURL('/expired-session');
  const activity = page.getByRole('navigation', { name: text('en', 'common', 'shell.navLabel') }).getByRole('link', { name: text('en', 'common', 'shell.activity') });
  await Promise.race([landed, activity.click().catch(() => landed)]);
  await landed;
  await expect(page).toHaveURL('/expired-session');
  await expect(page.getByText('Please log in again to continue')).toBeVisible();
  await expect(page.getByRole('link', { name: text('en', 'common', 'auth.expiredSignIn') })).toHaveAttribute('href', '/sign-in');
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('tipjar-user');
});

test('an emailed link whose code expired leads to /expired-link, which sends a new code', async ({ page, context }) => {
  const account = await createAccount(context, { setUp: false });
  const { link } = await latestCode(page.request, account.email);
  const moved = await page.request.post('/api/dev/clock', { data: { advanceMs: 16 * 60 * 1000 } });
  expect(moved.ok()).toBe(true);
  // Moving the clock idled the session out too: this is a fresh browser that only has the link.
  await context.clearCookies();
  await page.goto(pathOf(link));
  await expect(page).toHaveURL(/\/expired-link\?email=/);
  await expect(mainHeading(page)).toHaveText(a('titles.expiredLink'));
  await page.getByRole('button', { name: a('expiredLink.resend') }).click();
  await expect(page).toHaveURL(/\/check-email\?email=/);
  await expect(page.getByText(a('pinResent'))).toBeVisible();
  const fresh = await latestCode(page.request, account.email);
  expect(fresh.code).not.toBe('');
  await page.getByRole('textbox', { name: a('pin.digitLabel', { index: 1, count: 6 }), exact: true }).click();
  await page.keyboard.type(fresh.code);
  await page.getByRole('button', { name: a('checkEmail.submit') }).click();
  await expect(page).toHaveURL('/verify-success-mobile');
});
