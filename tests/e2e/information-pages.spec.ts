import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { mainHeading, signInAs, storeLanguage, text, type Language } from './support/app';
import { expect, test } from './support/test';

/**
 * Issue 8: how it works, FAQ, help and the six legal pages, complete in en, es and pt, reachable signed in and
 * signed out, never in the auth two-column layout.
 */
const LEGAL: Record<string, string> = {
  '/terms-of-service': 'termsOfService',
  '/creator-terms-of-service': 'creatorTermsOfService',
  '/privacy-policy': 'privacyPolicy',
  '/dmca': 'dmca',
  '/acceptable-use-guidelines': 'acceptableUse',
  '/community-guidelines': 'communityGuidelines',
};
const LANGUAGES: Language[] = ['en', 'es', 'pt'];

type Section = { title: string; body: string };
function sectionsOf(language: Language, document: string): Section[] {
  const file = new URL(`../../locales/${language}/legal.json`, import.meta.url);
  const tree = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { sections: Record<string, Section> }>;
  return Object.values(tree[document]!.sections);
}

/** The frame the page sits in: the public header and footer, or the signed-in shell; never the promo panel. */
async function expectFrame(page: Page, language: Language, signedIn: boolean) {
  await expect(page.getByRole('complementary', { name: text(language, 'common', 'auth.promoTitle') })).toHaveCount(0);
  if (signedIn) {
    await expect(page.getByRole('navigation', { name: text(language, 'common', 'shell.navLabel') }).first()).toBeAttached();
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  } else {
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  }
}

for (const signedIn of [false, true]) {
  for (const language of LANGUAGES) {
    test(`every legal page in ${language}, ${signedIn ? 'signed in' : 'signed out'}`, async ({ page, context }) => {
      test.slow(); // six pages in one test
      if (signedIn) await signInAs(context);
      await storeLanguage(page, language);
      for (const [path, document] of Object.entries(LEGAL)) {
        await page.goto(path);
        const title = text(language, 'common', `routes.${document}`);
        await expect(mainHeading(page)).toHaveText(title);
        await expect(page).toHaveTitle(`${title} · Tipjar`);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.getByRole('note')).toContainText(text(language, 'legal', 'template.label'));
        await expect(page.getByText(text(language, 'legal', `${document}.intro`))).toBeVisible();
        // Every section is there, in order, with a working entry in the contents list.
        const sections = sectionsOf(language, document);
        const main = page.getByRole('main');
        const contents = main.getByRole('navigation', { name: text(language, 'legal', 'contents') });
        await expect(contents.getByRole('link')).toHaveText(sections.map((s) => s.title));
        await expect(main.getByRole('heading', { level: 2 })).toHaveText([
          text(language, 'legal', 'contents'),
          ...sections.map((s) => s.title),
        ]);
        await expectFrame(page, language, signedIn);
      }
    });
  }
}

test('the contents list jumps to its section', async ({ page }) => {
  await page.goto('/privacy-policy');
  const cookies = sectionsOf('en', 'privacyPolicy')[4]!;
  await page.getByRole('navigation', { name: text('en', 'legal', 'contents') }).getByRole('link', { name: cookies.title }).click();
  await expect(page).toHaveURL(/\/privacy-policy#cookies$/);
  await expect(page.getByRole('heading', { name: cookies.title })).toBeInViewport();
});

test('email addresses in the texts are mail links', async ({ page }) => {
  await page.goto('/dmca');
  await expect(page.getByRole('link', { name: 'dmca@tipjar.example' })).toHaveAttribute('href', 'mailto:dmca@tipjar.example');
});

for (const signedIn of [false, true]) {
  test(`FAQ, ${signedIn ? 'signed in' : 'signed out'}: answers open and close by mouse and keyboard`, async ({ page, context }) => {
    if (signedIn) await signInAs(context);
    await page.goto('/faq');
    await expect(mainHeading(page)).toHaveText(text('en', 'support', 'faq.heading'));
    await expect(page).toHaveTitle(`${text('en', 'support', 'faq.title')} · Tipjar`);
    await expectFrame(page, 'en', signedIn);

    const question = page.getByRole('button', { name: text('en', 'support', 'faq.items.hold.question') });
    const answer = page.getByText(text('en', 'support', 'faq.items.hold.answer'));
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    await expect(answer).toBeHidden();
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(answer).toBeVisible();

    const other = page.getByRole('button', { name: text('en', 'support', 'faq.items.withdraw.question') });
    await other.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(text('en', 'support', 'faq.items.withdraw.answer'))).toBeVisible();
    await expect(answer).toBeVisible(); // several may be open at once
    await page.keyboard.press('Space');
    await expect(page.getByText(text('en', 'support', 'faq.items.withdraw.answer'))).toBeHidden();

    await page.getByRole('link', { name: text('en', 'support', 'faq.moreLink') }).click();
    await expect(page).toHaveURL('/help');
  });
}

for (const signedIn of [false, true]) {
  test(`Help and Support, ${signedIn ? 'signed in' : 'signed out'}: every way to get help and every policy`, async ({ page, context }) => {
    if (signedIn) await signInAs(context);
    await page.goto('/help');
    const t = (key: string) => text('en', 'support', key);
    await expect(mainHeading(page)).toHaveText(t('help.title'));
    await expectFrame(page, 'en', signedIn);
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: t('help.faq.action') })).toHaveAttribute('href', '/faq');
    const center = main.getByRole('link', { name: new RegExp(`^${t('help.center.action')}`) });
    await expect(center).toHaveAttribute('href', 'https://help.tipjar.example');
    await expect(center).toHaveAttribute('target', '_blank');
    await expect(main.getByRole('link', { name: /support@tipjar\.example/ })).toHaveAttribute(
      'href',
      'mailto:support@tipjar.example',
    );
    await expect(main.getByRole('link', { name: t('help.report.action') })).toHaveAttribute('href', '/community-guidelines');
    for (const [path, document] of Object.entries(LEGAL)) {
      await expect(main.getByRole('link', { name: text('en', 'common', `routes.${document}`), exact: true })).toHaveAttribute(
        'href',
        path,
      );
    }
    await main.getByRole('link', { name: text('en', 'common', 'routes.dmca') }).click();
    await expect(mainHeading(page)).toHaveText(text('en', 'common', 'routes.dmca'));
  });
}

test('how it works is reachable signed in, inside the shell', async ({ page, context }) => {
  await signInAs(context);
  await page.goto('/how-it-works');
  await expect(mainHeading(page)).toHaveText(text('en', 'marketing', 'howItWorks.heading'));
  await expectFrame(page, 'en', true);
  await expect(page.getByRole('navigation', { name: text('en', 'common', 'shell.breadcrumbs') })).toContainText(
    text('en', 'common', 'routes.howItWorks'),
  );
});

test('the footer leads to help and the FAQ', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: text('en', 'common', 'footer.help') }).click();
  await expect(mainHeading(page)).toHaveText(text('en', 'support', 'help.title'));
  await footer.getByRole('link', { name: text('en', 'common', 'footer.faq') }).click();
  await expect(mainHeading(page)).toHaveText(text('en', 'support', 'faq.heading'));
});
