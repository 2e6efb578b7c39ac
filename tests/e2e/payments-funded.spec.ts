import type { BrowserContext } from '@playwright/test';
import { DESKTOP, mainHeading, PHONE, storeLanguage, type Language } from './support/app';
import { addMoneyByCard, chooseRecipient, next, p, payer } from './support/payments';
import { expect, test } from './support/test';

/**
 * Issue 5, sends that need money in the wallet. The money comes in the way a user adds it: a sandbox card
 * (4242 4242 4242 4242) and a card deposit, through the cards and deposits API of the wallet work
 * (branch wallet-server: addCard, createCardDeposit). Until that is merged these calls answer 404 and the tests
 * here fail at the funding step, not in the payment screens.
 */
test.slow();

async function sendThroughTheScreens(language: Language, contexts: { a: BrowserContext; b: BrowserContext }, testInfo: { outputPath: (name: string) => string }) {
  const t = (key: string, values: Record<string, string | number> = {}) => p(language, key, values);
  const a = await payer(contexts.a, 'Alice Sender');
  const b = await payer(contexts.b, 'Bruno Receiver');
  await addMoneyByCard(contexts.a, a.user.userId, '50.00');
  const page = await contexts.a.newPage();
  await storeLanguage(page, language);

  await page.goto('/payment');
  await page.getByRole('link', { name: t('choose.send') }).click();
  await expect(mainHeading(page)).toHaveText(t('send.title'));
  await chooseRecipient(page, language, b.username);
  await next(page, language);
  await page.getByLabel(t('fields.amount')).fill('12.50');
  await next(page, language);
  await page.getByLabel(t('fields.message')).fill('Lunch on Friday');
  await next(page, language);
  await expect(page.getByRole('radio', { name: new RegExp(t('method.balance')) })).toBeChecked();
  await next(page, language);
  for (const [label, size] of [['375', PHONE], ['1280', DESKTOP]] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: testInfo.outputPath(`send-confirm-${language}-${label}.png`), fullPage: true });
  }
  const send = page.getByRole('button', { name: new RegExp(t('actions.send', { amount: '.*12[.,]50.*' })) });
  await send.click();
  await expect(page.getByRole('heading', { name: t('sent.title') })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`send-done-${language}.png`), fullPage: true });

  // B got the whole amount; A paid it from the balance, with no fee.
  const wallet = async (context: BrowserContext, userId: string) =>
    ((await (await context.request.get(`/api/app/user/${userId}/wallet`)).json()) as { available: string }).available;
  expect(await wallet(contexts.b, b.user.userId)).toBe('12.50');
  expect(await wallet(contexts.a, a.user.userId)).toBe('37.50');
  const [payment] = (await (await contexts.b.request.get(`/api/app/user/${b.user.userId}/payment/list`)).json()).results;
  expect(payment).toMatchObject({ amount: '12.50', fee: '0.00', payment_status: 'complete', description: 'Lunch on Friday', signed_amount: '12.50' });
  await expect(page.getByText(payment.payment_id)).toBeVisible();
}

test('A adds money with the sandbox card and sends B $12.50 with a message', async ({ browser, baseURL }, testInfo) => {
  const contexts = { a: await browser.newContext({ baseURL }), b: await browser.newContext({ baseURL }) };
  await sendThroughTheScreens('en', contexts, testInfo);
  await contexts.a.close();
  await contexts.b.close();
});

test('the whole send flow in Portuguese', async ({ browser, baseURL }, testInfo) => {
  const contexts = { a: await browser.newContext({ baseURL }), b: await browser.newContext({ baseURL }) };
  await sendThroughTheScreens('pt', contexts, testInfo);
  await contexts.a.close();
  await contexts.b.close();
});
