import type { BrowserContext, Page } from '@playwright/test';
import { createAccount, expectNoA11yViolations, fmt, latestCode, mainHeading, PASSWORD, text, uniqueEmail, uniqueUsername } from './support/app';
import { expect, test } from './support/test';
import { offerPricePoint } from './support/creators';

/** Issue 7 as people would do it: by role and label, strings from the locale files. */
const cr = (key: string, values: Record<string, string | number> = {}) => fmt(text('en', 'creators', key), values);
const ac = (key: string) => text('en', 'accounts', key);
const co = (key: string) => text('en', 'common', key);

async function addPricePoint(page: Page, price: string, description: string, media: 'photo' | 'video') {
  await page.getByRole('link', { name: cr('profile.addPricePoint') }).click();
  await expect(mainHeading(page)).toHaveText(co('routes.pricePoint'));
  await page.getByLabel(cr('pricePoint.description'), { exact: true }).fill(description);
  await page.getByRole('radio', { name: cr(`mediaType.${media}`) }).check();
  await page.getByLabel(cr('pricePoint.price'), { exact: true }).fill(price);
  await page.getByRole('button', { name: cr('pricePoint.submit') }).click();
  await expect(page.getByText(cr('pricePoint.added'))).toBeVisible();
  await expect(page).toHaveURL('/profile');
}

/** A creator with a bio and two price points, made through the API in a browser context of their own. */
async function creatorWithOffers(context: BrowserContext) {
  const username = uniqueUsername('mia');
  const { user } = await createAccount(context, { setUp: { fullName: 'Mia Costa', username } });
  await offerPricePoint(context, user.userId, { price: '25', description: 'A video hello', media_type: 'video' });
  await offerPricePoint(context, user.userId, { price: '5', description: 'A signed photo', media_type: 'photo' });
  return username;
}

test('a creator sets up two price points, sees them cheapest first, and removes one after confirming', async ({ page }) => {
  // Two forms, a dialog and three axe runs: longer than the default 30 s on a loaded machine.
  test.slow();
  await createAccount(page.context(), { setUp: { fullName: 'Mia Costa' } });
  await page.goto('/profile');
  await expect(mainHeading(page)).toHaveText(co('routes.profile'));
  await expect(page.getByText(cr('profile.noPricePoints'))).toBeVisible();
  await expectNoA11yViolations(page);

  // The rules speak before any call.
  await page.getByRole('link', { name: cr('profile.addPricePoint') }).click();
  await page.getByLabel(cr('pricePoint.price'), { exact: true }).fill('0.50');
  await page.getByRole('button', { name: cr('pricePoint.submit') }).click();
  const description = page.getByLabel(cr('pricePoint.description'), { exact: true });
  await expect(description).toBeFocused();
  await expect(page.getByLabel(cr('pricePoint.price'), { exact: true })).toHaveAccessibleDescription(
    new RegExp(`^${cr('rules.price_range', { priceMin: '1.00', priceMax: '500.00' }).replace(/[$.]/g, '\\$&')}`),
  );
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: cr('pricePoint.back') }).click();

  await addPricePoint(page, '25', 'A video hello', 'video');
  await addPricePoint(page, '5.5', 'A signed photo', 'photo');
  const list = page.getByRole('list', { name: cr('profile.pricePointsTitle') });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').first()).toContainText('$5.50');
  await expect(list.getByRole('listitem').nth(1)).toContainText('$25.00');

  // The bio.
  await page.getByLabel(cr('profile.bioLabel'), { exact: true }).fill('Photos of the coast.');
  await page.getByRole('button', { name: cr('profile.saveBio') }).click();
  await expect(page.getByText(cr('profile.bioSaved'))).toBeVisible();

  // Remove asks first: No keeps it, Yes removes it.
  await page.getByRole('button', { name: cr('profile.removeLabel', { name: '$5.50' }) }).click();
  const dialog = page.getByRole('alertdialog', { name: cr('profile.removeDialogTitle') });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: co('confirmDialog.no') }).click();
  await expect(dialog).toBeHidden();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: cr('profile.removeLabel', { name: '$5.50' }) }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: co('confirmDialog.yes') }).click();
  await expect(page.getByText(cr('profile.removed'))).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await page.reload();
  await expect(page.getByLabel(cr('profile.bioLabel'), { exact: true })).toHaveValue('Photos of the coast.');
  await expect(page.getByRole('list', { name: cr('profile.pricePointsTitle') }).getByRole('listitem')).toHaveCount(1);
});

test('a visitor picks a price point on /{creator}, signs up with it, and lands back on it after set-up', async ({ page, browser }) => {
  test.slow();
  const creatorContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const creator = await creatorWithOffers(creatorContext);
  await creatorContext.close();

  await page.goto(`/${creator}`);
  await expect(mainHeading(page)).toHaveText('Mia Costa');
  await expect(page).toHaveTitle(new RegExp(cr('publicPage.title', { name: 'Mia Costa' })));
  await expectNoA11yViolations(page);
  // Nothing chosen yet: the page says so.
  await page.getByRole('button', { name: cr('publicPage.pay') }).click();
  await expect(page.getByRole('alert')).toHaveText(cr('publicPage.chooseFirst'));
  await page.getByRole('radio', { name: /\$5\.00 · A signed photo/ }).check();
  await page.getByRole('button', { name: cr('publicPage.payAmount', { amount: '$5.00' }) }).click();
  await expect(page.getByRole('heading', { name: cr('publicPage.signInTitle') })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: cr('publicPage.signUp') }).click();
  await expect(page).toHaveURL(/\/sign-up\?purchase=/);

  const email = uniqueEmail('fan');
  await page.getByLabel(ac('fields.email'), { exact: true }).fill(email);
  await page.getByLabel(ac('fields.password'), { exact: true }).fill(PASSWORD);
  await page.getByLabel(ac('fields.confirmPassword'), { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: ac('signUp.submit') }).click();
  await expect(page).toHaveURL('/check-email');
  const { code } = await latestCode(page.request, email);
  await page.getByRole('textbox').first().click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: ac('checkEmail.submit') }).click();

  await expect(page).toHaveURL('/set-up');
  await page.getByLabel(ac('fields.fullName'), { exact: true }).fill('Fan Person');
  await page.getByLabel(ac('fields.username'), { exact: true }).fill(uniqueUsername('fan'));
  await page.getByLabel(ac('fields.country'), { exact: true }).selectOption('US');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: ac('setUp.submit') }).click();

  // Back on the creator's page with the price point still chosen; paying opens the send screen pre-filled.
  await expect(page).toHaveURL(`/${creator}`);
  await expect(page.getByRole('radio', { name: /\$5\.00 · A signed photo/ })).toBeChecked();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: cr('publicPage.payAmount', { amount: '$5.00' }) }).click();
  await expect(page).toHaveURL(new RegExp(`/payment/send\\?to=${creator}&amount=5\\.00&pricePointId=[0-9a-f-]{36}$`));
});

test('a signed-in visitor chooses a custom amount and goes to the send screen with it', async ({ page, browser }) => {
  const creatorContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const creator = await creatorWithOffers(creatorContext);
  await creatorContext.close();
  await createAccount(page.context());
  await page.goto(`/${creator.toUpperCase()}`);
  await page.getByRole('radio', { name: cr('publicPage.custom') }).check();
  await page.getByLabel(cr('publicPage.customLabel'), { exact: true }).fill('7.5');
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: cr('publicPage.payAmount', { amount: '$7.50' }) }).click();
  await expect(page).toHaveURL(`/payment/send?to=${creator}&amount=7.50`);
});
