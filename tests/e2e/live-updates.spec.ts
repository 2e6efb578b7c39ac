import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import { createAccount, DESKTOP, fmt, storeLanguage, text, uniqueUsername, type Language } from './support/app';
import { addCard, payer } from './support/payments';
import { expect, test } from './support/test';
import { formatMoney } from '../../domain/money/format-money';
import { offerPricePoint } from './support/creators';

/**
 * Issue 23.4, live updates, with two browsers: a creator's home and a fan's details page stay open, nothing is
 * reloaded. The fan buys the creator's photo: the creator's home shows the new order. The creator replies with the
 * photo: the fan's page turns Complete and shows it, and the creator's home shows the new balance, and again after a
 * card deposit completes (issue 23.4, deposits and withdrawals live). The calls that
 * make the changes go through the API (each in its own browser's cookie jar); the screens of those steps have their
 * own tests (price-point-reply.spec.ts).
 */
const PHOTO = 'public/video/tipjar-tour-poster.jpg';
const act = (language: Language, key: string, values: Record<string, string | number> = {}) => fmt(text(language, 'activity', key), values);

test.slow();

/** A creator offering a $5 photo, made through the API in their own browser context. */
async function creatorWithPhoto(context: BrowserContext) {
  const username = uniqueUsername('mia');
  const account = await createAccount(context, { setUp: { fullName: 'Mia Costa', username } });
  const pricePointId = await offerPricePoint(context, account.user.userId, { price: '5', description: 'A signed photo', media_type: 'photo' });
  return { ...account, username, pricePointId };
}

/** Marks the document: a reload (or a navigation) would lose the mark. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { liveMark: string }).liveMark = 'not reloaded'));
}
const stillSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark);

for (const language of ['en', 'pt'] as const) {
  test(`${language}: the creator's open home shows the new order and the new balance, the fan's open details turn Complete with the photo, without a reload`, async ({
    browser,
    baseURL,
  }) => {
    const creatorContext = await browser.newContext({ baseURL, viewport: DESKTOP });
    const fanContext = await browser.newContext({ baseURL, viewport: DESKTOP });
    const creator = await creatorWithPhoto(creatorContext);
    const fan = await payer(fanContext, 'Fiona Fan');
    const cardId = await addCard(fanContext, fan.user.userId);

    // The creator's home, open: nothing sold yet, a balance of zero.
    const home = await creatorContext.newPage();
    await storeLanguage(home, language);
    await home.goto('/');
    const balance = home.getByRole('region', { name: text(language, 'common', 'pages.balanceLabel') });
    await expect(balance).toContainText(formatMoney(0, language));
    const recent = home.getByRole('region', { name: act(language, 'home.recentTitle') });
    await expect(recent).toContainText(act(language, 'home.recentEmpty'));
    await markDocument(home);

    // The fan buys the photo: the order appears on the creator's home.
    const bought = await fanContext.request.post(`/api/app/user/${fan.user.userId}/payment/send/`, {
      headers: { 'idempotency-key': randomUUID() },
      data: { receiverUserId: creator.user.userId, amount: '5.00', paymentMethodId: cardId, pricePointId: creator.pricePointId },
    });
    expect(bought.status(), await bought.text()).toBe(201);
    const paymentId = ((await bought.json()) as { data: { payment_id: string }[] }).data[0]!.payment_id;
    await expect(recent.getByRole('link', { name: new RegExp(fan.username, 'u') })).toBeVisible({ timeout: 15_000 });

    // The fan's details page, open: waiting for the creator's reply.
    const details = await fanContext.newPage();
    await storeLanguage(details, language);
    await details.goto(`/transactions/transaction-details?id=${paymentId}`);
    const summary = details.getByRole('region', { name: act(language, 'details.summary') });
    await expect(summary).toContainText(act(language, 'status.pendingReply'));
    await markDocument(details);

    // The creator replies with the photo (the upload, then the message that claims the order).
    const uploaded = await creatorContext.request.post(`/api/app/user/${creator.user.userId}/media?name=signed.jpg`, {
      headers: { 'content-type': 'image/jpeg', 'idempotency-key': randomUUID() },
      data: readFileSync(PHOTO),
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const mediaId = ((await uploaded.json()) as { media: { id: string } }).media.id;
    const replied = await creatorContext.request.post(`/api/app/user/${creator.user.userId}/messages/`, {
      headers: { 'idempotency-key': randomUUID() },
      data: { paymentId, message: 'Signed for you', messageMediaId: mediaId },
    });
    expect(replied.status(), await replied.text()).toBe(201);

    // The fan sees Complete (once the card capture has run) and the photo, on the page left open.
    await expect(summary).toContainText(act(language, 'status.complete'), { timeout: 30_000 });
    const photo = details.getByRole('img', { name: act(language, 'thread.photoFrom', { name: `@${creator.username}` }) });
    await expect(photo).toBeVisible();
    await expect(details.getByText('Signed for you')).toBeVisible();
    expect(await stillSameDocument(details)).toBe('not reloaded');

    // The creator's home shows the price paid in, on the page left open.
    await expect(balance).toContainText(formatMoney(500, language), { timeout: 30_000 });
    expect(await stillSameDocument(home)).toBe('not reloaded');

    // The creator adds $20.00 with the sandbox card: the deposit completes when the capture job commits, and the
    // open home shows the new balance (a transfer event, not a payment's).
    const creatorCard = await addCard(creatorContext, creator.user.userId);
    const deposited = await creatorContext.request.post(`/api/app/user/${creator.user.userId}/deposits/card`, {
      headers: { 'idempotency-key': randomUUID() },
      data: { paymentMethodId: creatorCard, amount: '20.00' },
    });
    expect(deposited.status(), await deposited.text()).toBe(201);
    await expect(balance).toContainText(formatMoney(2500, language), { timeout: 30_000 });
    expect(await stillSameDocument(home)).toBe('not reloaded');

    await creatorContext.close();
    await fanContext.close();
  });
}
