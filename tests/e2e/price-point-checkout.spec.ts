import type { BrowserContext, Page, TestInfo } from '@playwright/test';
import { createAccount, DESKTOP, expectNoA11yViolations, fmt, mainHeading, PHONE, storeLanguage, text, uniqueUsername, type Language } from './support/app';
import { addCard, p, payer, TEST_CARDS } from './support/payments';
import { countTaps } from './support/taps';
import { expect, test } from './support/test';
import { offerPricePoint } from './support/creators';

/**
 * Issue 22 item 5: buying a price point is a checkout. From the creator's page the send screen names the item (title,
 * photo, price, the creator), asks for the brief ("What should @maya make?"), states the hold's terms with their
 * deadline before paying, and says "Pay $…"; the result waits for the creator's photo until the deadline. The details
 * and the activity show the hold and the time left to the fan, "Reply by …" to the creator. At 1280 px in English with
 * a saved card (3 taps), at 375 px in Portuguese with no card (the new card's fields open in place: 3 taps and typing).
 * "Refunded" after the 72 hours: tests/e2e/price-point-expiry.clock.spec.ts.
 */
const act = (language: Language, key: string, values: Record<string, string | number> = {}) => fmt(text(language, 'activity', key), values);
const cr = (language: Language, key: string, values: Record<string, string | number> = {}) => fmt(text(language, 'creators', key), values);
const LOCALES: Record<Language, string> = { en: 'en-US', es: 'es', pt: 'pt-BR' };
const money = (language: Language, cents: number) =>
  new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency: 'USD' }).format(cents / 100);
const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
/** A template with its `{{deadline}}` (or another value) left open: the screen's text must match it. */
const shape = (template: string, open: string) => new RegExp(`^${template.split(open).map(escape).join('.+')}$`, 'u');

test.slow();

/** A creator offering a $25 photo, with a name and an avatar-less profile, made through the API. */
async function creatorWithSketch(context: BrowserContext) {
  const username = uniqueUsername('maya');
  const account = await createAccount(context, { setUp: { fullName: 'Maya Draws', username } });
  await offerPricePoint(context, account.user.userId, { price: '25', description: 'Custom pet sketch', media_type: 'photo' });
  return { ...account, username };
}

/** The day (weekday, day, month) the hold ends if paid now, as the page's Intl says it in that language. */
const holdDay = (page: Page, language: Language) =>
  page.evaluate(
    (locale) => new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(Date.now() + 72 * 60 * 60 * 1000)),
    LOCALES[language],
  );

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test('a fan buys a photo with a saved card in 3 taps; the checkout names it and its terms; details and activity show the hold; the creator sees Reply by', async ({ browser, baseURL }, testInfo) => {
  const language: Language = 'en';
  const creatorContext = await browser.newContext({ baseURL, viewport: DESKTOP });
  const fanContext = await browser.newContext({ baseURL, viewport: DESKTOP });
  const creator = await creatorWithSketch(creatorContext);
  const fan = await payer(fanContext, 'Fiona Fan');
  await addCard(fanContext, fan.user.userId);
  const page = await fanContext.newPage();
  // The person's taps, counted in the page (tests/e2e/support/taps.ts), from the creator's page on.
  const taps = await countTaps(page);

  // The creator's page: choose the item, Pay.
  await page.goto(`/${creator.username}`);
  await taps.start();
  await page.getByRole('radio', { name: /Custom pet sketch/u }).check();
  await page.getByRole('button', { name: cr(language, 'publicPage.payAmount', { amount: '$25.00' }) }).click();

  // The checkout: the item, its creator, the brief, the method (the saved card: no balance), the terms.
  await expect(mainHeading(page)).toHaveText(p(language, 'checkout.title'));
  const item = page.getByRole('region', { name: 'Custom pet sketch' });
  await expect(item).toContainText(p(language, 'checkout.media.photo'));
  await expect(item).toContainText(`@${creator.username}`);
  await expect(item).toContainText('Maya Draws');
  await expect(item).toContainText('$25.00');
  const brief = page.getByRole('textbox', { name: p(language, 'checkout.briefLabel', { username: creator.username }) });
  await expect(brief).toBeVisible();
  await expect(page.getByLabel(p(language, 'fields.amount'))).toBeHidden();
  await expect(page.getByRole('radio', { name: p(language, 'method.card', { brand: 'VISA', last4: '4242' }) })).toBeChecked();
  const terms = page.getByText(shape(p(language, 'checkout.terms.photo', { username: creator.username, deadline: '\u0000' }), '\u0000'));
  await expect(terms).toBeVisible();
  await expect(terms).toContainText(await holdDay(page, language));
  // $25.00 + the card's 5%; the button is described by the terms.
  const pay = page.getByRole('button', { name: p(language, 'actions.pay', { amount: '$26.25' }) });
  await expect(pay).toHaveAccessibleDescription(await terms.innerText());
  await brief.fill('My cat Bolinha, in watercolour');
  await expectNoA11yViolations(page);
  await screenshot(page, testInfo, 'checkout-en-1280');
  await pay.click();

  // Paid: waiting for the photo, until the deadline the server answered.
  await expect(page.getByRole('heading', { name: p(language, 'checkout.paid.photo', { username: creator.username }) })).toBeVisible();
  await expect(page.getByText(shape(p(language, 'checkout.refundBy', { deadline: '\u0000' }), '\u0000'))).toContainText(await holdDay(page, language));
  const record = await taps.read();
  expect(record.taps, record.log.join('\n')).toBe(3);
  await expectNoA11yViolations(page);

  // The details: held, with the time left (72 hours less a few seconds: 2 whole days) and when it is refunded.
  await page.getByRole('link', { name: p(language, 'actions.viewTransaction') }).click();
  const hold = page.getByRole('region', { name: act(language, 'hold.title') });
  await expect(hold).toContainText(act(language, 'hold.heldLeft', { left: '2 days' }));
  await expect(hold.getByText(shape(act(language, 'hold.refundBy.photo', { username: creator.username, deadline: '\u0000' }), '\u0000'))).toContainText(
    await holdDay(page, language),
  );
  // The item under its name, the brief in the conversation with the creator.
  await expect(page.getByRole('region', { name: act(language, 'details.summary') })).toContainText(`${act(language, 'details.item')}Custom pet sketch`);
  await expect(page.getByText('My cat Bolinha, in watercolour')).toBeVisible();
  await expectNoA11yViolations(page);
  await screenshot(page, testInfo, 'details-held-en-1280');

  // The fan's activity: held until the deadline, the time left, no sign.
  await page.goto('/transactions');
  const bought = page.getByRole('link', { name: new RegExp(act(language, 'kind.boughtFrom', { name: creator.username, media: 'photo' })) });
  await expect(bought).toContainText(act(language, 'entry.heldUntil', { date: '' }).trim());
  await expect(bought).toContainText(act(language, 'entry.left', { left: '2 days' }));
  await expect(bought).not.toContainText('-$26.25');

  // The creator: the same payment, "Reply by …" in the list and on the details.
  const creatorPage = await creatorContext.newPage();
  await creatorPage.goto('/transactions');
  const sold = creatorPage.getByRole('link', { name: new RegExp(act(language, 'kind.soldTo', { name: fan.username, media: 'photo' })) });
  await expect(sold).toContainText(act(language, 'entry.replyBy', { date: '' }).trim());
  await sold.click();
  const creatorHold = creatorPage.getByRole('region', { name: act(language, 'hold.title') });
  await expect(creatorHold.getByText(shape(act(language, 'hold.replyBy', { deadline: '\u0000' }), '\u0000'))).toContainText(
    await holdDay(creatorPage, language),
  );
  await expect(creatorHold).toContainText(act(language, 'hold.replyLeft', { left: '2 days', username: fan.username }));
  await expectNoA11yViolations(creatorPage);
  await screenshot(creatorPage, testInfo, 'details-reply-by-en-1280');
  await creatorContext.close();
  await fanContext.close();
});

