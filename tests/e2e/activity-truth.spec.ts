import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from './support/test';
import { createAccount, DESKTOP, expectNoA11yViolations, fmt, PHONE, storeLanguage, text, type Language, type TestAccount } from './support/app';
import { addCard, addMoneyByCard } from './support/payments';
import { expectNoSidewaysScroll, expectOnScreen } from './support/screen';

/**
 * Issue 22 items 6 (activity that tells the truth), 7 (the details page shows the receipt's facts) and 4 (one verb
 * per action), and the details page at 375 px: on a phone-sized screen with mobile emulation (isMobile, touch) and
 * at 1280 px, in English and another language, by role and label, with axe. The people and their payments are made
 * through the real API in each person's own cookie jar; what is checked is what the screen shows.
 */
test.slow();

const t = (language: Language, ns: Parameters<typeof text>[1], key: string, values?: Record<string, string | number>) =>
  values ? fmt(text(language, ns, key), values) : text(language, ns, key);
const a = (language: Language, key: string, values?: Record<string, string | number>) => t(language, 'activity', key, values);

interface Person {
  context: BrowserContext;
  account: TestAccount;
  username: string;
  id: string;
}

/** A person whose browser is a phone: 375×812 CSS px, mobile viewport and touch, as Chromium emulates a phone. */
async function person(browser: Browser, baseURL: string | undefined, headers: Record<string, string>, label: string): Promise<Person> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: headers, viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const account = await createAccount(context, { setUp: { fullName: `${label} Tester` } });
  return { context, account, username: account.user.username!, id: account.user.userId };
}

async function request(from: Person, to: Person, amount: string, message: string): Promise<string> {
  const res = await from.context.request.post(`/api/app/user/${from.id}/payment/request/`, { data: { receiverUserId: to.id, amount, message } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: [{ payment_id: string }] }).data[0].payment_id;
}

