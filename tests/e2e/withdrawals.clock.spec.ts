import type { BrowserContext, Page } from '@playwright/test';
import { mainHeading } from './support/app';
import { payer } from './support/payments';
import { expect, test } from './support/test';
import { addMoneyByCard, available, putBankAccount, w } from './support/withdrawals';

/**
 * Issue 6: a withdrawal settles by the background jobs (payout_submit after the 10-minute cancellation window,
 * payout_settle every 5 minutes; the sandbox pays 30 minutes after submission). The server's shared test clock is
 * moved in steps shorter than the 30-minute session idle, with a call between steps, so the session stays alive;
 * the job runner (every 5 s of real time) does the rest. A clock test: runs alone (playwright.config.ts).
 */
test.slow();

const STEP_MS = 11 * 60 * 1000;

async function withdrawThroughTheScreen(page: Page, amount: string) {
  await page.goto('/withdraw-funds/withdraw');
  await page.getByLabel(w('fields.amount')).fill(amount);
  await page.getByRole('button', { name: w('actions.next'), exact: true }).click();
  await page.getByRole('button', { name: w('actions.next'), exact: true }).click();
  await page.getByRole('button', { name: new RegExp(w('actions.withdraw', { amount: '.*' })) }).click();
  await expect(page.getByRole('heading', { name: w('withdraw.createdTitle') })).toBeVisible();
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
  await addMoneyByCard(context, ana.user.userId, '50.00');
  await putBankAccount(context, ana.user.userId, { firstName: 'Ana', lastName: 'Souza' });
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
  await addMoneyByCard(context, bo.user.userId, '50.00');
  await putBankAccount(context, bo.user.userId, { firstName: 'Bo', lastName: 'Silva' }, '000123450000');
  const id = await withdrawThroughTheScreen(page, '30.00');
  expect(await available(context, bo.user.userId)).toBe('20.00');

  expect(await settle(context, bo.user.userId, id)).toBe('failed');
  await page.reload();
  await expect(page.getByText(w('status.failed'), { exact: true })).toHaveAttribute('data-tone', 'red');
  expect(await available(context, bo.user.userId)).toBe('50.00');
});
