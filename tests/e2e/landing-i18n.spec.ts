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
