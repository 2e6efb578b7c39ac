import type { BrowserContext } from '@playwright/test';
import { createAccount, DESKTOP, expectNoA11yViolations, fmt, mainHeading, PHONE, storeLanguage, text, uniqueUsername, type Language } from './support/app';
import { expect, test } from './support/test';
import { offerPricePoint } from './support/creators';

/** Issue 23 item 2: the pay page as a storefront, by role and label, strings from the locale files. */
const cr = (language: Language, key: string, values: Record<string, string | number> = {}) => fmt(text(language, 'creators', key), values);
const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A creator with a bio and two price points, made through the API in a browser context of their own. */
async function creatorWithOffers(context: BrowserContext) {
  const username = uniqueUsername('maya');
  const { user } = await createAccount(context, { setUp: { fullName: 'Maya Castro', username } });
  expect((await context.request.patch(`/api/app/user/${user.userId}/profile`, { data: { bio_message: 'Photos of the coast.' } })).ok()).toBe(true);
  await offerPricePoint(context, user.userId, { price: '25', description: 'A video hello', media_type: 'video' });
  await offerPricePoint(context, user.userId, { price: '5', description: 'A signed photo', media_type: 'photo' });
  return username;
}

for (const [language, viewport] of [
  ['en', PHONE],
  ['es', DESKTOP],
  ['pt', PHONE],
  ['en', DESKTOP],
] as const) {
  test(`a visitor sees the storefront in ${language} at ${viewport.width} px: cover, name, handle, bio, share and QR, price points as cards`, async ({
    page,
    browser,
  }) => {
    test.slow();
    const creatorContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const creator = await creatorWithOffers(creatorContext);
    await creatorContext.close();
    await storeLanguage(page, language);
    await page.setViewportSize(viewport);
    await page.goto(`/${creator}`);

    await expect(mainHeading(page)).toHaveText('Maya Castro');
    await expect(page.getByText(`@${creator}`, { exact: true })).toBeVisible();
    await expect(page.getByText('Photos of the coast.')).toBeVisible();
    // The avatar: no photo, so the initials.
    await expect(page.getByText('MC', { exact: true })).toBeVisible();

    const share = page.getByRole('region', { name: cr(language, 'publicPage.shareTitle') });
    await expect(share).toContainText(`/${creator}`);
    await expect(share.getByRole('img', { name: new RegExp(escape(`/${creator}`)) })).toBeVisible();

    const offers = page.getByRole('group', { name: cr(language, 'publicPage.pricePointsTitle') });
    const promise = cr(language, 'publicPage.replyWithin', { hours: 72 });
    await expect(offers.getByRole('radio')).toHaveCount(2);
    await expect(offers.getByRole('radio', { name: new RegExp(`A signed photo · ${escape(text(language, 'creators', 'mediaType.photo'))} · ${escape(promise)}`) })).toBeVisible();
    await expect(offers.getByText(promise)).toHaveCount(2);
    // The note goes with a tip; a price point asks for its brief on the checkout instead.
    await expect(page.getByLabel(cr(language, 'publicPage.noteLabel'), { exact: true })).toBeVisible();
    await offers.getByRole('radio', { name: /A signed photo/u }).check();
    await expect(page.getByLabel(cr(language, 'publicPage.noteLabel'), { exact: true })).toBeHidden();

    // Nothing runs off the side at either width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoA11yViolations(page);
  });
}

test('a signed-in fan picks a tip, says something nice, and the note is the message on the send screen', async ({ page, browser }) => {
  const creatorContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const creator = await creatorWithOffers(creatorContext);
  await creatorContext.close();
  await createAccount(page.context());
  await page.goto(`/${creator}`);
  await page.getByRole('radio', { name: '$5.00', exact: true }).check();
  await page.getByLabel(cr('en', 'publicPage.noteLabel'), { exact: true }).fill('Love the coast series');
  await page.getByRole('button', { name: cr('en', 'publicPage.payAmount', { amount: '$5.00' }) }).click();
  await expect(page).toHaveURL(new RegExp(`/payment/send\\?to=${creator}&amount=5\\.00&note=Love`));
  await expect(page.getByLabel(text('en', 'payments', 'fields.message'), { exact: true })).toHaveValue('Love the coast series');
  // The supporters wall is the payer's choice, off by default, and offered for this creator's page.
  const showOnPage = page.getByRole('checkbox', { name: fmt(text('en', 'payments', 'send.showOnPage'), { username: creator }) });
  await expect(showOnPage).not.toBeChecked();
  await showOnPage.check();
  await expect(showOnPage).toBeChecked();
});
