import { expect, test } from './support/test';
import { createAccount, DESKTOP, mainHeading, PHONE, signInAs, text, type TestAccount } from './support/app';

const t = (key: string) => text('en', 'common', key);

let account: TestAccount;

test.beforeEach(async ({ context }) => {
  account = await signInAs(context);
});

test.describe('signed-in shell at 1280 px', () => {
  test.use({ viewport: DESKTOP });

  test('left tab bar with every section, Support outside, a highlighted Send or Request', async ({ page }) => {
    await page.goto('/');
    await expect(mainHeading(page)).toHaveText(t('routes.home'));
    const nav = page.getByRole('navigation', { name: t('shell.navLabel') });
    const expected: [string, string][] = [
      [t('shell.home'), '/'],
      [t('shell.activity'), '/transactions'],
      [t('shell.withdrawals'), '/withdraw-funds'],
      [t('shell.settings'), '/settings'],
      [t('shell.myProfile'), '/profile'],
      [t('shell.sendOrRequest'), '/payment'],
    ];
    for (const [name, href] of expected) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    const support = nav.getByRole('link', { name: new RegExp(`^${t('shell.support')}`) });
    await expect(support).toHaveAttribute('target', '_blank');
    await expect(support).toHaveAttribute('rel', /noopener/);
    await expect(nav.getByRole('link', { name: t('shell.home'), exact: true })).toHaveAttribute('aria-current', 'page');

    await nav.getByRole('link', { name: t('shell.activity') }).click();
    await expect(page).toHaveURL('/transactions');
    await expect(mainHeading(page)).toHaveText(t('routes.transactions'));
    await expect(nav.getByRole('link', { name: t('shell.activity') })).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveTitle(`${t('routes.transactions')} · Tipjar`);
    // After client navigation, focus starts on the new page's main region.
    await expect(page.getByRole('main')).toBeFocused();
  });

  test('right sidebar shows the user, or on /profile a title and a go-to-transactions button', async ({ page }) => {
    await page.goto('/');
    const sidebar = page.getByRole('complementary', { name: t('shell.sidebarLabel') });
    await expect(sidebar.getByRole('heading', { name: account.user.fullName! })).toBeVisible();
    await expect(sidebar.getByText(`@${account.user.username!}`)).toBeVisible();
    await expect(sidebar.getByRole('link', { name: t('shell.viewProfile') })).toHaveAttribute('href', '/profile');
    // The person's initials stand in for a missing photo (issue 23; the default picture only for someone nameless).
    expect(account.user.fullName).toBe('Ana Souza');
    await expect(sidebar.getByRole('link', { name: t('shell.viewProfile') })).toHaveText('AS');
    await expect(sidebar.locator('img[src^="/api/media/avatar/"]')).toHaveCount(0);

    await sidebar.getByRole('link', { name: t('shell.viewProfile') }).click();
    await expect(page).toHaveURL('/profile');
    await expect(sidebar.getByRole('heading', { name: t('shell.profileSidebarTitle') })).toBeVisible();
    await sidebar.getByRole('link', { name: t('shell.goToTransactions') }).click();
    await expect(page).toHaveURL('/transactions');
  });

  test('breadcrumbs from the path, with localised titles', async ({ page }) => {
    await page.goto('/withdraw-funds');
    const crumbs = page.getByRole('navigation', { name: t('shell.breadcrumbs') });
    await expect(crumbs.getByRole('link', { name: t('routes.home') })).toHaveAttribute('href', '/');
    await expect(crumbs.getByText(t('routes.withdrawFunds'))).toHaveAttribute('aria-current', 'page');
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: t('shell.breadcrumbs') })).toHaveCount(0);
  });

  test('logout asks first: No keeps the session, Yes logs out to the landing page', async ({ page, context }) => {
    await page.goto('/withdraw-funds');
    const logout = page.getByRole('button', { name: t('shell.logout') });
    await logout.click();
    const dialog = page.getByRole('alertdialog', { name: t('logoutDialog.title') });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(t('logoutDialog.body'))).toBeVisible();
    // Focus starts on the safe answer.
    await expect(dialog.getByRole('button', { name: t('confirmDialog.no') })).toBeFocused();

    await dialog.getByRole('button', { name: t('confirmDialog.no') }).click();
    await expect(dialog).toBeHidden();
    await expect(mainHeading(page)).toHaveText(t('routes.withdrawFunds'));
    await expect(logout).toBeFocused();

    await logout.click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: t('confirmDialog.yes') })
      .click();
    await expect(page).toHaveURL('/');
    await expect(mainHeading(page)).toHaveText(text('en', 'marketing', 'landing.heading'));
    expect((await context.cookies()).some((cookie) => cookie.name === 'tipjar-user')).toBe(false);

    // The session is gone for good: a reload stays logged out.
    await page.goto('/transactions');
    await expect(mainHeading(page)).toHaveText(t('notFound.title'));
  });

  test('logout keeps the language choice', async ({ page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('tipjar-lang', 'es');
        localStorage.setItem('draft', 'x');
        sessionStorage.setItem('seeded', '1');
      }
    });
    await page.goto('/');
    await page.getByRole('button', { name: text('es', 'common', 'shell.logout') }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: text('es', 'common', 'confirmDialog.yes') })
      .click();
    await expect(mainHeading(page)).toHaveText(text('es', 'marketing', 'landing.heading'));
    expect(await page.evaluate(() => [localStorage.getItem('tipjar-lang'), localStorage.getItem('draft')])).toEqual([
      'es',
      null,
    ]);
  });

  test('activity tabs sync to ?tab=', async ({ page }) => {
    await page.goto('/transactions?tab=complete');
    const tabs = page.getByRole('tablist', { name: t('routes.transactions') });
    await expect(tabs.getByRole('tab', { name: t('tabs.complete') })).toHaveAttribute('aria-selected', 'true');
    await tabs.getByRole('tab', { name: t('tabs.pending') }).click();
    await expect(page).toHaveURL('/transactions?tab=pending');
    await expect(tabs.getByRole('tab', { name: t('tabs.pending') })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText(text('en', 'activity', 'list.empty'));
    await page.reload();
    await expect(page.getByRole('tab', { name: t('tabs.pending') })).toHaveAttribute('aria-selected', 'true');
    await page.goto('/transactions?tab=bogus');
    await expect(page.getByRole('tab', { name: t('tabs.all') })).toHaveAttribute('aria-selected', 'true');
  });

  test('account pages lead a signed-in user home; unknown paths are 404 inside the shell', async ({ page }) => {
    await page.goto('/sign-in');
    await expect(page).toHaveURL('/');
    await expect(mainHeading(page)).toHaveText(t('routes.home'));
    await page.goto('/no-such-page');
    await expect(mainHeading(page)).toHaveText(t('notFound.title'));
    await expect(page.getByRole('navigation', { name: t('shell.navLabel') })).toBeVisible();
  });
});

