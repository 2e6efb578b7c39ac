import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import {
  DESKTOP,
  createAccount,
  expectNoA11yViolations,
  latestCode,
  mainHeading,
  outbox,
  storeLanguage,
  text,
  uniqueEmail,
  type Language,
} from './support/app';
import { expect, test } from './support/test';

/**
 * Issue 7 "Account": settings (preferences stored on the server), account info (a new email is verified again),
 * closing an account (refused with money in the wallet, accepted at zero, then sign-in refused), and the avatar
 * and background image, seen in the right sidebar. axe on every screen and open dialog.
 */
test.slow();

const s = (key: string, language: Language = 'en') => text(language, 'settings', key);
const c = (key: string, language: Language = 'en') => text(language, 'common', key);
const a = (key: string, language: Language = 'en') => text(language, 'accounts', key);

/** A real 2×2 PNG (Chromium must be able to draw it for the avatar to show instead of the default). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

/** Money in the wallet the way a user adds it: a sandbox card and a card deposit (captured by a background job). */
async function addMoneyByCard(context: BrowserContext, userId: string, amount: string) {
  const card = await context.request.post(`/api/app/user/${userId}/payment-methods/cards`, {
    data: { nameOnCard: 'Ana Souza', number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvv: '123', country: 'US', postalCode: '10001' },
  });
  expect(card.status(), await card.text()).toBe(201);
  const { card: added } = (await card.json()) as { card: { id: string } };
  const deposit = await context.request.post(`/api/app/user/${userId}/deposits/card`, {
    headers: { 'idempotency-key': randomUUID() },
    data: { paymentMethodId: added.id, amount },
  });
  expect(deposit.status(), await deposit.text()).toBe(201);
  await expect
    .poll(async () => ((await (await context.request.get(`/api/app/user/${userId}/wallet`)).json()) as { available: string }).available, { timeout: 30_000 })
    .toBe(amount);
}

async function openCloseDialog(page: Page) {
  await page.goto('/settings');
  await expect(mainHeading(page)).toHaveText(c('routes.settings'));
  await page.getByRole('button', { name: s('close.button') }).click();
  const dialog = page.getByRole('alertdialog', { name: s('close.dialogTitle') });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.use({ viewport: DESKTOP });

test('closing is refused while money is in the wallet, with the reason', async ({ page, context }) => {
  // Moving money needs a verified email: createAccount verifies a set-up account's.
  const account = await createAccount(context);
  await addMoneyByCard(context, account.user.userId, '15.00');
  const dialog = await openCloseDialog(page);
  await expectNoA11yViolations(page);
  // No keeps the account and closes the dialog.
  await dialog.getByRole('button', { name: s('close.keep') }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: s('close.button') }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: s('close.confirm') }).click();
  await expect(page.getByRole('alert')).toHaveText(s('errors.account_has_balance'));
  // Still signed in, still here.
  await expect(page).toHaveURL('/settings');
  await expectNoA11yViolations(page);
});

test('closing at zero signs out for good: sign-in is refused afterwards', async ({ page, context }) => {
  const account = await createAccount(context);
  const dialog = await openCloseDialog(page);
  await dialog.getByRole('button', { name: s('close.confirm') }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('status').filter({ hasText: s('close.closed') }).first()).toBeVisible();

  await page.goto('/sign-in');
  await page.getByLabel(a('fields.email'), { exact: true }).fill(account.email);
  await page.getByLabel(a('fields.password'), { exact: true }).fill(account.password);
  await page.getByRole('button', { name: a('signIn.submit') }).click();
  await expect(page.getByRole('alert')).toHaveText(a('errors.account_closed'));
  await expect(page).toHaveURL('/sign-in');
});

test('preferences: language and notification emails are saved on the server and the app switches language', async ({ page, context }) => {
  await createAccount(context);
  await page.goto('/settings');
  const language = page.getByLabel(s('preferences.language'), { exact: true });
  await expect(language).toHaveValue('en');
  const emails = page.getByLabel(s('preferences.emailNotifications'), { exact: true });
  await expect(emails).toBeChecked();
  await expectNoA11yViolations(page);

  await language.selectOption('es');
  await emails.uncheck();
  await page.getByRole('button', { name: s('preferences.save') }).click();
  // Saved: the app now speaks Spanish.
  await expect(page.getByRole('status').filter({ hasText: s('preferences.saved', 'es') }).first()).toBeVisible();
  await expect(mainHeading(page)).toHaveText(c('routes.settings', 'es'));

  // Read back from the server after a reload.
  await page.reload();
  await expect(page.getByLabel(s('preferences.language', 'es'), { exact: true })).toHaveValue('es');
  await expect(page.getByLabel(s('preferences.emailNotifications', 'es'), { exact: true })).not.toBeChecked();
  await expectNoA11yViolations(page);
});

