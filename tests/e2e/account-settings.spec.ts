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
  const dialog = page.getByRole('dialog', { name: s('close.dialogTitle') });
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
  // Cancel keeps the account and closes the dialog.
  await dialog.getByRole('button', { name: c('passwordDialog.cancel') }).click();
  await expect(dialog).toBeHidden();
  // Focus goes back to the button that opened the dialog.
  await expect(page.getByRole('button', { name: s('close.button') })).toBeFocused();
  await page.getByRole('button', { name: s('close.button') }).click();
  // Issue 21: closing needs the current password, typed in the same dialog.
  await dialog.getByLabel(c('passwordDialog.label'), { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: s('close.confirm') }).click();
  await expect(page.getByRole('alert')).toHaveText(s('errors.account_has_balance'));
  // Still signed in, still here.
  await expect(page).toHaveURL('/settings');
  await expectNoA11yViolations(page);
});

test('closing at zero signs out for good: sign-in is refused afterwards', async ({ page, context }) => {
  const account = await createAccount(context);
  const dialog = await openCloseDialog(page);
  const password = dialog.getByLabel(c('passwordDialog.label'), { exact: true });
  await expect(password).toBeFocused();
  // A wrong password keeps the account open: the server's words under the field.
  await password.fill('Wr0ng!pass');
  await dialog.getByRole('button', { name: s('close.confirm') }).click();
  await expect(password).toHaveAccessibleDescription(a('errors.wrong_password'));
  await expectNoA11yViolations(page);
  await password.fill(account.password);
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
  const account = await createAccount(context);
  await page.goto('/settings');
  const language = page.getByLabel(s('preferences.language'), { exact: true });
  await expect(language).toHaveValue('en');
  await expect(page.getByLabel(s('preferences.emailNotifications'), { exact: true })).toBeChecked();
  await expectNoA11yViolations(page);

  // A language applies (and is saved) as soon as it is picked: the app now speaks Spanish.
  await language.selectOption('es');
  await expect(page.getByRole('status').filter({ hasText: s('preferences.saved', 'es') }).first()).toBeVisible();
  await expect(mainHeading(page)).toHaveText(c('routes.settings', 'es'));
  // The emails box waits for Save.
  await page.getByLabel(s('preferences.emailNotifications', 'es'), { exact: true }).uncheck();
  await page.getByRole('button', { name: s('preferences.save', 'es') }).click();
  const stored = async () => (await (await context.request.get(`/api/app/user/${account.user.userId}/preferences`)).json()) as unknown;
  await expect.poll(stored).toEqual({ language: 'es', emailNotifications: false });

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

for (const language of ['en', 'es'] as const) {
  test(`account info (${language}): a new email asks for the password, waits for its code in place, then replaces the old one`, async ({ page, context }) => {
    const account = await createAccount(context, { setUp: { fullName: 'Ana Souza' } });
    if (language !== 'en') await storeLanguage(page, language);
    await page.goto('/account-info');
    await expect(mainHeading(page)).toHaveText(c('routes.accountInfo', language));
    const email = page.getByLabel(s('accountInfo.email', language), { exact: true });
    const fullName = page.getByLabel(s('accountInfo.fullName', language), { exact: true });
    await expect(email).toHaveValue(account.email);
    await expectNoA11yViolations(page);

    // A bad address stays here, with the message under the field, and no password is asked.
    await email.fill('not-an-email');
    await page.getByRole('button', { name: s('accountInfo.save', language) }).click();
    await expect(email).toHaveAccessibleDescription(new RegExp(a('rules.email_invalid', language)));
    await expect(email).toBeFocused();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const moved = uniqueEmail('moved');
    await email.fill(moved);
    await fullName.fill('Ana S. Souza');
    await page.getByRole('button', { name: s('accountInfo.save', language) }).click();

    // Issue 21: the password at the moment of saving, in a dialog named by its title, focus in the field.
    const dialog = page.getByRole('dialog', { name: c('passwordDialog.title', language) });
    await expect(dialog).toBeVisible();
    const password = dialog.getByLabel(c('passwordDialog.label', language), { exact: true });
    await expect(password).toBeFocused();
    await expectNoA11yViolations(page);

    // Cancel closes it and keeps the form as typed.
    await dialog.getByRole('button', { name: c('passwordDialog.cancel', language) }).click();
    await expect(dialog).toBeHidden();
    await expect(email).toHaveValue(moved);
    await expect(fullName).toHaveValue('Ana S. Souza');

    // A wrong password: the server's words under the field, the field empty, the form still as typed.
    await page.getByRole('button', { name: s('accountInfo.save', language) }).click();
    await expect(dialog).toBeVisible();
    await password.fill('Wr0ng!pass');
    await dialog.getByRole('button', { name: c('passwordDialog.confirm', language) }).click();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAccessibleDescription(a('errors.wrong_password', language));
    await expect(password).toHaveValue('');
    await expectNoA11yViolations(page);
    await expect(email).toHaveValue(moved);

    // The right one: saved; the current email stays until the code sent to the new one is typed here.
    await password.fill(account.password);
    await dialog.getByRole('button', { name: c('passwordDialog.confirm', language) }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL('/account-info');
    const pending = page.getByRole('region', { name: s('accountInfo.pendingTitle', language) });
    await expect(pending).toContainText(moved);
    await expect(pending).toContainText(account.email);
    await expect(email).toHaveValue(account.email);
    await expect(fullName).toHaveValue('Ana S. Souza');
    await expectNoA11yViolations(page);

    // After a reload the same: the new address still waits.
    await page.reload();
    await expect(pending).toContainText(moved);
    await expect(email).toHaveValue(account.email);

    const { code } = await latestCode(page.request, moved);
    await pending.getByRole('textbox', { name: fmtDigit(1, language) }).click();
    await page.keyboard.type(code);
    await pending.getByRole('button', { name: s('accountInfo.verify', language) }).click();
    await expect(pending).toBeHidden();
    await expect(email).toHaveValue(moved);
    await expect(page.getByRole('status').filter({ hasText: s('accountInfo.emailChanged', language) }).first()).toBeVisible();

    // The account reads back with the new email, after a reload too.
    await page.reload();
    await expect(email).toHaveValue(moved);
    await expect(page.getByRole('region', { name: s('accountInfo.pendingTitle', language) })).toHaveCount(0);
  });
}

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

function fmtDigit(index: number, language: Language = 'en') {
  return text(language, 'accounts', 'pin.digitLabel').replace('{{index}}', String(index)).replace('{{count}}', '6');
}