test('at 375 px in Portuguese a fan with no card buys a photo: the new card opens in place, 3 taps and typing', async ({ browser, baseURL }, testInfo) => {
  const language: Language = 'pt';
  const creatorContext = await browser.newContext({ baseURL, viewport: DESKTOP });
  const fanContext = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true });
  const creator = await creatorWithSketch(creatorContext);
  await payer(fanContext, 'Paula Fan');
  const page = await fanContext.newPage();
  await storeLanguage(page, language);
  const taps = await countTaps(page);

  await page.goto(`/${creator.username}`);
  await taps.start();
  await page.getByRole('radio', { name: /Custom pet sketch/u }).check();
  await page.getByRole('button', { name: cr(language, 'publicPage.payAmount', { amount: money(language, 25_00) }) }).click();

  await expect(mainHeading(page)).toHaveText(p(language, 'checkout.title'));
  await expect(page.getByRole('region', { name: 'Custom pet sketch' })).toContainText(p(language, 'checkout.media.photo'));
  await page.getByRole('textbox', { name: p(language, 'checkout.briefLabel', { username: creator.username }) }).fill('Meu gato Bolinha');
  // No balance and no card: "New card" is the method, its fields open in place.
  await expect(page.getByRole('radio', { name: p(language, 'method.newCard') })).toBeChecked();
  const card = page.getByRole('group', { name: p(language, 'card.legend') });
  await card.getByLabel(p(language, 'card.nameOnCard')).fill('Paula Fan');
  await card.getByLabel(p(language, 'card.number')).fill(TEST_CARDS.success);
  await card.getByLabel(p(language, 'card.expiry')).fill('12/39');
  await card.getByLabel(p(language, 'card.cvv')).fill('123');
  // The card's country is the payer's own, already chosen: no tap.
  await expect(card.getByLabel(p(language, 'card.country'))).toHaveValue('BR');
  await card.getByLabel(p(language, 'card.postalCode')).fill('10001');
  const terms = page.getByText(shape(p(language, 'checkout.terms.photo', { username: creator.username, deadline: '\u0000' }), '\u0000'));
  await expect(terms).toContainText(await holdDay(page, language));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoA11yViolations(page);
  await screenshot(page, testInfo, 'checkout-pt-375');
  await page.getByRole('button', { name: p(language, 'actions.pay', { amount: money(language, 26_25) }) }).click();

  await expect(page.getByRole('heading', { name: p(language, 'checkout.paid.photo', { username: creator.username }) })).toBeVisible();
  const record = await taps.read();
  expect(record.taps, record.log.join('\n')).toBe(3);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoA11yViolations(page);
  await screenshot(page, testInfo, 'checkout-paid-pt-375');

  await page.getByRole('link', { name: p(language, 'actions.viewTransaction') }).click();
  const hold = page.getByRole('region', { name: act(language, 'hold.title') });
  await expect(hold).toContainText(act(language, 'hold.heldLeft', { left: '2 dias' }));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoA11yViolations(page);
  await screenshot(page, testInfo, 'details-held-pt-375');
  await creatorContext.close();
  await fanContext.close();
});
