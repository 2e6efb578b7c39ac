import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page, TestInfo } from '@playwright/test';
import { createAccount, DESKTOP, expectNoA11yViolations, fmt, mainHeading, PHONE, text, uniqueUsername } from './support/app';
import { addCard, addMoneyByCard, p, payer, walletOf } from './support/payments';
import { expect, test } from './support/test';
import { offerPricePoint } from './support/creators';

/**
 * Issue 7's media reply, through the screens of issue 5: a fan buys a creator's photo by card from the public
 * page; the creator sees Action Required, opens the upload screen and sends a photo; the fan sees Complete and
 * the photo. The photo is a real JPEG of the repository (the landing video's poster). Or the creator won't fulfil the
 * order: Reject and refund gives the fan their money back at once (design §4 "Price point": creator declines → rejected).
 */
const en = (key: string, values: Record<string, string | number> = {}) => p('en', key, values);
const act = (key: string, values: Record<string, string | number> = {}) => fmt(text('en', 'activity', key), values);
const cr = (key: string, values: Record<string, string | number> = {}) => fmt(text('en', 'creators', key), values);
const w = (key: string, values: Record<string, string | number> = {}) => fmt(text('en', 'wallet', key), values);
const c = (key: string) => text('en', 'common', key);
const PHOTO = 'public/video/tipjar-tour-poster.jpg';

test.slow();

async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  for (const [label, size] of [['375', PHONE], ['1280', DESKTOP]] as const) {
    await page.setViewportSize(size);
    const path = testInfo.outputPath(`${name}-${label}px.png`);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`${name}-${label}px`, { path, contentType: 'image/png' });
  }
  await page.setViewportSize(DESKTOP);
}

/** A creator offering a $5 photo, made through the API in their own browser context. */
async function creatorWithPhoto(context: BrowserContext) {
  const username = uniqueUsername('mia');
  const account = await createAccount(context, { setUp: { fullName: 'Mia Costa', username } });
  const pricePointId = await offerPricePoint(context, account.user.userId, { price: '5', description: 'A signed photo', media_type: 'photo' });
  return { ...account, username, pricePointId };
}