test('an uploaded avatar and background show in the sidebar; a file too large is refused', async ({ page, context }) => {
  const account = await createAccount(context, { setUp: { fullName: 'Ana Souza' } });
  await page.goto('/profile');
  await expect(mainHeading(page)).toHaveText(c('routes.profile'));

  // Over the photo limit: refused before any upload, under the control.
  const photoInput = page.getByLabel(s('images.choosePhoto'));
  await photoInput.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 1) });
  await expect(page.getByRole('alert').filter({ hasText: s('errors.file_too_large') })).toBeVisible();
  await expect(photoInput).toHaveAccessibleDescription(s('errors.file_too_large'));

  await photoInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('status').filter({ hasText: s('images.photoSaved') }).first()).toBeVisible();
  await expect(page.getByRole('img', { name: s('images.photo'), exact: true })).toHaveAttribute('src', new RegExp(`^/api/media/avatar/${account.user.userId}\\?k=`));
  await page.getByLabel(s('images.chooseBackground')).setInputFiles({ name: 'sea.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('status').filter({ hasText: s('images.backgroundSaved') }).first()).toBeVisible();
  await expect(page.getByRole('img', { name: s('images.currentBackground') })).toBeVisible();
  await expectNoA11yViolations(page);

  // Elsewhere the sidebar shows the picture (loaded, not the default) linking to /profile.
  await page.goto('/settings');
  const sidebar = page.getByRole('complementary', { name: c('shell.sidebarLabel') });
  const avatar = sidebar.getByRole('link', { name: c('shell.viewProfile') }).locator('img[src^="/api/media/avatar/"]');
  await expect(avatar).toHaveAttribute('src', new RegExp(`^/api/media/avatar/${account.user.userId}\\?k=`));
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
  await expect(sidebar.locator('[style*="/api/media/background/"]')).toHaveCount(1);
  await expect(sidebar.getByRole('heading', { name: 'Ana Souza' })).toBeVisible();
});

test('account info: a new email is verified again with the code sent to it', async ({ page, context }) => {
  const account = await createAccount(context, { setUp: { fullName: 'Ana Souza' } });
  await page.goto('/settings');
  await page.getByRole('link', { name: s('account.accountInfo') }).click();
  await expect(page).toHaveURL('/account-info');
  const email = page.getByLabel(s('accountInfo.email'), { exact: true });
  await expect(email).toHaveValue(account.email);
  await expectNoA11yViolations(page);

  // A bad address stays here, with the message under the field.
  await email.fill('not-an-email');
  await page.getByRole('button', { name: s('accountInfo.save') }).click();
  await expect(email).toHaveAccessibleDescription(new RegExp(a('rules.email_invalid')));
  await expect(email).toBeFocused();

  const moved = uniqueEmail('moved');
  await email.fill(moved);
  await page.getByLabel(s('accountInfo.fullName'), { exact: true }).fill('Ana S. Souza');
  await page.getByRole('button', { name: s('accountInfo.save') }).click();
  await expect(page).toHaveURL(`/check-email?email=${encodeURIComponent(moved)}`);
  await expect(page.getByRole('main')).toContainText(moved);
  const { code } = await latestCode(page.request, moved);
  await page.getByRole('textbox', { name: fmtDigit(1) }).click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: a('checkEmail.submit') }).click();
  await expect(page).toHaveURL('/');

  await page.goto('/account-info');
  await expect(page.getByLabel(s('accountInfo.email'), { exact: true })).toHaveValue(moved);
  await expect(page.getByLabel(s('accountInfo.fullName'), { exact: true })).toHaveValue('Ana S. Souza');
});

test('account info shows the verified phone number, read-only, with the way to verify a new one (Spanish)', async ({ page, context }) => {
  const account = await createAccount(context, { setUp: { fullName: 'Ana Souza' } });
  await storeLanguage(page, 'es');
  await page.goto('/account-info');
  await expect(page.getByLabel(s('accountInfo.email', 'es'), { exact: true })).toHaveValue(account.email);
  await expect(page.getByRole('definition')).toContainText(s('accountInfo.phoneNone', 'es'));
  await expect(page.getByRole('link', { name: s('accountInfo.phoneVerify', 'es') })).toHaveAttribute('href', '/contacts');

  // The number becomes the account's through phone verification (its API, as the /contacts screens call it).
  const phone = `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const base = `/api/app/user/${account.user.userId}/phone`;
  expect((await context.request.post(`${base}/code`, { data: { phone } })).status()).toBe(202);
  const [sms] = await outbox(context.request, phone);
  const code = /\b(\d{6})\b/u.exec(sms?.body ?? '')![1]!;
  expect((await context.request.post(`${base}/verify`, { data: { phone, code } })).status()).toBe(200);
  expect((await context.request.post(`${base}/confirm`, { data: { phone } })).status()).toBe(200);

  await page.reload();
  await expect(page.getByRole('term')).toHaveText(s('accountInfo.phone', 'es'));
  await expect(page.getByRole('definition')).toContainText(phone);
  await expect(page.getByRole('definition')).toContainText(s('accountInfo.phoneHint', 'es'));
  // Shown, not editable: no field holds it.
  await expect(page.getByRole('textbox', { name: s('accountInfo.phone', 'es') })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: s('accountInfo.phoneChange', 'es') }).click();
  await expect(page).toHaveURL('/contacts');
  await expect(mainHeading(page)).toHaveText(c('routes.contacts', 'es'));
});

test('the legal list under settings opens each document', async ({ page, context }) => {
  await createAccount(context);
  await page.goto('/settings');
  await page.getByRole('link', { name: s('help.legal') }).click();
  await expect(page).toHaveURL('/settings/legal');
  await expect(mainHeading(page)).toHaveText(c('routes.legal'));
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: c('routes.privacyPolicy') }).click();
  await expect(page).toHaveURL('/privacy-policy');
});

function fmtDigit(index: number) {
  return text('en', 'accounts', 'pin.digitLabel').replace('{{index}}', String(index)).replace('{{count}}', '6');
}
