import { expect, test } from './support/test';
import { DESKTOP, mainHeading, PHONE, text } from './support/app';

const t = (key: string) => text('en', 'common', key);
const SUPPORT_URL = 'https://help.tipjar.example';

test.describe('public header at 1280 px', () => {
  test.use({ viewport: DESKTOP });

  test('shows every link in the bar and no menu button', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    const nav = banner.getByRole('navigation', { name: t('header.navLabel') });
    await expect(nav.getByRole('link', { name: t('header.howItWorks') })).toHaveAttribute('href', '/how-it-works');
    await expect(nav.getByRole('link', { name: t('header.join') })).toHaveAttribute('href', '/welcome');
    const support = nav.getByRole('link', { name: new RegExp(`^${t('header.support')}`) });
    await expect(support).toHaveAttribute('href', SUPPORT_URL);
    await expect(support).toHaveAttribute('target', '_blank');
    await expect(support).toHaveAttribute('rel', /noopener/);
    await expect(nav.getByRole('combobox', { name: t('language.label') })).toBeVisible();
    await expect(nav.getByRole('link', { name: t('header.signIn') })).toHaveAttribute('href', '/sign-in');
    await expect(nav.getByRole('link', { name: t('header.signUp') })).toHaveAttribute('href', '/sign-up');
    await expect(banner.getByRole('button', { name: t('header.menu') })).toBeHidden();
  });
});

test.describe('public header at 375 px', () => {
  test.use({ viewport: PHONE });

  test('collapses into a menu button that discloses the same links', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: t('header.howItWorks') })).toBeHidden();
    const menu = banner.getByRole('button', { name: t('header.menu') });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');

    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const nav = banner.getByRole('navigation', { name: t('header.navLabel') });
    await expect(nav.getByRole('link', { name: t('header.howItWorks') })).toBeVisible();
    await expect(nav.getByRole('link', { name: t('header.join') })).toBeVisible();
    await expect(nav.getByRole('link', { name: new RegExp(`^${t('header.support')}`) })).toHaveAttribute(
      'href',
      SUPPORT_URL,
    );
    await expect(nav.getByRole('combobox', { name: t('language.label') })).toBeVisible();
    await expect(nav.getByRole('link', { name: t('header.signIn') })).toBeVisible();
    await expect(nav.getByRole('link', { name: t('header.signUp') })).toBeVisible();

    // Following a link closes the menu on the new page.
    await nav.getByRole('link', { name: t('header.howItWorks') }).click();
    await expect(page).toHaveURL('/how-it-works');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');

    // Escape closes it too.
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  test('switches language from inside the menu', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: t('header.menu') }).click();
    await page.getByRole('combobox', { name: t('language.label') }).selectOption('es');
    await expect(mainHeading(page)).toHaveText(text('es', 'marketing', 'landing.heading'));
    await expect(page.getByRole('button', { name: text('es', 'common', 'header.menu') })).toBeVisible();
  });
});

test('footer: support, privacy, terms, DMCA and three named social links', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: new RegExp(`^${t('footer.support')}`) })).toHaveAttribute(
    'href',
    SUPPORT_URL,
  );
  await expect(footer.getByRole('link', { name: t('footer.privacy') })).toHaveAttribute('href', '/privacy-policy');
  await expect(footer.getByRole('link', { name: t('footer.terms') })).toHaveAttribute('href', '/terms-of-service');
  await expect(footer.getByRole('link', { name: t('footer.dmca') })).toHaveAttribute('href', '/dmca');
  const social = footer.getByRole('list', { name: t('footer.socialLabel') }).getByRole('link');
  await expect(social).toHaveCount(3);
  for (const name of [t('footer.instagram'), t('footer.x'), t('footer.tiktok')]) {
    await expect(footer.getByRole('link', { name })).toHaveAttribute('rel', /noopener/);
  }

  await footer.getByRole('link', { name: t('footer.privacy') }).click();
  await expect(mainHeading(page)).toHaveText(t('routes.privacyPolicy'));
  await expect(page).toHaveTitle(`${t('routes.privacyPolicy')} · Tipjar`);
});

test.describe('auth two-column layout', () => {
  test.use({ viewport: DESKTOP });

  test('/sign-in has the blue promo panel with title, subtitle and two images', async ({ page }) => {
    await page.goto('/sign-in');
    const promo = page.getByRole('complementary', { name: t('auth.promoTitle') });
    await expect(promo).toBeVisible();
    await expect(promo.getByRole('heading', { name: t('auth.promoTitle') })).toBeVisible();
    await expect(promo.getByText(t('auth.promoSubtitle'))).toBeVisible();
    await expect(promo.getByRole('img', { name: t('auth.promoImagePhone') })).toBeVisible();
    await expect(promo.getByRole('img', { name: t('auth.promoImageCard') })).toBeVisible();
    await expect(mainHeading(page)).toHaveText(t('auth.signInTitle'));
    // Two columns: the panel sits left of the page.
    const panelBox = await promo.boundingBox();
    const mainBox = await page.getByRole('main').boundingBox();
    expect(panelBox!.x + panelBox!.width).toBeLessThanOrEqual(mainBox!.x + 1);
  });

  for (const path of ['/sign-up', '/welcome']) {
    test(`${path} uses it too`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('complementary', { name: t('auth.promoTitle') })).toBeVisible();
    });
  }

  for (const path of ['/', '/how-it-works', '/privacy-policy']) {
    test(`${path} skips it and has the public header and footer`, async ({ page }) => {
      await page.goto(path);
      await expect(mainHeading(page)).toBeVisible();
      await expect(page.getByRole('complementary', { name: t('auth.promoTitle') })).toHaveCount(0);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
    });
  }
});

test.describe('404', () => {
  test('an unknown path shows the translated not-found page with a way home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(mainHeading(page)).toHaveText(t('notFound.title'));
    await expect(page).toHaveTitle(`${t('routes.notFound')} · Tipjar`);
    await page.getByRole('link', { name: t('notFound.home') }).click();
    await expect(page).toHaveURL('/');
    await expect(mainHeading(page)).toHaveText(text('en', 'marketing', 'landing.heading'));
  });

  test('in Spanish too', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('tipjar-lang', 'es'));
    await page.goto('/nothing-here');
    await expect(mainHeading(page)).toHaveText(text('es', 'common', 'notFound.title'));
    await expect(page).toHaveTitle(`${text('es', 'common', 'routes.notFound')} · Tipjar`);
  });

  test('a deep link to a signed-in page while logged out is a 404 (no such route for visitors)', async ({ page }) => {
    const response = await page.goto('/transactions');
    // The server answers every deep link with the app; the app decides.
    expect(response?.status()).toBe(200);
    await expect(mainHeading(page)).toHaveText(t('notFound.title'));
  });
});