test('a fan buys a photo by card; the creator replies on the upload screen; the fan sees Complete and the photo', async ({ browser, baseURL }, testInfo) => {
  const creatorContext = await browser.newContext({ baseURL, viewport: DESKTOP });
  const fanContext = await browser.newContext({ baseURL, viewport: DESKTOP });
  const creator = await creatorWithPhoto(creatorContext);
  const fan = await payer(fanContext, 'Fiona Fan');
  await addCard(fanContext, fan.user.userId);

  // The fan picks the price point on the public page; its checkout opens from the link, the note as the brief.
  const fanPage = await fanContext.newPage();
  await fanPage.goto(`/${creator.username}`);
  await fanPage.getByRole('radio', { name: /A signed photo/u }).check();
  await fanPage.getByRole('button', { name: cr('publicPage.payAmount', { amount: '$5.00' }) }).click();
  await expect(fanPage).toHaveURL(new RegExp(`/payment/send\\?to=${creator.username}&amount=5.00&pricePointId=`, 'u'));
  await expect(fanPage.getByLabel(en('checkout.briefLabel', { username: creator.username }))).toBeVisible();
  // The price is fixed: no amount field. No balance, so the saved card is the first method that can pay.
  await expect(fanPage.getByLabel(en('fields.amount'))).toBeHidden();
  await expect(fanPage.getByRole('radio', { name: en('method.card', { brand: 'VISA', last4: '4242' }) })).toBeChecked();
  await expect(fanPage.getByRole('definition')).toContainText([`@${creator.username}`, '$5.00', '$0.25', '$5.25']);
  await fanPage.getByRole('button', { name: en('actions.pay', { amount: '$5.25' }) }).click();
  await expect(fanPage.getByRole('heading', { name: en('checkout.paid.photo', { username: creator.username }) })).toBeVisible();
  await fanPage.getByRole('link', { name: en('actions.viewTransaction') }).click();
  const fanSummary = fanPage.getByRole('region', { name: act('details.summary') });
  await expect(fanSummary).toContainText(act('status.pendingReply'));

  // The creator: the sale held in the list, with when to reply by and no sign (issue 22 item 6), then the upload
  // screen from the details.
  const page = await creatorContext.newPage();
  await page.goto('/transactions');
  const row = page.getByRole('link', { name: new RegExp(act('kind.soldTo', { name: fan.username, media: 'photo' })) });
  await expect(row).toContainText(act('entry.replyBy', { date: '' }).trim());
  await expect(row).not.toContainText('+$5.00');
  await row.click();
  await page.getByRole('button', { name: act('actions.reply') }).click();
  await expect(page).toHaveURL(/\/transactions\/transaction-details\/upload-file\?id=/u);
  await expect(mainHeading(page)).toHaveText(act('upload.title'));
  await expect(page.getByRole('heading', { name: act('upload.promised', { name: fan.username, amount: '$5.00', media: 'photo' }) })).toBeVisible();

  // Sending with no file, a video for a photo, and a photo over 10 MB: each refused under the field.
  const file = page.getByLabel(act('upload.fileLabel.photo'), { exact: true });
  await page.getByRole('button', { name: act('upload.send') }).click();
  await expect(page.getByText(act('upload.fileRequired'))).toBeVisible();
  await expect(file).toBeFocused();
  await file.setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: Buffer.alloc(2048) });
  await expect(page.getByText(act('upload.wrongKind.photo'))).toBeVisible();
  await file.setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
  // The spec's words (section 8).
  await expect(page.getByText(act('upload.fileTooLarge'))).toHaveText('The file is too large');
  await expect(file).toHaveAttribute('aria-invalid', 'true');
  await expectNoA11yViolations(page);
  await screenshots(page, testInfo, 'upload-too-large');

  // The real photo, with a note: uploaded, then the claim.
  await file.setInputFiles({ name: 'signed.jpg', mimeType: 'image/jpeg', buffer: readFileSync(PHOTO) });
  await expect(page.getByText(act('upload.chosen', { name: 'signed.jpg' }))).toBeVisible();
  await page.getByLabel(act('upload.captionLabel')).fill('Signed for you');
  await page.getByRole('button', { name: act('upload.send') }).click();
  await expect(page.getByRole('heading', { name: act('upload.claimed') })).toBeVisible();
  await expectNoA11yViolations(page);
  await screenshots(page, testInfo, 'upload-claimed');

  // The fan: Complete (once the card capture has run) and the photo in the thread.
  await expect(async () => {
    await fanPage.reload();
    await expect(fanSummary).toContainText(act('status.complete'), { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const photo = fanPage.getByRole('img', { name: act('thread.photoFrom', { name: `@${creator.username}` }) });
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(fanPage.getByText('Signed for you')).toBeVisible();
  await screenshots(fanPage, testInfo, 'fan-sees-photo');
  await expectNoA11yViolations(fanPage);

  // The creator was paid the price; the upload screen has nothing more to do.
  expect((await walletOf(creatorContext, creator.user.userId)).available).toBe('5.00');
  await page.getByRole('link', { name: act('upload.viewTransaction') }).click();
  await expect(page.getByRole('region', { name: act('details.summary') })).toContainText(act('status.complete'));
  await expect(page.getByRole('button', { name: act('actions.reply') })).toBeHidden();
  await creatorContext.close();
  await fanContext.close();
});

test('a fan buys a photo from their balance; the creator’s reply claims it at once: Complete for both, no capture to wait for', async ({ browser, baseURL }) => {
  const creatorContext = await browser.newContext({ baseURL, viewport: DESKTOP });
  const fanContext = await browser.newContext({ baseURL, viewport: DESKTOP });
  const creator = await creatorWithPhoto(creatorContext);
  const fan = await payer(fanContext, 'Bruno Fan');
  await addMoneyByCard(fanContext, fan.user.userId, '20.00');

  // The balance pays the price with no fee; the $5.00 is held from the fan's balance until the reply.
  const fanPage = await fanContext.newPage();
  await fanPage.goto(`/${creator.username}`);
  await fanPage.getByRole('radio', { name: /A signed photo/u }).check();
  await fanPage.getByRole('button', { name: cr('publicPage.payAmount', { amount: '$5.00' }) }).click();
  await expect(fanPage.getByRole('radio', { name: new RegExp(`^${en('method.balance')}`, 'u') })).toBeChecked();
  await fanPage.getByRole('button', { name: en('actions.pay', { amount: '$5.00' }) }).click();
  await expect(fanPage.getByRole('heading', { name: en('checkout.paid.photo', { username: creator.username }) })).toBeVisible();
  expect(await walletOf(fanContext, fan.user.userId)).toMatchObject({ available: '15.00', held: '5.00' });

  // The creator replies from the sale's details.
  const page = await creatorContext.newPage();
  await page.goto('/transactions');
  await page.getByRole('link', { name: new RegExp(act('kind.soldTo', { name: fan.username, media: 'photo' })) }).click();
  await page.getByRole('button', { name: act('actions.reply') }).click();
  await page.getByLabel(act('upload.fileLabel.photo'), { exact: true }).setInputFiles({ name: 'signed.jpg', mimeType: 'image/jpeg', buffer: readFileSync(PHOTO) });
  await page.getByRole('button', { name: act('upload.send') }).click();
  await expect(page.getByRole('heading', { name: act('upload.claimed') })).toBeVisible();

  // Held money moves in the reply's own transaction (processing → complete at once): no job, no reload loop.
  expect((await walletOf(creatorContext, creator.user.userId)).available).toBe('5.00');
  expect(await walletOf(fanContext, fan.user.userId)).toMatchObject({ available: '15.00', held: '0.00', balance: '15.00' });
  await page.getByRole('link', { name: act('upload.viewTransaction') }).click();
  await expect(page.getByRole('region', { name: act('details.summary') })).toContainText(act('status.complete'));
  await fanPage.getByRole('link', { name: en('actions.viewTransaction') }).click();
  await expect(fanPage.getByRole('region', { name: act('details.summary') })).toContainText(act('status.complete'));
  await expect(fanPage.getByRole('img', { name: act('thread.photoFrom', { name: `@${creator.username}` }) })).toBeVisible();
  await creatorContext.close();
  await fanContext.close();
});

test('a creator rejects a fan’s order with Reject and refund; the fan sees it Rejected and the money back in their balance', async ({ browser, baseURL }, testInfo) => {
  const creatorContext = await browser.newContext({ baseURL, viewport: DESKTOP });
  const fanContext = await browser.newContext({ baseURL, viewport: DESKTOP });
  const creator = await creatorWithPhoto(creatorContext);
  const fan = await payer(fanContext, 'Fiona Fan');
  await addMoneyByCard(fanContext, fan.user.userId, '10.00');

  // The fan buys the photo from their balance: one tap on the checkout, the $5 held.
  const fanPage = await fanContext.newPage();
  await fanPage.goto(`/${creator.username}`);
  await fanPage.getByRole('radio', { name: /A signed photo/u }).check();
  await fanPage.getByRole('button', { name: cr('publicPage.payAmount', { amount: '$5.00' }) }).click();
  await expect(fanPage.getByRole('radio', { name: en('method.balance') })).toBeChecked();
  await fanPage.getByRole('button', { name: en('actions.pay', { amount: '$5.00' }) }).click();
  await expect(fanPage.getByRole('heading', { name: en('checkout.paid.photo', { username: creator.username }) })).toBeVisible();
  await fanPage.getByRole('link', { name: en('actions.viewTransaction') }).click();
  const fanSummary = fanPage.getByRole('region', { name: act('details.summary') });
  await expect(fanSummary).toContainText(act('status.pendingReply'));
  const fanDetails = fanPage.url();

  // The creator opens the order from the list: Reply, or Reject and refund.
  const page = await creatorContext.newPage();
  await page.goto('/transactions');
  await page.getByRole('link', { name: new RegExp(act('kind.soldTo', { name: fan.username, media: 'photo' })) }).click();
  await expect(mainHeading(page)).toHaveText(act('details.title'));
  const actions = page.getByRole('region', { name: act('actions.title') });
  await expect(actions.getByRole('button', { name: act('actions.reply') })).toBeEnabled();
  const reject = actions.getByRole('button', { name: act('actions.rejectOrder'), exact: true });

  // No keeps the order; the dialog names the fan and the amount going back to them.
  await reject.click();
  const dialog = page.getByRole('alertdialog', { name: act('rejectOrderDialog.title') });
  await expect(dialog).toContainText(act('rejectOrderDialog.body', { name: fan.username, amount: '$5.00' }));
  await expectNoA11yViolations(page);
  await screenshots(page, testInfo, 'reject-order-dialog');
  await dialog.getByRole('button', { name: c('confirmDialog.no'), exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: act('details.summary') })).toContainText(act('status.actionRequired'));

  // Yes: rejected, the toast says so, nothing more to do; the trail says who.
  await reject.click();
  await dialog.getByRole('button', { name: c('confirmDialog.yes'), exact: true }).click();
  await expect(page.getByText(act('snackBar.orderReject.success'))).toBeVisible();
  await expect(page.getByRole('region', { name: act('details.summary') })).toContainText(act('status.rejected'));
  await expect(actions).toBeHidden();
  const trail = page.getByRole('list', { name: act('trail.title') });
  await expect(trail.getByRole('listitem').last()).toContainText(act('status.rejected'));
  await expect(trail.getByRole('listitem').last()).toContainText(act('trail.byYou'));
  expect((await walletOf(creatorContext, creator.user.userId)).available).toBe('0.00');

  // The fan: Rejected, refunded, and the $5 available again at once — no 72-hour wait.
  await fanPage.goto(fanDetails);
  await expect(fanSummary).toContainText(act('status.rejected'));
  await expect(fanPage.getByRole('region', { name: act('hold.title') })).toContainText(act('hold.refunded'));
  await expect(fanPage.getByRole('list', { name: act('trail.title') }).getByRole('listitem').last()).toContainText(
    act('trail.byThem', { name: creator.username }),
  );
  await fanPage.goto('/withdraw-funds');
  const balance = fanPage.getByRole('region', { name: w('overview.balanceTitle') });
  await expect(balance).toContainText(`${w('overview.available')}: $10.00`);
  await expect(balance).not.toContainText(w('overview.held', { amount: '' }).trim());
  await creatorContext.close();
  await fanContext.close();
});

test('an upload answered 401 (the session ended meanwhile) leads to sign-in, like every other call', async ({ browser, baseURL }) => {
  const creatorContext = await browser.newContext({ baseURL, viewport: DESKTOP });
  const fanContext = await browser.newContext({ baseURL, viewport: DESKTOP });
  const creator = await creatorWithPhoto(creatorContext);
  const fan = await payer(fanContext, 'Fiona Fan');
  const cardId = await addCard(fanContext, fan.user.userId);
  const bought = await fanContext.request.post(`/api/app/user/${fan.user.userId}/payment/send/`, {
    headers: { 'idempotency-key': randomUUID() },
    data: { receiverUserId: creator.user.userId, amount: '5.00', paymentMethodId: cardId, pricePointId: creator.pricePointId },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  const paymentId = ((await bought.json()) as { data: { payment_id: string }[] }).data[0]!.payment_id;

  const page = await creatorContext.newPage();
  await page.goto(`/transactions/transaction-details/upload-file?id=${paymentId}`);
  await expect(mainHeading(page)).toHaveText(act('upload.title'));
  await page.getByLabel(act('upload.fileLabel.photo'), { exact: true }).setInputFiles({
    name: 'signed.jpg',
    mimeType: 'image/jpeg',
    buffer: readFileSync(PHOTO),
  });
  // The session ends on the server's side (signed out elsewhere): the page still believes it is signed in.
  await creatorContext.clearCookies({ name: 'tipjar-session' });
  const refused = page.waitForResponse((r) => r.url().includes(`/api/app/user/${creator.user.userId}/media`) && r.status() === 401);
  await page.getByRole('button', { name: act('upload.send') }).click();
  await refused;
  await expect(page).toHaveURL(/\/sign-in/u);
  await expect(mainHeading(page)).toHaveText(text('en', 'common', 'auth.signInTitle'));
  await creatorContext.close();
  await fanContext.close();
});
