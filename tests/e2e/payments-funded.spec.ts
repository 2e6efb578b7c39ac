import type { BrowserContext } from '@playwright/test';
import { DESKTOP, expectNoA11yViolations, mainHeading, PHONE, storeLanguage, type Language } from './support/app';
import { addMoneyByCard, chooseRecipient, p, payer, TEST_CARDS } from './support/payments';
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
  // One screen: whom, how much, the note, the method; the summary and the one button say what will happen.
  await chooseRecipient(page, language, b.username);
  await page.getByLabel(t('fields.amount')).fill('12.50');
  await expect(page.getByText(t('fields.amountTo', { username: b.username }))).toBeVisible();
  await page.getByLabel(t('fields.message')).fill('Lunch on Friday');
  // The balance covers it: the first method that can pay is chosen for the payer.
  await expect(page.getByRole('radio', { name: t('method.balance') })).toBeChecked();
  for (const [label, size] of [['375', PHONE], ['1280', DESKTOP]] as const) {
    await page.setViewportSize(size);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await page.screenshot({ path: testInfo.outputPath(`send-${language}-${label}.png`), fullPage: true });
  }
  await expectNoA11yViolations(page);
  const send = page.getByRole('button', { name: new RegExp(t('actions.pay', { amount: '.*12[.,]50.*' })) });
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

test('a new card inside the payment: declined under the fields with nothing lost, then paid in the same tap, not saved', async ({ browser, baseURL }, testInfo) => {
  const contextA = await browser.newContext({ baseURL });
  const contextB = await browser.newContext({ baseURL });
  const a = await payer(contextA, 'Nina Newcard');
  const b = await payer(contextB, 'Otto Paid');
  const page = await contextA.newPage();
  await storeLanguage(page, 'es');
  const t = (key: string, values: Record<string, string | number> = {}) => p('es', key, values);
  await page.setViewportSize(PHONE);
  await page.goto('/payment/send');
  await chooseRecipient(page, 'es', b.username);
  await page.getByLabel(t('fields.amount')).fill('20');
  // No balance and no saved card: the balance says it is not enough and cannot be chosen; New card is open.
  await expect(page.getByRole('radio', { name: t('method.notEnough', { amount: '0,00 US$' }) })).toBeDisabled();
  await expect(page.getByRole('radio', { name: t('method.newCard') })).toBeChecked();
  const card = page.getByRole('group', { name: t('card.legend') });
  await card.getByLabel(t('card.nameOnCard')).fill('Nina Newcard');
  await card.getByLabel(t('card.number')).fill(TEST_CARDS.declined);
  await card.getByLabel(t('card.expiry')).fill('12/39');
  await card.getByLabel(t('card.cvv')).fill('123');
  await card.getByLabel(t('card.country')).selectOption('US');
  await card.getByLabel(t('card.postalCode')).fill('10001');
  await card.getByLabel(t('card.save')).uncheck();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoA11yViolations(page);
  // $20.00 + 5%.
  await page.getByRole('button', { name: new RegExp(t('actions.pay', { amount: '.*21[.,]00.*' })) }).click();
  await expect(card.getByRole('alert')).toHaveText('Tu tarjeta de crédito fue rechazada. Revisa el número, comunícate con tu banco o elige/ingresa otra tarjeta');
  await page.screenshot({ path: testInfo.outputPath('new-card-declined-es-375.png'), fullPage: true });
  // Nothing typed is lost, nothing was charged or recorded.
  await expect(card.getByLabel(t('card.nameOnCard'))).toHaveValue('Nina Newcard');
  await expect(card.getByLabel(t('card.expiry'))).toHaveValue('12/39');
  expect((await (await contextA.request.get(`/api/app/user/${a.user.userId}/payment/list`)).json()).results).toEqual([]);
  await card.getByLabel(t('card.number')).fill(TEST_CARDS.success);
  await page.getByRole('button', { name: new RegExp(t('actions.pay', { amount: '.*21[.,]00.*' })) }).click();
  await expect(page.getByRole('heading', { name: t('sent.title') })).toBeVisible();
  const [payment] = (await (await contextA.request.get(`/api/app/user/${a.user.userId}/payment/list`)).json()).results;
  expect(payment).toMatchObject({ amount: '20.00', fee: '1.00', total_charge: '21.00' });
  // "Save this card" was unticked: the card is not among A's cards.
  expect((await (await contextA.request.get(`/api/app/user/${a.user.userId}/payment-methods/cards`)).json()).cards).toEqual([]);
  await contextA.close();
  await contextB.close();
});
