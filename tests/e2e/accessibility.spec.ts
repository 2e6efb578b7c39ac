import { expect, test } from './support/test';
import { COMPLETE_USER, DESKTOP, expectNoA11yViolations, mainHeading, PHONE, signInAs, text } from './support/app';

/** Issue 2 item 8: axe finds 0 WCAG 2.2 AA violations on every page that exists, at both layouts. */

const INFORMATION_PAGES = [
  '/how-it-works',
  '/faq',
  '/help',
  '/terms-of-service',
  '/creator-terms-of-service',
  '/privacy-policy',
  '/dmca',
  '/acceptable-use-guidelines',
  '/community-guidelines',
];
const PUBLIC_PAGES = ['/', '/welcome', '/sign-in', '/sign-up', '/expired-session', ...INFORMATION_PAGES, '/not-a-page'];
const SIGNED_IN_PAGES = [
  '/',
  '/transactions',
  '/withdraw-funds',
  '/settings',
  '/profile',
  '/payment',
  ...INFORMATION_PAGES,
  '/not-a-page',
];

for (const [label, viewport] of [
  ['1280', DESKTOP],
  ['375', PHONE],
] as const) {
  test.describe(`at ${label} px`, () => {
    test.use({ viewport });

    for (const path of PUBLIC_PAGES) {
      test(`logged out ${path}`, async ({ page }) => {
        await page.goto(path);
        await expect(mainHeading(page)).toBeVisible();
        await expectNoA11yViolations(page);
      });
    }

    test('logged out, Spanish landing page', async ({ page }) => {
      await page.addInitScript(() => localStorage.setItem('tipjar-lang', 'es'));
      await page.goto('/');
      await expect(mainHeading(page)).toBeVisible();
      await expectNoA11yViolations(page);
    });

    for (const path of SIGNED_IN_PAGES) {
      test(`signed in ${path}`, async ({ page, context, baseURL }) => {
        await signInAs(context, baseURL!);
        await page.goto(path);
        await expect(mainHeading(page)).toBeVisible();
        await expectNoA11yViolations(page);
      });
    }

    test('set-up page', async ({ page, context, baseURL }) => {
      await signInAs(context, baseURL!, { ...COMPLETE_USER, fullName: null });
      await page.goto('/set-up');
      await expect(mainHeading(page)).toBeVisible();
      await expectNoA11yViolations(page);
    });
  });
}

test.describe('open overlays', () => {
  test('the phone menu, open', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['375', PHONE],
  ] as const) {
    test(`the landing video popup, open at ${label} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/');
      await page.getByRole('button', { name: text('en', 'marketing', 'landing.video.open') }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoA11yViolations(page);
    });
  }

  test('the logout dialog, open', async ({ page, context, baseURL }) => {
    await signInAs(context, baseURL!);
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
