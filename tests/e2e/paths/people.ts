import { randomUUID } from 'node:crypto';
import { expect, type Browser, type BrowserContext } from '@playwright/test';
import { createAccount, type TestAccount } from '../support/app';
import { addCard, walletOf } from '../support/payments';

/**
 * The people and payments the payment drivers seed through the real API, each person in their own cookie jar, as
 * the hand-written specs do (activity-truth.spec.ts, live-updates.spec.ts).
 */
export interface Person {
  context: BrowserContext;
  account: TestAccount;
  id: string;
  username: string;
}

export const personOf = (context: BrowserContext, account: TestAccount): Person => ({
  context,
  account,
  id: account.user.userId,
  username: account.user.username ?? '',
});

/** The other people's contexts of the worker's last path, closed when the next path starts. */
const earlier: BrowserContext[] = [];

/**
 * Another person, in a browser context of their own (API calls only, no page). A driver has no step after the path,
 * and closing the context when the test's own one closes races Playwright's tracing of request contexts (which then
 * fails the next test): it is closed at the start of the worker's next path instead (`closeEarlierPeople`).
 */
export async function anotherPerson(browser: Browser, fullName: string): Promise<Person> {
  const context = await browser.newContext();
  earlier.push(context);
  return personOf(context, await createAccount(context, { setUp: { fullName } }));
}

/** Closes the contexts of the people an earlier path of this worker made: a driver's `start` calls it first. */
export async function closeEarlierPeople(): Promise<void> {
  const contexts = earlier.splice(0);
  await Promise.all(contexts.map((context) => context.close().catch(() => {})));
}

/** `from` asks `to` for money (one person may ask another 3 times a day); the payment's id. */
export async function requestMoney(from: Person, to: Person, amount: string, message: string): Promise<string> {
  const res = await from.context.request.post(`/api/app/user/${from.id}/payment/request/`, { data: { receiverUserId: to.id, amount, message } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: [{ payment_id: string }] }).data[0].payment_id;
}

/** `from` pays `to` from their balance; the payment's id. */
export async function sendFromBalance(from: Person, to: Person, amount: string, message: string): Promise<string> {
  const res = await from.context.request.post(`/api/app/user/${from.id}/payment/send/`, {
    headers: { 'idempotency-key': randomUUID() },
    data: { receiverUserId: to.id, amount, paymentMethodId: 'balance', message },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: [{ payment_id: string }] }).data[0].payment_id;
}

/** A card deposit with the sandbox card; with `settled`, waits until the capture job has put it in the wallet. */
export async function depositByCard(person: Person, amount: string, settled = true): Promise<void> {
  const before = Number((await walletOf(person.context, person.id)).available);
  const cardId = await addCard(person.context, person.id);
  const deposit = await person.context.request.post(`/api/app/user/${person.id}/deposits/card`, {
    headers: { 'idempotency-key': randomUUID() },
    data: { paymentMethodId: cardId, amount },
  });
  expect(deposit.status(), await deposit.text()).toBe(201);
  if (settled) {
    const wanted = (before + Number(amount)).toFixed(2);
    await expect.poll(async () => (await walletOf(person.context, person.id)).available, { timeout: 30_000 }).toBe(wanted);
  }
}
