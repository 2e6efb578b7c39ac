import { randomUUID } from 'node:crypto';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { createAccount, fmt, latestCode, text, uniqueUsername, type Language, type TestAccount } from './app';

/** The payment screens as a person uses them: by role and label, strings from locales/<lang>/payments.json. */
export const p = (language: Language, key: string, values: Record<string, string | number> = {}) => fmt(text(language, 'payments', key), values);

/** A set-up account with a verified email (money-moving calls refuse an unverified one). */
export async function payer(context: BrowserContext, fullName: string): Promise<TestAccount & { username: string }> {
  const username = uniqueUsername(fullName.split(' ')[0]!.toLowerCase());
  // createAccount verifies a set-up account's email.
  const account = await createAccount(context, { setUp: { fullName, username } });
  expect(account.user.emailStatus).toBe('verified');
  return { ...account, username };
}

/** Types part of a username in the recipient combobox and picks the suggestion. */
export async function chooseRecipient(page: Page, language: Language, username: string) {
  await page.getByRole('combobox', { name: p(language, 'fields.recipient') }).fill(username.slice(0, 8));
  await page.getByRole('option', { name: new RegExp(`@${username}\\b`, 'u') }).click();
  await expect(page.getByRole('combobox', { name: p(language, 'fields.recipient') })).toHaveValue(`@${username}`);
}

const next = (page: Page, language: Language) => page.getByRole('button', { name: p(language, 'actions.next'), exact: true }).click();

/** The sandbox processor's test cards (server/providers/sandbox/card.ts). */
export const TEST_CARDS = {
  success: '4242 4242 4242 4242',
  /** Refused when added. */
  declined: '4000 0000 0000 0002',
  /** Added fine, declined when charged (`generic_decline`). */
  declinedOnCharge: '4000 0000 0000 0341',
} as const;

const cardBody = (number: string) => ({
  nameOnCard: 'Ana Souza',
  number,
  expMonth: 12,
  expYear: new Date().getFullYear() + 2,
  cvv: '123',
  country: 'US',
  postalCode: '10001',
});

/**
 * Adds a card through the cards API of the wallet work (its screens are another issue's), in the user's own
 * browser context; the raw answer, so a test can see a refusal.
 */
export const postCard = (context: BrowserContext, userId: string, number: string) =>
  context.request.post(`/api/app/user/${userId}/payment-methods/cards`, { data: cardBody(number) });

export async function addCard(context: BrowserContext, userId: string, number: string = TEST_CARDS.success): Promise<string> {
  const res = await postCard(context, userId, number);
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { card: { id: string } }).card.id;
}

export const walletOf = async (context: BrowserContext, userId: string) =>
  (await (await context.request.get(`/api/app/user/${userId}/wallet`)).json()) as { available: string; held: string; balance: string };

/** Money in the wallet the way a user adds it: the sandbox card and a card deposit, settled by the capture job. */
export async function addMoneyByCard(context: BrowserContext, userId: string, amount: string) {
  const cardId = await addCard(context, userId);
  const deposit = await context.request.post(`/api/app/user/${userId}/deposits/card`, {
    headers: { 'idempotency-key': randomUUID() },
    data: { paymentMethodId: cardId, amount },
  });
  expect(deposit.status(), await deposit.text()).toBe(201);
  // The capture settles in a background job within seconds.
  await expect.poll(async () => (await walletOf(context, userId)).available, { timeout: 30_000 }).toBe(amount);
}
