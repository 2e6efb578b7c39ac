import type { BrowserContext, Page } from '@playwright/test';
import { DESTINATION_WAIT_MS } from '../../domain/limits';
import { formatDate } from '../../src/lib/format';
import { expectNoA11yViolations, fmt, mainHeading, storeLanguage, text, type Language } from './support/app';
import { payer } from './support/payments';
import { expect, test } from './support/test';
import { addMoneyByCard, available, followServerClock, moveClock, putBankAccount, w, walletText } from './support/withdrawals';

/**
 * Issue 6: a withdrawal settles by the background jobs (payout_submit after the 10-minute cancellation window,
 * payout_settle every 5 minutes; the sandbox pays 30 minutes after submission). The server's shared test clock is
 * moved in steps shorter than the 30-minute session idle, with a call between steps, so the session stays alive;
 * the job runner (every 5 s of real time) does the rest. A clock test: runs alone (playwright.config.ts).
 * Issue 21: a bank account takes withdrawals 24 hours after it was set, so every test here moves the clock past
 * that first (and the browser's clock with it: the withdraw screen judges `withdrawalsOpenAt` by it); the 24-hour
 * notice itself, at its boundary, in English and Spanish.
 */
test.slow();

const STEP_MS = 11 * 60 * 1000;

const next = (page: Page) => page.getByRole('button', { name: w('actions.next'), exact: true }).click();
const wl = (language: Language, key: string, values: Record<string, string | number> = {}) => fmt(text(language, 'withdrawals', key), values);

async function withdrawThroughTheScreen(page: Page, amount: string) {
  await page.goto('/withdraw-funds/withdraw');
  await page.getByLabel(w('fields.amount')).fill(amount);
  await page.getByRole('button', { name: w('actions.next'), exact: true }).click();
  await page.getByRole('button', { name: w('actions.next'), exact: true }).click();
  await page.getByRole('button', { name: new RegExp(w('actions.withdraw', { amount: '.*' })) }).click();
  await expect(page.getByRole('heading', { name: w('withdraw.createdTitle') })).toBeVisible();
  // Issue 22 item 7: the success screen is a receipt — where to, the amount and total, date, status, a short reference.
  const receipt = page.getByRole('region', { name: new RegExp(fmt(text('en', 'common', 'receipt.headline.withdrawal'), { name: '.+' })) });
  await expect(receipt).toContainText(`$${amount}`);
  await expect(receipt).toContainText(text('en', 'common', 'receipt.label.total'));
  await expect(receipt).toContainText(text('en', 'common', 'receipt.status.created'));
  await expect(receipt.getByRole('definition').filter({ hasText: /^[0-9A-F]{8}$/ })).toHaveCount(1);
  await page.getByRole('link', { name: w('withdraw.viewDetails') }).click();
  await expect(mainHeading(page)).toHaveText(w('details.title'));
  return new URL(page.url()).searchParams.get('id')!;
}

/**
 * Past the cancellation window (the submit job marks it processing and sends it), then past the sandbox's
 * 30 minutes in steps the session survives; the settle job then finds it paid or failed. Its final status.
 */
async function settle(context: BrowserContext, userId: string, id: string): Promise<string> {
  const status = async () => ((await (await context.request.get(`/api/app/user/${userId}/withdrawals/${id}`)).json()) as { data: Array<{ status: string }> }).data[0]!.status;
  const advance = async () => expect((await context.request.post('/api/dev/clock', { data: { advanceMs: STEP_MS } })).ok()).toBe(true);
  expect(await status()).toBe('created');
  await advance();
  await expect.poll(status, { timeout: 60_000 }).toBe('processing');
  for (let step = 0; step < 3; step++) {
    await advance();
    // A call between moves: the session's idle clock restarts (30 minutes; each move is 11).
    expect(['processing', 'complete', 'failed']).toContain(await status());
  }
  await expect.poll(status, { timeout: 60_000 }).not.toBe('processing');
  return status();
}

test('a withdrawal settles by the background job to Complete (green badge)', async ({ page, context }) => {
  const ana = await payer(context, 'Ana Souza');
  await followServerClock(page);
  await addMoneyByCard(context, ana.user.userId, '50.00');
  await putBankAccount(context, ana.user.userId, { firstName: 'Ana', lastName: 'Souza' });
  await moveClock(page, ana.email);
  const id = await withdrawThroughTheScreen(page, '25.00');
  expect(await available(context, ana.user.userId)).toBe('25.00');

  expect(await settle(context, ana.user.userId, id)).toBe('complete');
  await page.reload();
  await expect(page.getByText(w('status.complete'), { exact: true })).toHaveAttribute('data-tone', 'green');
  await expect(page.getByText(w('details.beingProcessed'))).toHaveCount(0);
  expect(await available(context, ana.user.userId)).toBe('25.00');
});

test('a payout to the magic failing account (ending 0000) ends Failed (red) and the money is back in the wallet', async ({ page, context }) => {
  const bo = await payer(context, 'Bo Silva');
  await followServerClock(page);
  await addMoneyByCard(context, bo.user.userId, '50.00');
  await putBankAccount(context, bo.user.userId, { firstName: 'Bo', lastName: 'Silva' }, '000123450000');
  await moveClock(page, bo.email);
  const id = await withdrawThroughTheScreen(page, '30.00');
  expect(await available(context, bo.user.userId)).toBe('20.00');

  expect(await settle(context, bo.user.userId, id)).toBe('failed');
  await page.reload();
  await expect(page.getByText(w('status.failed'), { exact: true })).toHaveAttribute('data-tone', 'red');
  expect(await available(context, bo.user.userId)).toBe('50.00');
});