/** No text inside is cut: every element shows all it holds (an ellipsis or a clip would be wider inside than out). */
async function expectNothingCut(locator: Locator) {
  const cut = await locator.evaluate((root) =>
    [root, ...Array.from(root.getElementsByTagName('*'))]
      .filter((el) => el instanceof HTMLElement && el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible')
      .map((el) => el.textContent),
  );
  expect(cut).toEqual([]);
}

async function shot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

let ann: Person;
let bob: Person;

test.beforeEach(async ({ browser, baseURL, extraHTTPHeaders }) => {
  ann = await person(browser, baseURL, extraHTTPHeaders ?? {}, 'Ann');
  bob = await person(browser, baseURL, extraHTTPHeaders ?? {}, 'Bob');
});

test.afterEach(async () => {
  await ann.context.close();
  await bob.context.close();
});

test('activity: a sign and colour only for money that moved, labels, notes, nothing cut at 375 px in en, es and pt', async ({}, testInfo) => {
  const note = 'Concert tickets for the whole group on Saturday night, row F';
  await request(bob, ann, '20.00', note);
  const rejectedId = await request(bob, ann, '8.00', 'Snacks');
  const gone = await ann.context.request.delete(`/api/app/user/${ann.id}/payment/request/`, { data: { paymentId: rejectedId } });
  expect(gone.status(), await gone.text()).toBe(200);
  await addMoneyByCard(ann.context, ann.id, '10.00');
  const sent = await ann.context.request.post(`/api/app/user/${ann.id}/payment/send/`, {
    headers: { 'idempotency-key': randomUUID() },
    data: { receiverUserId: bob.id, amount: '5.00', paymentMethodId: 'balance', message: 'Thanks for lunch' },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  const page = await bob.context.newPage();
  for (const language of ['en', 'es', 'pt'] as const) {
    await storeLanguage(page, language);
    await page.goto('/transactions');
    const list = page.getByRole('list', { name: a(language, 'list.label') });
    const rows = list.getByRole('link');
    await expect(rows).toHaveCount(3);

    // Asked for, not moved: no sign, neutral, "Requested", the note under it.
    const asked = rows.filter({ hasText: note });
    await expect(asked).toContainText(a(language, 'entry.requested'));
    await expect(asked).toContainText(/20[.,]00/);
    await expect(asked).not.toContainText(/[+−-]\s?(US)?\$?\s?20[.,]00/);
    await expect(asked.getByText(/20[.,]00/)).toHaveAttribute('data-tone', 'neutral');

    // Rejected: muted, no sign, its label.
    const rejected = rows.filter({ hasText: 'Snacks' });
    await expect(rejected).toContainText(a(language, 'entry.rejected'));
    await expect(rejected.getByText(/8[.,]00/)).toHaveAttribute('data-tone', 'muted');
    await expect(rejected).not.toContainText(/\+/);

    // Money that moved in: + and the incoming colour.
    const paid = rows.filter({ hasText: 'Thanks for lunch' });
    await expect(paid).toContainText(a(language, 'kind.receivedFrom', { name: ann.username }));
    await expect(paid.getByText(/5[.,]00/)).toHaveAttribute('data-tone', 'in');
    await expect(paid).toContainText('+');

    // At 375 px: the names wrap rather than being cut, every tab is on screen, nothing scrolls sideways.
    for (const row of await rows.all()) await expectNothingCut(row);
    const tabs = page.getByRole('tablist', { name: t(language, 'common', 'routes.transactions') }).getByRole('tab');
    await expect(tabs).toHaveCount(5);
    for (const tab of await tabs.all()) {
      await expectOnScreen(tab, `tab ${await tab.textContent()}`);
      await expectNothingCut(tab);
    }
    await expectNoSidewaysScroll(page);
    await shot(page, testInfo, `activity-${language}-375`);
    await expectNoA11yViolations(page);
  }

  // The same list at 1280 px.
  await page.setViewportSize(DESKTOP);
  await expectNoSidewaysScroll(page);
  await shot(page, testInfo, 'activity-pt-1280');
  await expectNoA11yViolations(page);
});

for (const language of ['en', 'es'] as const) {
  test(`details at 375 px (${language}): no sideways scroll, the receipt's facts, one verb, the sheet's buttons on screen`, async ({}, testInfo) => {
    const toReject = await request(bob, ann, '20.00', 'Dinner at Rosa’s');
    const toCancel = await request(bob, ann, '15.00', 'Lunch');

    // The payer: the receipt's facts, then Reject — button, dialog title, toast and status say the same verb.
    const page = await ann.context.newPage();
    await storeLanguage(page, language);
    await page.goto(`/transactions/transaction-details?id=${toReject}`);
    const summary = page.getByRole('region', { name: a(language, 'details.summary') });
    await expect(summary).toContainText(`@${bob.username}`);
    await expect(summary).toContainText(/20[.,]00/);
    await expect(summary).toContainText(t(language, 'common', 'receipt.label.reference'));
    await expect(summary).toContainText(toReject.slice(0, 8).toUpperCase());
    await expect(summary).not.toContainText(toReject);
    await expect(summary).toContainText(t(language, 'common', 'receipt.label.date'));
    await expect(summary).toContainText('Dinner at Rosa’s');
    await expectNoSidewaysScroll(page);
    await shot(page, testInfo, `details-${language}-375`);
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: a(language, 'actions.reject') }).click();
    const sheet = page.getByRole('alertdialog', { name: a(language, 'rejectTransactionDialog.title') });
    await expect(sheet).toBeVisible();
    const yes = sheet.getByRole('button', { name: t(language, 'common', 'confirmDialog.yes') });
    const no = sheet.getByRole('button', { name: t(language, 'common', 'confirmDialog.no') });
    await expectOnScreen(no, 'No');
    await expectOnScreen(yes, 'Yes');
    await expectNoSidewaysScroll(page);
    await shot(page, testInfo, `reject-sheet-${language}-375`);
    await expectNoA11yViolations(page);
    await yes.click();
    await expect(page.getByText(a(language, 'snackBar.requestReject.success'))).toBeVisible();
    await expect(summary).toContainText(a(language, 'status.rejected'));
    await expect(page.getByRole('button', { name: a(language, 'actions.reject') })).toBeHidden();

    // The requester: Cancel throughout, its sheet on screen too.
    const bobPage = await bob.context.newPage();
    await storeLanguage(bobPage, language);
    await bobPage.goto(`/transactions/transaction-details?id=${toCancel}`);
    await expectNoSidewaysScroll(bobPage);
    await bobPage.getByRole('button', { name: a(language, 'actions.cancel') }).click();
    const cancelSheet = bobPage.getByRole('alertdialog', { name: a(language, 'cancelTransactionDialog.title') });
    await expectOnScreen(cancelSheet.getByRole('button', { name: t(language, 'common', 'confirmDialog.no') }), 'No');
    await expectOnScreen(cancelSheet.getByRole('button', { name: t(language, 'common', 'confirmDialog.yes') }), 'Yes');
    await cancelSheet.getByRole('button', { name: t(language, 'common', 'confirmDialog.yes') }).click();
    await expect(bobPage.getByText(a(language, 'snackBar.requestCancel.success'))).toBeVisible();
    await expect(bobPage.getByRole('region', { name: a(language, 'details.summary') })).toContainText(a(language, 'status.cancelled'));

    // 1280 px: still no sideways scroll; axe on the answered page.
    await page.setViewportSize(DESKTOP);
    await expectNoSidewaysScroll(page);
    await expectNoA11yViolations(page);
    await shot(page, testInfo, `details-${language}-1280`);
  });
}

test('adding money ends on a receipt (es, 375 px phone and 1280 px): to, amount, fee, total, card, date, status, reference', async ({}, testInfo) => {
  const w = (key: string, values?: Record<string, string | number>) => t('es', 'wallet', key, values);
  const r = (key: string) => t('es', 'common', `receipt.${key}`);
  await addCard(ann.context, ann.id);
  const page = await ann.context.newPage();
  await storeLanguage(page, 'es');
  await page.goto('/withdraw-funds/add-money');
  await page.getByRole('button', { name: new RegExp(`^${w('addMoney.method.card')}`) }).click();
  await page.getByRole('radio', { name: /VISA •••• 4242/ }).check();
  await page.getByRole('button', { name: t('es', 'payments', 'actions.next'), exact: true }).click();
  await page.getByLabel(w('addMoney.amountLabel')).fill('50');
  await page.getByRole('button', { name: t('es', 'payments', 'actions.next'), exact: true }).click();
  await page.getByRole('button', { name: new RegExp(w('addMoney.confirm', { amount: '.*52,50.*' })) }).click();

  const receipt = page.getByRole('region', { name: r('headline.deposit') });
  await expect(receipt).toBeVisible({ timeout: 30_000 });
  const value = (label: string) => receipt.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
  await expect(value(r('label.to'))).toHaveText(r('method.balance'));
  await expect(value(r('label.amount'))).toHaveText(/^50,00\s?US\$$/);
  await expect(value(r('label.fee'))).toHaveText(/^2,50\s?US\$$/);
  await expect(value(r('label.total'))).toHaveText(/^52,50\s?US\$$/);
  await expect(value(r('label.method'))).toHaveText('VISA ····4242');
  // Date and time in Spanish: a day, a Spanish month abbreviation, a year and hh:mm.
  await expect(value(r('label.date'))).toHaveText(/^\d{1,2} [a-z]{3}\.? \d{4}, \d{1,2}:\d{2}$/);
  await expect(value(r('label.status'))).toHaveText(r('status.complete'));
  await expect(value(r('label.status')).getByText(r('status.complete'))).toHaveAttribute('data-tone', 'green');
  await expect(value(r('label.reference'))).toHaveText(/^[0-9A-F]{8}$/);
  await expect(page.getByRole('link', { name: w('addMoney.viewDeposit') })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shot(page, testInfo, 'deposit-receipt-es-375');
  await expectNoA11yViolations(page);
  await page.setViewportSize(DESKTOP);
  await expectNoSidewaysScroll(page);
  await expectNoA11yViolations(page);
  await shot(page, testInfo, 'deposit-receipt-es-1280');

  // The deposit's details page opens from it.
  await page.getByRole('link', { name: w('addMoney.viewDeposit') }).click();
  await expect(page).toHaveURL(/\/withdraw-funds\/deposit-details\?id=/);
});
