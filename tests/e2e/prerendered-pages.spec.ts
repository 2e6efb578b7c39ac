import { encodeUserCookieValue } from '../../domain/user-cookie';
import { USER_COOKIE } from '../../domain/product';
import { createAccount, headingIsServers, holdBack, mainHeading, noteServerHeading, storeLanguage, text } from './support/app';
import { expect, test } from './support/test';

/**
 * Issue 11: a visitor's public pages come rendered by the server (server/web/prerendered-pages.ts, the app's own
 * components built by `vite build --ssr`), so they paint when the HTML and the stylesheet are there instead of after
 * the app's JavaScript; the app then hydrates them in place. Checked on the real server and build, in Chromium.
 */

const rootOf = (html: string) => /<div id="root"([^>]*)>([\s\S]*)<\/div>\s*<\/body>/.exec(html);

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false, locale: 'es-ES' });

  test('the landing and the information pages are there, in the visitor\'s language', async ({ page }) => {
    await page.goto('/');
    await expect(mainHeading(page)).toHaveText(text('es', 'marketing', 'landing.heading'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    // The tab title and the description the page sets, for a crawler or a link preview too.
    await expect(page).toHaveTitle(text('es', 'marketing', 'landing.title'));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', text('es', 'marketing', 'landing.description'));
    // Its links are real links: a visitor can go on before the app has started.
    await page.getByRole('banner').getByRole('link', { name: text('es', 'common', 'header.howItWorks'), exact: true }).click();
    await expect(page).toHaveURL('/how-it-works');
    await expect(mainHeading(page)).toHaveText(text('es', 'marketing', 'howItWorks.heading'));
    await expect(page).toHaveTitle(`${text('es', 'marketing', 'howItWorks.title')} · Tipjar`);
  });

  test('the welcome and sign-in pages are there, and a form sent sends nothing', async ({ page }) => {
    await page.goto('/welcome');
    await page.getByRole('link', { name: text('es', 'common', 'auth.welcomeSignIn') }).click();
    await expect(page).toHaveURL('/sign-in');
    await expect(mainHeading(page)).toHaveText(text('es', 'common', 'auth.signInTitle'));
    await page.getByLabel(text('es', 'accounts', 'fields.email'), { exact: true }).fill('nobody@example.test');
    await page.getByLabel(text('es', 'accounts', 'fields.password'), { exact: true }).fill('N0t-sent-anywhere');
    await page.getByRole('button', { name: text('es', 'accounts', 'signIn.submit') }).click();
    // The browser's own submission of fields without a name: the same page again, nothing in its address.
    await expect(page).toHaveURL(/\/sign-in\??$/);
    await expect(mainHeading(page)).toHaveText(text('es', 'common', 'auth.signInTitle'));
  });
});

test('the app takes the server\'s landing over in place: no error, same elements, working buttons', async ({ page }) => {
  // The first <h1> the parser met, before any script ran: the server's.
  await noteServerHeading(page);
  await page.goto('/');
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'en');
  const offer = page.getByRole('group', { name: text('en', 'marketing', 'landing.languageOffer.label') });
  await offer.getByRole('button', { name: 'Tipjar em português' }).click();
  await expect(mainHeading(page)).toHaveText(text('pt', 'marketing', 'landing.heading'));
  // Hydrated, not replaced: the element the server sent is the one now showing Portuguese.
  expect(await headingIsServers(page)).toBe(true);
  // The choice is a cookie too, so the server's next page is in it.
  const next = await (await page.request.get('/faq')).text();
  expect(rootOf(next)?.[1]).toBe(' data-prerendered="pt"');
  expect(next).toContain('<html lang="pt">');
  expect(rootOf(next)?.[2]).toContain(`>${text('pt', 'support', 'faq.heading')}</h1>`);
});

test('what is typed and sent before the app has taken the sign-in page over is what it sends', async ({ page, context }) => {
  const account = await createAccount(context, { verified: false });
  await context.clearCookies();
  // The page's strings held back: the app's script has run, but it hydrates only once they are here.
  const release = await holdBack(page, /\/assets\/accounts-[\w-]+\.json$/);
  await page.goto('/sign-in', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'en');
  await page.getByLabel(text('en', 'accounts', 'fields.email'), { exact: true }).fill(account.email);
  await page.getByLabel(text('en', 'accounts', 'fields.password'), { exact: true }).fill(account.password);
  await page.getByRole('button', { name: text('en', 'accounts', 'signIn.submit') }).click();
  release();
  // Signed in with what was typed (an unverified email is shown the code step first).
  await expect(page).toHaveURL('/check-email');
});

test('a language stored before the cookie existed renders afresh once, then comes from the server', async ({ page, context }) => {
  await storeLanguage(page, 'es');
  await page.goto('/');
  // The server could not know (English HTML); the app renders Spanish over it, and copies the choice into the cookie.
  await expect(mainHeading(page)).toHaveText(text('es', 'marketing', 'landing.heading'));
  await expect
    .poll(async () => (await context.cookies()).find((cookie) => cookie.name === 'tipjar-lang')?.value)
    .toBe('es');
  await page.reload();
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'es');
  await expect(mainHeading(page)).toHaveText(text('es', 'marketing', 'landing.heading'));
});

test('only a visitor\'s public pages are rendered by the server', async ({ request }) => {
  const landing = await (await request.get('/', { headers: { 'accept-language': 'pt-BR,pt;q=0.9' } })).text();
  expect(rootOf(landing)?.[1]).toBe(' data-prerendered="pt"');
  // The app's JavaScript, and no other script: the page's CSP runs scripts by nonce only.
  expect(landing.match(/<script/g)).toHaveLength(1);

  // Pages that need the session or the API are the browser's to render, and so is a page with a query (sign-in reads
  // its ?email=), which one render per path cannot answer.
  for (const path of ['/sign-up', '/forgot-password', '/some-creator', '/no/such/page', '/sign-in?email=a%40b.test']) {
    const html = await (await request.get(path)).text();
    expect(rootOf(html)?.slice(1), path).toEqual(['', '']);
  }
  // Someone with a session gets the app, which renders their own pages.
  const cookie = `${USER_COOKIE}=${encodeUserCookieValue({
    userId: '00000000-0000-4000-8000-000000000002',
    email: 'prerender@example.test',
    accountStatus: 'active',
    emailStatus: 'verified',
    username: 'prerenderer',
    country: 'US',
    fullName: 'Pre Renderer',
  })}`;
  const signedIn = await (await request.get('/faq', { headers: { cookie } })).text();
  expect(rootOf(signedIn)?.slice(1)).toEqual(['', '']);
});
