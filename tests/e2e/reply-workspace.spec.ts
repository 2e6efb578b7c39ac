import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { BrowserContext } from '@playwright/test';
import { formatMoney } from '../../domain/money/format-money';
import { createAccount, DESKTOP, expectNoA11yViolations, fmt, mainHeading, PHONE, storeLanguage, text, uniqueUsername, type Language } from './support/app';
import { addCard, payer, walletOf } from './support/payments';
import { expect, test } from './support/test';
import { offerPricePoint } from './support/creators';

/**
 * Issue 23 item 3, a creator's workspace for replies: a fan buys a $25 pet portrait with a brief; the creator's home
 * says one order waits, the open-orders list shows it (fan, item, brief, amount held, time left), the reply screen
 * shows the brief, the deadline and what sending does; the creator picks a photo through the labelled picker, sees
 * its preview, sends, and the payment completes. In English and Portuguese, at 375 px without sideways scroll.
 */
const PHOTO = 'public/video/tipjar-tour-poster.jpg';
const VIDEO = 'public/video/tipjar-tour.mp4';
const BRIEF = 'My dog Biscuit, a corgi';

test.slow();

/** A creator offering a $25 photo (or video) and a fan who bought it by card with a brief, through the API. */
async function soldPortrait(creatorContext: BrowserContext, fanContext: BrowserContext, media: 'photo' | 'video' = 'photo') {
  const username = uniqueUsername('maya');
  const creator = await createAccount(creatorContext, { setUp: { fullName: 'Maya Reyes', username } });
  const pricePointId = await offerPricePoint(creatorContext, creator.user.userId, { price: '25', description: 'A pet portrait', media_type: media });
  const fan = await payer(fanContext, 'Fiona Fan');
  const cardId = await addCard(fanContext, fan.user.userId);
  const bought = await fanContext.request.post(`/api/app/user/${fan.user.userId}/payment/send/`, {
    headers: { 'idempotency-key': randomUUID() },
    data: { receiverUserId: creator.user.userId, amount: '25.00', paymentMethodId: cardId, pricePointId, message: BRIEF },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  const paymentId = ((await bought.json()) as { data: { payment_id: string }[] }).data[0]!.payment_id;
  return { creator, fan, paymentId };
}

for (const lang of ['en', 'pt'] as const satisfies readonly Language[]) {
  test(`${lang}: home shows the waiting order, the list leads to the reply screen, a picked photo is previewed and sent`, async ({ browser, baseURL }, testInfo) => {
    const act = (key: string, values: Record<string, string | number> = {}) => fmt(text(lang, 'activity', key), values);
    const creatorContext = await browser.newContext({ baseURL, viewport: PHONE });
    const fanContext = await browser.newContext({ baseURL, viewport: DESKTOP });
    const { creator, fan } = await soldPortrait(creatorContext, fanContext);
    const page = await creatorContext.newPage();
    await storeLanguage(page, lang);
    // At 375 px: nothing wider than the phone; a screenshot of each screen for the reviewer.
    const noSidewaysScroll = async (name: string) => {
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      const path = testInfo.outputPath(`${lang}-${name}-375px.png`);
      await page.screenshot({ path, fullPage: true });
      await testInfo.attach(`${lang}-${name}-375px`, { path, contentType: 'image/png' });
    };

    // Home: "1 order waiting for your reply", the nearest deadline, and the way to the list.
    await page.goto('/');
    const waiting = page.getByRole('region', { name: act('orders.waiting_one', { count: 1 }) });
    await expect(waiting).toBeVisible();
    await expect(waiting).toContainText(act('orders.nextDue', { deadline: '' }).trim());
    await noSidewaysScroll('home');
    await expectNoA11yViolations(page);
    await waiting.getByRole('link', { name: act('orders.openList') }).click();

    // The open orders: the fan, the item, the brief, the amount held and the time left.
    await expect(mainHeading(page)).toHaveText(act('orders.title'));
    const order = page.getByRole('link', { name: act('orders.reply', { name: fan.username }) });
    await expect(order).toContainText(`@${fan.username}`);
    await expect(order).toContainText('A pet portrait');
    await expect(order).toContainText(act('orders.brief', { brief: BRIEF }));
    await expect(order).toContainText(act('orders.held', { amount: formatMoney(25_00, lang) }));
    await expect(order).toContainText(act('orders.left', { left: '' }).trim());
    await noSidewaysScroll('open-orders');
    await expectNoA11yViolations(page);
    await order.click();

    // The reply screen: the brief, the deadline, what sending does, and a labelled picker.
    await expect(page).toHaveURL(/\/transactions\/transaction-details\/upload-file\?id=/u);
    await expect(mainHeading(page)).toHaveText(act('upload.title'));
    await expect(page.getByText(BRIEF)).toBeVisible();
    await expect(page.getByText(act('upload.deadline', { deadline: 'X', left: 'Y' }).split('X')[0]!.trim())).toBeVisible();
    await expect(page.getByText(act('upload.releases', { amount: formatMoney(25_00, lang) }))).toBeVisible();
    const picker = page.getByLabel(act('upload.choose.photo'));
    await expect(page.getByText(act('upload.dropHere'))).toBeVisible();
    // Keyboard: the picker takes the focus like any field.
    await picker.focus();
    await expect(picker).toBeFocused();
    await picker.setInputFiles({ name: 'biscuit.jpg', mimeType: 'image/jpeg', buffer: readFileSync(PHOTO) });
    const preview = page.getByRole('img', { name: act('upload.previewPhoto') });
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await noSidewaysScroll('reply');
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: act('upload.send') }).click();
    await expect(page.getByRole('heading', { name: act('upload.claimed') })).toBeVisible();

    // The payment completes (once the card capture has run): the creator is paid, and home has nothing waiting.
    await expect(async () => {
      expect((await walletOf(creatorContext, creator.user.userId)).available).toBe('25.00');
    }).toPass({ timeout: 30_000 });
    await page.goto('/');
    await expect(mainHeading(page)).toBeVisible();
    await expect(page.getByRole('heading', { name: act('home.recentTitle') })).toBeVisible();
    await expect(page.getByRole('region', { name: act('orders.waiting_one', { count: 1 }) })).toBeHidden();
    await creatorContext.close();
    await fanContext.close();
  });
}

