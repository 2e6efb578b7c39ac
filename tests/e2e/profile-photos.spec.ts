import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createAccount, DESKTOP, expectNoA11yViolations, fmt, mainHeading, text, uniqueUsername, type TestAccount } from './support/app';
import { testPhoto } from '../support/pictures';

/**
 * Issue 23 item 1, photos everywhere the spec names them, as another person sees them: Maya sets an avatar and a
 * banner; Fan sees her avatar (an image named by her name, drawn from a WebP or JPEG rendition) in search, in
 * activity, in the payment's details and on her pay page with its cover; Maya sees Fan, who has no photo, as his
 * initials.
 */
const pe = (key: string, values: Record<string, string | number> = {}) => fmt(text('en', 'people', key), values);
const a = (key: string, values: Record<string, string | number> = {}) => fmt(text('en', 'activity', key), values);

interface Person {
  context: BrowserContext;
  page: Page;
  account: TestAccount;
  username: string;
}

async function person(browser: import('@playwright/test').Browser, baseURL: string | undefined, headers: Record<string, string>, fullName: string): Promise<Person> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: headers, viewport: DESKTOP });
  const account = await createAccount(context, { setUp: { fullName, username: uniqueUsername(fullName.split(' ')[0]!.toLowerCase()) } });
  return { context, page: await context.newPage(), account, username: account.user.username! };
}

async function setPicture(who: Person, slot: 'photo' | 'background', bytes: Buffer): Promise<string> {
  const { userId } = who.account.user;
  const uploaded = await who.context.request.post(`/api/app/user/${userId}/media?name=${slot}.jpg`, { headers: { 'content-type': 'image/jpeg' }, data: bytes });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const mediaId = ((await uploaded.json()) as { media: { id: string } }).media.id;
  const set = await who.context.request.put(`/api/app/user/${userId}/profile/images`, { data: { slot, mediaId } });
  expect(set.status(), await set.text()).toBe(200);
  return mediaId;
}

/** The avatar is a real, loaded picture of `owner` (one of its renditions), not initials nor the default. */
async function expectPhotoOf(avatar: Locator, owner: Person) {
  await expect(avatar).toHaveAttribute('src', new RegExp(`^/api/media/avatar/${owner.account.user.userId}\\?k=[0-9a-f-]+&size=\\d+&format=jpeg$`));
  await avatar.scrollIntoViewIfNeeded();
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && /format=(webp|jpeg)/.test(img.currentSrc))).toBe(true);
}

let maya: Person;
let fan: Person;

test.slow();

test.beforeEach(async ({ browser, baseURL, extraHTTPHeaders }) => {
  maya = await person(browser, baseURL, extraHTTPHeaders ?? {}, 'Maya Castro');
  fan = await person(browser, baseURL, extraHTTPHeaders ?? {}, 'Felix Pereira');
});

test.afterEach(async () => {
  await maya.context.close();
  await fan.context.close();
});

test("another person sees Maya's avatar in search, activity, details and on her pay page; Fan without one is his initials", async () => {
  await setPicture(maya, 'photo', await testPhoto(600, 600));
  await setPicture(maya, 'background', await testPhoto(1600, 500));
  // A payment between them, asked by Fan (no money needs to move for it to be in both activities).
  const asked = await fan.context.request.post(`/api/app/user/${fan.account.user.userId}/payment/request/`, {
    data: { receiverUserId: maya.account.user.userId, amount: '5.00', message: 'For the prints' },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const paymentId = ((await asked.json()) as { data: [{ payment_id: string }] }).data[0].payment_id;

  // Search (/contacts): her avatar, named by her name.
  await fan.page.goto('/contacts');
  await fan.page.getByRole('searchbox', { name: pe('find.searchLabel') }).fill(`@${maya.username}`);
  const results = fan.page.getByRole('list', { name: pe('find.results') });
  await expect(results.getByRole('listitem')).toHaveCount(1);
  await expectPhotoOf(results.getByRole('img', { name: 'Maya Castro', exact: true }), maya);
  await expectNoA11yViolations(fan.page);

  // Activity: the row's avatar, named as the row names her (her username).
  await fan.page.goto('/transactions');
  const list = fan.page.getByRole('list', { name: a('list.label') });
  const row = list.getByRole('link', { name: new RegExp(a('kind.requestedFrom', { name: maya.username })) });
  await expectPhotoOf(row.getByRole('img', { name: maya.username, exact: true }), maya);
  await expectNoA11yViolations(fan.page);

  // Details.
  await fan.page.goto(`/transactions/transaction-details?id=${paymentId}`);
  await expect(mainHeading(fan.page)).toHaveText(a('details.title'));
  await expectPhotoOf(fan.page.getByRole('main').getByRole('img', { name: maya.username, exact: true }), maya);

  // Her pay page: the large avatar, and her banner as the cover (WebP or JPEG rendition, 1500 px).
  await fan.page.goto(`/${maya.username}`);
  await expect(fan.page.getByRole('heading', { level: 1 })).toContainText('Maya Castro');
  await expectPhotoOf(fan.page.getByRole('main').getByRole('img', { name: 'Maya Castro', exact: true }), maya);
  const cover = fan.page.getByRole('main').locator(`img[src^="/api/media/background/${maya.account.user.userId}"]`);
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1500);
  await expectNoA11yViolations(fan.page);

  // Fan has no photo: Maya sees his initials, named by his name, in her activity and on his pay page.
  await maya.page.goto('/transactions');
  const hisRow = maya.page.getByRole('list', { name: a('list.label') }).getByRole('link', { name: new RegExp(a('kind.requestedBy', { name: fan.username })) });
  const initials = hisRow.getByRole('img', { name: fan.username, exact: true });
  await expect(initials).toHaveText('F');
  await maya.page.goto(`/${fan.username}`);
  const hisAvatar = maya.page.getByRole('main').getByRole('img', { name: 'Felix Pereira', exact: true });
  await expect(hisAvatar).toHaveText('FP');
  await expect(maya.page.getByRole('main').locator('img[src^="/api/media/avatar/"]')).toHaveCount(0);
  await expectNoA11yViolations(maya.page);
});
