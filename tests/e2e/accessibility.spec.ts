import { expect, test } from './support/test';
import {
  createAccount,
  DESKTOP,
  expectNoA11yViolations,
  mainHeading,
  PHONE,
  signInAs,
  storeLanguage,
  text,
  uniqueEmail,
} from './support/app';

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
const PUBLIC_PAGES = [
  '/',
  '/welcome',
  '/sign-in',
  '/sign-up',
  '/expired-session',
  ...INFORMATION_PAGES,
  '/not-a-page',
  // Issue 3's account pages.
  '/check-email?email=ann%40example.com',
  '/expired-link?email=ann%40example.com',
  '/verify-success-mobile',
  '/forgot-password',
  '/reset-password?email=ann%40example.com&saltcode=abc',
  '/reset-password',
];
const SIGNED_IN_PAGES = [
  '/',
  '/transactions',
  '/withdraw-funds',
  '/settings',
  '/settings/legal',
  '/account-info',
  '/profile',
  '/payment',
  '/transactions/transaction-details/upload-file',
  ...INFORMATION_PAGES,
  '/not-a-page',
  '/change-password',
  '/contacts',
  '/check-email',
  // Issue 6's wallet pages (their flows' other steps: tests/e2e/wallet-deposits.spec.ts).
  '/withdraw-funds/add-money',
  '/settings/payment-methods',
  '/settings/payment-methods/add-new-card',
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
      test(`signed in ${path}`, async ({ page, context }) => {
        await signInAs(context);
        await page.goto(path);
        await expect(mainHeading(page)).toBeVisible();
        await expectNoA11yViolations(page);
      });
    }

    // Forms with their messages showing: errors under fields, the alert above the button.
    test('sign-up and sign-in with their errors showing', async ({ page }) => {
      await page.goto('/sign-up');
      await page.getByRole('button', { name: text('en', 'accounts', 'signUp.submit') }).click();
      await expect(page.getByLabel(text('en', 'accounts', 'fields.email'), { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await expectNoA11yViolations(page);
      await page.goto('/sign-in');
      await page.getByLabel(text('en', 'accounts', 'fields.email'), { exact: true }).fill(uniqueEmail('nobody'));
      await page.getByLabel(text('en', 'accounts', 'fields.password'), { exact: true }).fill('Wr0ng!password');
      await page.getByRole('button', { name: text('en', 'accounts', 'signIn.submit') }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await expectNoA11yViolations(page);
    });

    test('an emailed link with a wrong code: the PIN boxes with the reason', async ({ page }) => {
      await page.goto(`/verify-email?email=${encodeURIComponent(uniqueEmail('nobody'))}&code=123456`);
      await expect(page.getByRole('group', { name: text('en', 'accounts', 'checkEmail.codeLabel') })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveAttribute('aria-invalid', 'true');
      await expectNoA11yViolations(page);
    });

    test('set-up with its errors showing, in Spanish', async ({ page, context }) => {
      await storeLanguage(page, 'es');
      await createAccount(context, { setUp: false });
      await page.goto('/set-up');
      await page.getByRole('button', { name: text('es', 'accounts', 'setUp.submit') }).click();
      await expect(page.getByLabel(text('es', 'accounts', 'fields.fullName'), { exact: true })).toBeFocused();
      await expectNoA11yViolations(page);
    });

    test('the logout dialog, open', async ({ page, context }) => {
      await signInAs(context);
      await page.goto('/settings');
      await page.getByRole('main').getByRole('button', { name: 'Log out' }).click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await expectNoA11yViolations(page);
    });

    test('set-up page', async ({ page, context }) => {
      await createAccount(context, { setUp: false });
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

  test('the logout dialog, open', async ({ page, context }) => {
    await signInAs(context);
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
