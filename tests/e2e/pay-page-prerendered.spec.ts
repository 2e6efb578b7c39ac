import type { Browser, Page } from '@playwright/test';
import { createAccount, fmt, headingIsServers, mainHeading, noteServerHeading, text, uniqueUsername, type Language } from './support/app';
import { offerPricePoint } from './support/creators';
import { testPhoto } from '../support/pictures';
import { expect, test } from './support/test';

/**
 * Issue 23 item 2: a creator's pay page `/{username}` comes rendered by the server with their public profile, and
 * carries that profile for the app, which takes the page over in place without asking for it again. Checked on the
 * real server and build, in Chromium.
 */
const cr = (language: Language, key: string, values: Record<string, string | number> = {}) => fmt(text(language, 'creators', key), values);

/** A creator with a bio and two price points (and, asked, an avatar and a banner), made through the API. */
async function creatorWithOffers(browser: Browser, { pictures = false } = {}): Promise<string> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const username = uniqueUsername('maya');
  const { user } = await createAccount(context, { setUp: { fullName: 'Maya Castro', username } });
  expect((await context.request.patch(`/api/app/user/${user.userId}/profile`, { data: { bio_message: 'Photos of the coast.' } })).ok()).toBe(true);
  await offerPricePoint(context, user.userId, { price: '25', description: 'A video hello', media_type: 'video' });
  await offerPricePoint(context, user.userId, { price: '5', description: 'A signed photo', media_type: 'photo' });
  for (const slot of pictures ? (['photo', 'background'] as const) : []) {
    const uploaded = await context.request.post(`/api/app/user/${user.userId}/media?name=${slot}.jpg`, {
      headers: { 'content-type': 'image/jpeg' },
      data: await (slot === 'photo' ? testPhoto(600, 600) : testPhoto(1600, 600)),
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const mediaId = ((await uploaded.json()) as { media: { id: string } }).media.id;
    expect((await context.request.put(`/api/app/user/${user.userId}/profile/images`, { data: { slot, mediaId } })).status()).toBe(200);
  }
  await context.close();
  return username;
}

/** Every request for the profile the page is about (the getPublicProfile operation; not its supporters wall's), from now on. */
function profileRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (/^\/api\/app\/public\/profile\/[^/]+$/.test(new URL(request.url()).pathname)) seen.push(request.url());
  });
  return seen;
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false, locale: 'es-ES' });

  test("a creator's pay page is there, in the visitor's language: name, @username, bio and price points", async ({ page, browser }) => {
    const creator = await creatorWithOffers(browser);
    await page.goto(`/${creator}`);
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'es');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(mainHeading(page)).toHaveText('Maya Castro');
    await expect(page.getByText(`@${creator}`, { exact: true })).toBeVisible();
    await expect(page.getByText('Photos of the coast.')).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(cr('es', 'publicPage.title', { name: 'Maya Castro' }).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    const offers = page.getByRole('group', { name: cr('es', 'publicPage.pricePointsTitle') });
    await expect(offers.getByRole('radio')).toHaveCount(2);
    await expect(offers.getByText('A video hello')).toBeVisible();
    await expect(offers.getByText('A signed photo')).toBeVisible();
    await expect(offers.getByText('25,00')).toBeVisible();
    await expect(page.getByRole('group', { name: cr('es', 'publicPage.amountsTitle') }).getByRole('radio')).not.toHaveCount(0);
  });

  test('its avatar and cover are pictures in the HTML itself, sized, fetched at once', async ({ page, browser }) => {
    const creator = await creatorWithOffers(browser, { pictures: true });
    await page.goto(`/${creator}`);
    const avatar = page.getByRole('img', { name: 'Maya Castro' });
    await expect(avatar).toHaveAttribute('width', '128');
    await expect(avatar).toHaveAttribute('height', '128');
    await expect(avatar).toHaveAttribute('loading', 'eager');
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // The cover is decorative (no name to find it by): its <img> as the server wrote it, first among the pictures.
    const html = await (await page.request.get(`/${creator}`)).text();
    expect(html).toMatch(/<img src="\/api\/media\/background\/[^"]+format=jpeg" alt="" class="[^"]*" loading="eager" fetchPriority="high"/);
    const coverUrl = /<img src="(\/api\/media\/background\/[^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&');
    const cover = await page.request.get(coverUrl);
    expect(cover.status()).toBe(200);
    expect(cover.headers()['content-type']).toBe('image/jpeg');
  });
});

test("the app takes the server's pay page over in place, without asking for the profile again, and paying works", async ({ page, browser }) => {
  const creator = await creatorWithOffers(browser);
  const asked = profileRequests(page);
  await noteServerHeading(page);
  await page.goto(`/${creator}`);
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'en');
  await expect(page.locator('#root')).toHaveAttribute('data-hydrated', '');
  await expect(mainHeading(page)).toHaveText('Maya Castro');
  // Hydrated, not replaced, and the QR code (loaded once the page is the app's) is there.
  expect(await headingIsServers(page)).toBe(true);
  await expect(page.getByRole('region', { name: cr('en', 'publicPage.shareTitle') }).getByRole('img', { name: new RegExp(`/${creator}`) })).toBeVisible();

  const offers = page.getByRole('group', { name: cr('en', 'publicPage.pricePointsTitle') });
  await offers.getByRole('radio', { name: /A signed photo/u }).check();
  await page.getByRole('button', { name: cr('en', 'publicPage.payAmount', { amount: '$5.00' }) }).click();
  // A visitor is asked to sign up or sign in, with the purchase.
  await expect(page.getByRole('heading', { name: cr('en', 'publicPage.signInTitle') })).toBeVisible();
  expect(asked).toEqual([]);

  // Away and back in the same tab: the page the server sent is not the page any more, so the app reads the profile.
  await page.getByRole('link', { name: text('en', 'common', 'header.howItWorks'), exact: true }).first().click();
  await expect(page).toHaveURL('/how-it-works');
  await page.goBack();
  await expect(mainHeading(page)).toHaveText('Maya Castro');
  await expect.poll(() => asked.length).toBe(1);
});

test('a signed-in fan gets the profile with the page too, and pays from it', async ({ page, browser }) => {
  const creator = await creatorWithOffers(browser);
  await createAccount(page.context());
  const asked = profileRequests(page);
  await page.goto(`/${creator}`);
  await expect(mainHeading(page)).toHaveText('Maya Castro');
  await page.getByRole('radio', { name: '$5.00', exact: true }).check();
  await page.getByRole('button', { name: cr('en', 'publicPage.payAmount', { amount: '$5.00' }) }).click();
  await expect(page).toHaveURL(new RegExp(`/payment/send\\?to=${creator}&amount=5\\.00`));
  expect(asked).toEqual([]);
});

test("an unknown name is the app, as before (its router shows the 404): nothing rendered, nothing embedded", async ({ request }) => {
  const res = await request.get(`/${uniqueUsername('nobody')}`);
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain('<div id="root"></div>');
  expect(html).not.toContain('application/json');
});