test('withdrawal boundaries: 20.00, 10,000.00 and above the balance refused with the spec messages; 20.01 is created', async ({ page, context }) => {
  const ana = await payer(context, 'Ana Souza');
  await followServerClock(page);
  await addMoneyByCard(context, ana.user.userId, '50.00');
  await putBankAccount(context, ana.user.userId, { firstName: 'Ana', lastName: 'Souza' });
  // Issue 21: a new bank account takes withdrawals 24 hours later.
  await moveClock(page, ana.email);

  await page.goto('/withdraw-funds/withdraw');
  await expect(mainHeading(page)).toHaveText(w('withdraw.title'));
  const amount = page.getByLabel(w('fields.amount'));
  await expect(page.getByText(w('withdraw.available', { amount: '$50.00' }))).toBeVisible();
  await expectNoA11yViolations(page);

  for (const [typed, message] of [
    ['20.00', walletText('errors.withdrawal_amount_out_of_range')],
    ['10000.00', walletText('errors.withdrawal_amount_out_of_range')],
    ['50.01', walletText('errors.withdrawal_above_balance')],
  ] as const) {
    await amount.fill(typed);
    await next(page);
    await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(amount).toBeFocused();
  }
  await expect(page.getByText(walletText('errors.withdrawal_amount_out_of_range'))).toHaveCount(0);
  await expectNoA11yViolations(page);

  await amount.fill('20.01');
  await next(page);
  // The only destination there is is chosen already.
  await expect(page.getByRole('radio', { name: /First Bank/u })).toBeChecked();
  await expectNoA11yViolations(page);
  await next(page);
  await expect(page.getByText('$20.01').first()).toBeVisible();
  // Issue 22 item 12: when it leaves, and that it can be cancelled until then — the server's 10 minutes.
  await expect(page.getByText(new RegExp(`^${w('withdraw.timing', { minutes: 10, time: '\\d{1,2}:\\d{2}(\\s?[AP]M)?', destination: 'First Bank.*' })}$`, 'u'))).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: w('actions.withdraw', { amount: '$20.01' }) }).click();
  await expect(page.getByRole('heading', { name: w('withdraw.createdTitle') })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('link', { name: w('withdraw.viewDetails') }).click();
  await expect(mainHeading(page)).toHaveText(w('details.title'));
  await expect(page.getByText(w('details.beingProcessed'))).toBeVisible();
  const status = page.getByRole('definition').filter({ hasText: w('status.created') });
  await expect(status.locator('[data-tone]')).toHaveAttribute('data-tone', 'green');
  await expect(page.getByRole('definition').filter({ hasText: '$20.01' }).first()).toBeVisible();
  await expectNoA11yViolations(page);
  // The money left the wallet when the withdrawal was made.
  const wallet = await (await context.request.get(`/api/app/user/${ana.user.userId}/wallet`)).json();
  expect(wallet.available).toBe('29.99');
});

for (const language of ['en', 'es'] as const) {
  test(`a new bank account: the withdraw screen says when it opens, before any amount, until the 24 hours are over (${language})`, async ({ page, context }) => {
    const ana = await payer(context, 'Ana Souza');
    await followServerClock(page);
    if (language !== 'en') await storeLanguage(page, language);
    await addMoneyByCard(context, ana.user.userId, '50.00');
    await putBankAccount(context, ana.user.userId, { firstName: 'Ana', lastName: 'Souza' });
    const { bankAccount } = (await (await context.request.get(`/api/app/user/${ana.user.userId}/bank-account`)).json()) as { bankAccount: { withdrawalsOpenAt: string } };
    const opensOn = wl(language, 'opensOn', { date: formatDate(bankAccount.withdrawalsOpenAt, language, 'opening') });

    await page.goto('/withdraw-funds/withdraw');
    await expect(mainHeading(page)).toHaveText(wl(language, 'withdraw.title'));
    await expect(page.getByRole('heading', { name: wl(language, 'withdraw.notOpenTitle') })).toBeVisible();
    await expect(page.getByText(opensOn)).toBeVisible();
    // Nothing to type an amount into, nothing to submit.
    await expect(page.getByLabel(wl(language, 'fields.amount'))).toHaveCount(0);
    await expectNoA11yViolations(page);

    // Two minutes before the 24 hours: still closed.
    await moveClock(page, ana.email, DESTINATION_WAIT_MS - 2 * 60_000);
    await page.reload();
    await expect(page.getByText(opensOn)).toBeVisible();
    await expect(page.getByLabel(wl(language, 'fields.amount'))).toHaveCount(0);

    // Past them: open, the amount is asked.
    await moveClock(page, ana.email, 3 * 60_000);
    await page.getByRole('button', { name: wl(language, 'withdraw.checkAgain') }).click();
    const amount = page.getByLabel(wl(language, 'fields.amount'));
    await expect(amount).toBeVisible();
    await expect(page.getByText(opensOn)).toHaveCount(0);
    await amount.fill('25.00');
    const nextStep = page.getByRole('button', { name: wl(language, 'actions.next'), exact: true });
    await nextStep.click();
    await expect(page.getByRole('radio', { name: /First Bank/u })).toBeChecked();
    await nextStep.click();

    // The account changed meanwhile (another 24 hours from now): the server's 409 at submit lands on the notice.
    await putBankAccount(context, ana.user.userId, { firstName: 'Ana', lastName: 'Souza' }, '000987654321');
    await page.getByRole('button', { name: new RegExp(wl(language, 'actions.withdraw', { amount: '.*' })) }).click();
    await expect(page.getByRole('heading', { name: wl(language, 'withdraw.notOpenTitle') })).toBeVisible();
    await expect(page.getByText(new RegExp(wl(language, 'opensOn', { date: '.+' })))).toBeVisible();
    await expectNoA11yViolations(page);
    expect(await available(context, ana.user.userId)).toBe('50.00');
  });
}