test('a video dropped on the zone shows its first frame, and sending it completes the order', async ({ browser, baseURL }) => {
  const act = (key: string, values: Record<string, string | number> = {}) => fmt(text('en', 'activity', key), values);
  const creatorContext = await browser.newContext({ baseURL, viewport: DESKTOP });
  const fanContext = await browser.newContext({ baseURL, viewport: DESKTOP });
  const { creator, paymentId } = await soldPortrait(creatorContext, fanContext, 'video');
  const page = await creatorContext.newPage();
  await page.goto(`/transactions/transaction-details/upload-file?id=${paymentId}`);
  await expect(mainHeading(page)).toHaveText(act('upload.title'));

  // Dragged from the desktop onto the zone (the label is inside it; the drop reaches the zone).
  const bytes = [...readFileSync(VIDEO)];
  const dropped = await page.evaluateHandle((content) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(content)], 'biscuit.mp4', { type: 'video/mp4' }));
    return transfer;
  }, bytes);
  await page.getByText(act('upload.choose.video'), { exact: true }).dispatchEvent('drop', { dataTransfer: dropped });
  const preview = page.getByLabel(act('upload.previewVideo'));
  await expect(preview).toBeVisible();
  await expect(preview).toHaveAttribute('preload', 'metadata');
  await expect(preview).toHaveAttribute('src', /^blob:/u);
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: act('upload.send') }).click();
  await expect(page.getByRole('heading', { name: act('upload.claimed') })).toBeVisible();
  await expect(async () => {
    expect((await walletOf(creatorContext, creator.user.userId)).available).toBe('25.00');
  }).toPass({ timeout: 30_000 });
  await creatorContext.close();
  await fanContext.close();
});