test.describe('signed-in shell at 375 px', () => {
  test.use({ viewport: PHONE });

  test('bottom bar with five links, payment highlighted; no tab bar or sidebar', async ({ page }) => {
    await page.goto('/');
    const bar = page.getByRole('navigation', { name: t('shell.navLabel') });
    const links = bar.getByRole('link');
    await expect(links).toHaveCount(5);
    const expected: [string, string][] = [
      [t('shell.home'), '/'],
      [t('shell.activity'), '/transactions'],
      [t('shell.pay'), '/payment'],
      [t('shell.settings'), '/settings'],
      [t('shell.myProfile'), '/profile'],
    ];
    for (const [index, [name, href]] of expected.entries()) {
      await expect(links.nth(index)).toHaveAccessibleName(name);
      await expect(links.nth(index)).toHaveAttribute('href', href);
    }
    await expect(page.getByRole('button', { name: t('shell.logout') })).toBeHidden();
    await expect(page.getByRole('complementary', { name: t('shell.sidebarLabel') })).toBeHidden();

    await links.nth(1).click();
    await expect(mainHeading(page)).toHaveText(t('routes.transactions'));
    await expect(links.nth(1)).toHaveAttribute('aria-current', 'page');
  });

  test('turned wide, the page keeps its place and gains the tab bar and the sidebar; narrow again, the bottom bar', async ({ page }) => {
    await page.goto('/transactions');
    await expect(mainHeading(page)).toHaveText(t('routes.transactions'));
    // Phone bars only: the wide ones are not rendered at all on a phone.
    await expect(page.getByRole('button', { name: t('shell.logout') })).toHaveCount(0);
    await expect(page.getByRole('complementary', { name: t('shell.sidebarLabel') })).toHaveCount(0);

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole('button', { name: t('shell.logout') })).toBeVisible();
    await expect(page.getByRole('complementary', { name: t('shell.sidebarLabel') })).toBeVisible();
    await expect(mainHeading(page)).toHaveText(t('routes.transactions'));
    // One navigation: the tab bar (with the logout), no bottom bar beside it.
    const navigation = page.getByRole('navigation', { name: t('shell.navLabel') });
    await expect(navigation).toHaveCount(1);
    await expect(navigation.getByRole('button', { name: t('shell.logout') })).toBeVisible();

    await page.setViewportSize(PHONE);
    await expect(navigation).toHaveCount(1);
    await expect(navigation.getByRole('link')).toHaveCount(5);
    await expect(page.getByRole('button', { name: t('shell.logout') })).toHaveCount(0);
  });

  test('the bottom bar is hidden on /payment', async ({ page }) => {
    await page.goto('/');
    await page
      .getByRole('navigation', { name: t('shell.navLabel') })
      .getByRole('link', { name: t('shell.pay') })
      .click();
    await expect(page).toHaveURL('/payment');
    await expect(mainHeading(page)).toHaveText(t('routes.payment'));
    await expect(page.getByRole('navigation', { name: t('shell.navLabel') })).toHaveCount(0);
    await page
      .getByRole('navigation', { name: t('shell.breadcrumbs') })
      .getByRole('link', { name: t('routes.home') })
      .click();
    await expect(page.getByRole('navigation', { name: t('shell.navLabel') })).toBeVisible();
  });
});

test.describe('incomplete profile', () => {
  test.beforeEach(async ({ context }) => {
    await context.clearCookies();
    await createAccount(context, { setUp: false });
  });

  test('every path leads to /set-up, where logging out is possible', async ({ page }) => {
    await page.goto('/transactions');
    await expect(page).toHaveURL('/set-up');
    await expect(mainHeading(page)).toHaveText(text('en', 'accounts', 'titles.setUp'));
    await page.getByRole('button', { name: text('en', 'accounts', 'setUp.logout') }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: t('confirmDialog.yes') })
      .click();
    await expect(page).toHaveURL('/');
    await expect(mainHeading(page)).toHaveText(text('en', 'marketing', 'landing.heading'));
  });
});
