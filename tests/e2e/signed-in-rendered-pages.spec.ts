import { encodeUserCookieValue } from '../../domain/user-cookie';
import { USER_COOKIE } from '../../domain/product';
import { DESKTOP, headingIsServers, holdBack, mainHeading, noteServerHeading, PHONE, signInAs, text } from './support/app';
import { payer } from './support/payments';
import { expect, test } from './support/test';

/**
 * Issue 11: a signed-in user's home, activity and send flow come rendered by the server for the user of the request's
 * `tipjar-user` cookie (server/web/spa.ts, src/prerender/render-signed-in-page.tsx), so they paint when the HTML and
 * the stylesheet are there; the app then hydrates them in place. Checked on the real server and build, in Chromium.
 */

const rootOf = (html: string) => /<div id="root"([^>]*)>([\s\S]*)<\/div>\s*<\/body>/.exec(html);
const en = (namespace: Parameters<typeof text>[1], key: string) => text('en', namespace, key);

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  test('home, activity and the send flow are there, in their frame, for the signed-in user', async ({ page, context }) => {
    await signInAs(context, { fullName: 'Rita Rendered' });
    await page.goto('/transactions');
    await expect(mainHeading(page)).toHaveText(en('common', 'routes.transactions'));
    await expect(page.getByText(en('common', 'pages.transactionsBody'))).toBeVisible();
    await expect(page).toHaveTitle(`${en('common', 'routes.transactions')} · Tipjar`);
    // The phone's bars show; the wide ones are in the HTML too (the server cannot know the width) but hidden.
    await expect(page.getByRole('navigation', { name: en('common', 'shell.navLabel') })).toBeVisible();
    await expect(page.getByRole('complementary')).toBeHidden();

    await page.goto('/payment/send');
    await expect(mainHeading(page)).toHaveText(en('payments', 'send.title'));
    await expect(page.getByText(en('payments', 'send.lead'))).toBeVisible();

    await page.goto('/');
    await expect(mainHeading(page)).toHaveText(en('common', 'routes.home'));
  });
});

test('the app takes the server\'s activity page over in place: no error, same elements, working tabs', async ({ page, context }) => {
  await signInAs(context);
  await page.setViewportSize(PHONE);
  // The first <h1> the parser met, before any script ran: the server's.
  await noteServerHeading(page);
  const response = await page.goto('/transactions');
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'en');
  await expect(page.locator('#root')).toHaveAttribute('data-signed-in', '');
  await expect(page.getByText(en('activity', 'list.empty'))).toBeVisible();
  await page.getByRole('tab', { name: en('common', 'tabs.pending') }).click();
  await expect(page).toHaveURL(/\?tab=pending$/);
  expect(await headingIsServers(page)).toBe(true);
  // Hydrated on a phone: the bars of the other widths, which the server sent, are gone.
  await expect(page.getByRole('complementary')).toHaveCount(0);
});

test('a recipient typed before the app has taken the send flow over is the one it searches for', async ({ page, context }) => {
  const receiver = await payer(context, 'Hugo Hydrated');
  await context.clearCookies();
  await signInAs(context);
  await page.setViewportSize(DESKTOP);
  // The flow's strings held back: the app's script has run, but it hydrates only once they are here.
  const release = await holdBack(page, /\/assets\/payments-[\w-]+\.json$/);
  await page.goto('/payment/send', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('#root')).toHaveAttribute('data-signed-in', '');
  await page.getByRole('combobox', { name: en('payments', 'fields.recipient') }).fill(receiver.username.slice(0, 8));
  release();
  await page.getByRole('option', { name: new RegExp(`@${receiver.username}\\b`, 'u') }).click();
  await expect(page.getByRole('combobox', { name: en('payments', 'fields.recipient') })).toHaveValue(`@${receiver.username}`);
});

test('a rendered page carries only what the request brought, and is kept by no cache', async ({ request, context }) => {
  const account = await signInAs(context, { fullName: 'Ana Owner' });
  const bio = 'Private until the API says so.';
  const saved = await context.request.patch(`/api/app/user/${account.user.userId}/profile`, { data: { bio_message: bio } });
  expect(saved.status(), await saved.text()).toBe(200);
  const userCookie = `${USER_COOKIE}=${encodeUserCookieValue(account.user as never)}`;

  // Rendered from the `tipjar-user` cookie (the user the app starts with), never from the database: the name is the
  // cookie's, the bio (the API's, behind the session) is not in it. The session cookie never reaches a page.
  const own = await request.get('/transactions', { headers: { cookie: userCookie } });
  expect(own.headers()['cache-control']).toBe('private, no-store');
  const html = await own.text();
  expect(rootOf(html)?.[1]).toBe(' data-prerendered="en" data-signed-in=""');
  expect(rootOf(html)?.[2]).toContain('Ana Owner');
  expect(html).not.toContain(bio);

  // A user who must finish set-up, pages outside the three, and a page with a query are the browser's to render.
  const unfinished = `${USER_COOKIE}=${encodeUserCookieValue({ ...account.user, username: null } as never)}`;
  const plain: Array<[string, string]> = [
    ['/', unfinished],
    ['/settings', userCookie],
    ['/payment/send?to=someone', userCookie],
  ];
  for (const [path, cookie] of plain) {
    const response = await request.get(path, { headers: { cookie } });
    expect(rootOf(await response.text())?.slice(1), path).toEqual(['', '']);
    expect(response.headers()['cache-control'], path).toBe('no-cache');
  }
});
