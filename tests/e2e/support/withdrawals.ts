import { randomUUID } from 'node:crypto';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { DESTINATION_WAIT_MS } from '../../../domain/limits';
import { fmt, PASSWORD, text } from './app';

/** Withdrawal screens by role and label, strings from locales/en/withdrawals.json and wallet.json. */
export const w = (key: string, values: Record<string, string | number> = {}) => fmt(text('en', 'withdrawals', key), values);
export const walletText = (key: string) => text('en', 'wallet', key);

/** Money in the way a user adds it: the sandbox card 4242… and a card deposit, settled by the background job. */
export async function addMoneyByCard(context: BrowserContext, userId: string, amount: string) {
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
  await expect.poll(() => available(context, userId), { timeout: 30_000 }).toBe(amount);
}

export async function available(context: BrowserContext, userId: string): Promise<string> {
  return ((await (await context.request.get(`/api/app/user/${userId}/wallet`)).json()) as { available: string }).available;
}

/**
 * A US bank account through the API (the wizard has its own test); `accountNumber` ending 0000 fails at settlement.
 * Sends the account's password (step-up, issue 21; accounts here use PASSWORD). Withdrawals to it open 24 hours
 * later by the server clock: clock specs pass them with `moveClock`.
 */
export async function putBankAccount(context: BrowserContext, userId: string, holder: { firstName: string; lastName: string }, accountNumber = '000123456789') {
  const res = await context.request.put(`/api/app/user/${userId}/bank-account`, {
    data: {
      current_password: PASSWORD,
      ...holder,
      birthdate: '1990-05-17',
      idType: 'passport',
      idNumber: 'X1234567',
      addressLine1: '1 Main Street',
      city: 'New York',
      postalCode: '10001',
      country: 'US',
      bankCountry: 'US',
      bankName: 'First Bank',
      accountType: 'checking',
      accountNumber,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The server's (test) time. */
async function serverNow(context: BrowserContext): Promise<Date> {
  const res = await context.request.get('/api/dev/clock');
  expect(res.ok(), await res.text()).toBe(true);
  return new Date(((await res.json()) as { now: string }).now);
}

/**
 * The browser's clock set to the server's test clock and flowing from there: the withdraw screen compares a
 * destination's `withdrawalsOpenAt` with the browser's time, so once a clock test moves the server's clock the
 * browser must follow. Call before the first navigation of the page.
 */
export async function followServerClock(page: Page) {
  await page.clock.install({ time: await serverNow(page.context()) });
}

/**
 * Moves the server's test clock by `ms` (default: past the 24 hours a new withdraw destination waits, issue 21),
 * the browser's with it, and signs in again (the jump idles the session out). Clock specs only.
 */
export async function moveClock(page: Page, email: string, ms = DESTINATION_WAIT_MS + 60_000) {
  const context = page.context();
  const moved = await context.request.post('/api/dev/clock', { data: { advanceMs: ms } });
  expect(moved.ok(), await moved.text()).toBe(true);
  await page.clock.setSystemTime(new Date(((await moved.json()) as { now: string }).now));
  if (ms >= 30 * 60 * 1000) {
    const res = await context.request.post('/api/app/user/login/', { data: { email, password: PASSWORD } });
    expect(res.status(), await res.text()).toBe(200);
  }
}
