import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { mainHeading, storeLanguage, text, type Language } from './support/app';

/** Spec 1/4: the landing page in en, es and pt; language from storage, browser, or the switcher. */

const LANGUAGES: Language[] = ['en', 'es', 'pt'];

async function expectLanding(page: Page, language: Language) {
  await expect(mainHeading(page)).toHaveText(text(language, 'marketing', 'landing.heading'));
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page).toHaveTitle(text(language, 'marketing', 'landing.title'));
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    text(language, 'marketing', 'landing.description'),
  );
}

for (const language of LANGUAGES) {
  test(`landing page in ${language} from the stored language`, async ({ page }) => {
    await storeLanguage(page, language);
    await page.goto('/');
    await expectLanding(page, language);
    // Four content blocks, each leading to /welcome.
    const blocks = page.getByRole('article');
    await expect(blocks).toHaveCount(4);
    for (const block of await blocks.all()) {
      await expect(block.getByRole('link')).toHaveAttribute('href', '/welcome');
    }
  });
}

test.describe('browser language', () => {
  test.use({ locale: 'pt-BR' });
  test('is used when nothing is stored', async ({ page }) => {
    await page.goto('/');
    await expectLanding(page, 'pt');
  });
});

test.describe('unsupported browser language', () => {
  test.use({ locale: 'fr-FR' });
  test('falls back to English', async ({ page }) => {
    await page.goto('/');
    await expectLanding(page, 'en');
  });
});

test('the switcher changes the language, remembers it and keeps it across pages', async ({ page }) => {
  await page.goto('/');
  await expectLanding(page, 'en');

  await page.getByRole('combobox', { name: text('en', 'common', 'language.label') }).selectOption('es');
  await expectLanding(page, 'es');
  expect(await page.evaluate(() => localStorage.getItem('tipjar-lang'))).toBe('es');

  await page.getByRole('combobox', { name: text('es', 'common', 'language.label') }).selectOption('pt');
  await expectLanding(page, 'pt');

  // Reload: the stored choice wins over the browser's English.
  await page.reload();
  await expectLanding(page, 'pt');

  // Client-side navigation keeps the language and titles the new page in it.
  await page
    .getByRole('banner')
    .getByRole('link', { name: text('pt', 'common', 'header.howItWorks'), exact: true })
    .click();
  await expect(mainHeading(page)).toHaveText(text('pt', 'marketing', 'howItWorks.heading'));
  await expect(page).toHaveTitle(`${text('pt', 'marketing', 'howItWorks.title')} · Tipjar`);
});

test('a call to action leads to /welcome, which offers sign up and sign in', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: text('en', 'marketing', 'landing.cta') }).click();
  await expect(page).toHaveURL('/welcome');
  await expect(mainHeading(page)).toHaveText(text('en', 'common', 'auth.welcomeTitle'));
  await page.getByRole('link', { name: text('en', 'common', 'auth.welcomeSignUp') }).click();
  await expect(page).toHaveURL('/sign-up');
  await expect(mainHeading(page)).toHaveText(text('en', 'common', 'auth.signUpTitle'));
});

test.describe('the extra Spanish / Portuguese selector on the landing page', () => {
  test('switches the page, its title and description, and remembers the choice', async ({ page }) => {
    await page.goto('/');
    const offer = page.getByRole('group', { name: text('en', 'marketing', 'landing.languageOffer.label') });
    await expect(offer.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    const spanish = offer.getByRole('button', { name: 'Tipjar en español' });
    await expect(spanish).toHaveAttribute('lang', 'es');
    await spanish.click();
    await expectLanding(page, 'es');
    const offerEs = page.getByRole('group', { name: text('es', 'marketing', 'landing.languageOffer.label') });
    await expect(offerEs.getByRole('button', { name: 'Tipjar en español' })).toHaveAttribute('aria-pressed', 'true');
    await expect(offerEs.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'false');
    // The page re-renders in place: the button just used keeps focus.
    await expect(offerEs.getByRole('button', { name: 'Tipjar en español' })).toBeFocused();
    expect(await page.evaluate(() => localStorage.getItem('tipjar-lang'))).toBe('es');
    // The header's switcher agrees.
    await expect(page.getByRole('banner').getByRole('combobox')).toHaveValue('es');

    await offerEs.getByRole('button', { name: 'Tipjar em português' }).click();
    await expectLanding(page, 'pt');
    await page.reload();
    await expectLanding(page, 'pt');
  });
});

test.describe('the video popup', () => {
  const m = (key: string) => text('en', 'marketing', key);

  test('opens and closes by keyboard, plays the local video, and gives focus back', async ({ page, baseURL }) => {
    const external: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol !== 'data:' && url.origin !== new URL(baseURL!).origin) external.push(request.url());
    });
    await page.goto('/');
    const open = page.getByRole('button', { name: m('landing.video.open') });
    // Keyboard only: tab until the button has focus.
    for (let step = 0; step < 30 && !(await open.evaluate((el) => el === document.activeElement)); step += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(open).toBeFocused();
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: m('landing.video.title') });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription(m('landing.video.description'));
    // Focus moved into the dialog.
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    const video = dialog.locator('video');
    await expect(video).toHaveAttribute('poster', '/video/tipjar-tour-poster.jpg');
    // The browser picked one of our own files and could read it.
    await expect
      .poll(() => video.evaluate((el: HTMLVideoElement) => ({ src: new URL(el.currentSrc).pathname, ready: el.readyState >= 1 })))
      .toEqual({ src: '/video/tipjar-tour.webm', ready: true });

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();

    // Enter again, then move to the close button (the last stop: Shift+Tab wraps inside the dialog) and press it.
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    const close = dialog.getByRole('button', { name: text('en', 'common', 'videoDialog.close') });
    for (let step = 0; step < 10 && !(await close.evaluate((el) => el === document.activeElement)); step += 1) {
      await page.keyboard.press('Shift+Tab');
    }
    await expect(close).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
    expect(external, 'no request leaves the site').toEqual([]);
  });

  test('closes on a click outside', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto('/');
    await page.getByRole('button', { name: m('landing.video.open') }).click();
    const dialog = page.getByRole('dialog', { name: m('landing.video.title') });
    await expect(dialog).toBeVisible();
    await page.mouse.click(20, 20);
    await expect(dialog).toBeHidden();
  });

  test('is not downloaded until someone wants it', async ({ page }) => {
    const chunks: string[] = [];
    page.on('request', (request) => chunks.push(new URL(request.url()).pathname));
    await page.goto('/');
    await expect(page.getByRole('button', { name: m('landing.video.open') })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(chunks.filter((path) => /video-dialog|\/video\//.test(path))).toEqual([]);
    await page.getByRole('button', { name: m('landing.video.open') }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(chunks.some((path) => /\/assets\/video-dialog-[^/]+\.js$/.test(path))).toBe(true);
  });
});
