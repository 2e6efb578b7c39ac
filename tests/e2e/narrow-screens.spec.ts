import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import { routeTable } from '../../server/web/route-bundles';
import { createAccount, fmt, text, uniqueUsername, type Language } from './support/app';
import { addCard, addMoneyByCard } from './support/payments';
import { attachShot, expectNoSidewaysScroll, expectOnScreen, PHONE_DEVICE } from './support/screen';
import { expect, test } from './support/test';
import { putBankAccount } from './support/withdrawals';

/**
 * Issue 22 item 9: every page at 375×812 with mobile emulation (a phone's viewport and touch), in en, es and pt,
 * without sideways scrolling, and the dialogs that matter with every button on the screen. The route list is read
 * from the app's router (src/app/router, the same reading the preload links use): a route added there without a way
 * to visit it here fails the first test, so none is forgotten. Each page is screenshot into the report.
 */
test.slow();

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const table = routeTable(ROOT);
const LANGUAGES: Language[] = ['en', 'es', 'pt'];

/** What the signed-in pages are visited with: a creator with a price point, payments both ways, a deposit, a card. */
interface World {
  creator: string;
  askedOfMe: string;
  askedByMe: string;
  purchase: string;
  pricePointId: string;
  depositCreatedAt: string;
}

/**
 * The signed-in routes whose page reads a query or needs a thing of the user's: the URL they are visited at. Every
 * other route of the router is visited at its own path (the loops below go through the router's table).
 */
const SIGNED_IN_VISITS: Record<string, (w: World) => string> = {
  '/transactions/transaction-details': (w) => `/transactions/transaction-details?id=${w.askedOfMe}`,
  '/transactions/transaction-details/upload-file': (w) => `/transactions/transaction-details/upload-file?id=${w.purchase}`,
  '/withdraw-funds/deposit-details': (w) => `/withdraw-funds/deposit-details?id=${encodeURIComponent(w.depositCreatedAt)}`,
  // A withdrawal needs a destination open for 24 hours (the clock specs): its page's "not found" state here.
  '/withdraw-funds/withdrawal-details': () => `/withdraw-funds/withdrawal-details?id=${encodeURIComponent('2020-01-01T00:00:00.000Z')}`,
  '/flows': () => '/flows?machine=withdraw',
  '/verify-email': () => '/verify-email?code=000000',
};

const PUBLIC_VISITS: Record<string, string> = {
  '/verify-email': '/verify-email?code=000000',
  '/reset-password': '/reset-password?email=someone%40example.com&saltcode=000000',
  '/flows': '/flows?machine=withdraw',
};

const signedInPaths = () => table.signedIn.routes.map((route) => route.path);
const publicPaths = () => [...new Set([...table.loggedOut.routes, ...table.setUp.routes].map((route) => route.path))];

test('the router\'s tables are read, and every special visit names one of their routes', () => {
  expect(signedInPaths()).toContain('/transactions/transaction-details');
  expect(publicPaths()).toContain('/sign-in');
  // A renamed route leaves its entry here behind: that fails rather than the page going unvisited with its data.
  expect(Object.keys(SIGNED_IN_VISITS).filter((path) => !signedInPaths().includes(path))).toEqual([]);
  expect(Object.keys(PUBLIC_VISITS).filter((path) => !publicPaths().includes(path))).toEqual([]);
  expect(table.signedIn.publicProfileLayout).toBeDefined();
});

const phone = (browser: Browser, baseURL: string | undefined, headers: Record<string, string>, language: Language) =>
  browser.newContext({ ...PHONE_DEVICE, baseURL, extraHTTPHeaders: headers }).then(async (context) => {
    await context.addInitScript((value) => window.localStorage.setItem('tipjar-lang', value), language);
    return context;
  });

/** The page has arrived: its heading is there and nothing is still loading (data, strings, images). */
async function settled(page: Page) {
  await expect(page.locator('main h1, main h2').first()).toBeVisible({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main [role="status"]:visible').filter({ hasText: /…|\.\.\.$/ })).toHaveCount(0, { timeout: 15_000 });
  // Fonts swapped in change widths: measure after them.
  await page.evaluate(() => document.fonts.ready);
}

async function visit(page: Page, testInfo: TestInfo, url: string, name: string) {
  await page.goto(url);
  await settled(page);
  await expectNoSidewaysScroll(page, url, { soft: true });
  await attachShot(page, testInfo, name);
}

/** A dialog opened by `open`: no sideways scroll, every button wholly on the screen; closed again with Escape. */
async function checkDialog(page: Page, testInfo: TestInfo, name: string, title: string, open: () => Promise<void>) {
  await open();
  const dialog = page.getByRole('alertdialog', { name: title }).or(page.getByRole('dialog', { name: title }));
  await expect(dialog).toBeVisible();
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))));
  const buttons = dialog.getByRole('button');
  expect(await buttons.count(), `${name}: buttons`).toBeGreaterThan(0);
  for (const button of await buttons.all()) await expectOnScreen(button, `${name}: "${await button.textContent()}"`, { soft: true });
  await expectNoSidewaysScroll(page, name, { soft: true });
  await attachShot(page, testInfo, name, false);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

async function world(context: BrowserContext, other: BrowserContext, language: Language): Promise<World & { userId: string; username: string; asker: string }> {
  // Long names, as real ones are: they must wrap, not widen the page.
  const username = uniqueUsername(`maria_${language}`);
  const me = await createAccount(context, { setUp: { fullName: 'Maria Fernanda Albuquerque dos Santos', username } });
  const asker = uniqueUsername(`joaquim_${language}`);
  const fan = await createAccount(other, { setUp: { fullName: 'Joaquim Bartolomeu Carvalho Pereira', username: asker } });
  const userId = me.user.userId;
  const pricePoint = await context.request.post(`/api/app/user/${userId}/price-points`, {
    data: { price: '25', description: 'Custom pet sketch with a watercolour background', media_type: 'photo' },
  });
  expect(pricePoint.status(), await pricePoint.text()).toBe(201);
  const pricePointId = ((await pricePoint.json()) as { data: { id: string }[] }).data[0]!.id;
  const ask = async (from: BrowserContext, fromId: string, toId: string, amount: string) => {
    const res = await from.request.post(`/api/app/user/${fromId}/payment/request/`, {
      data: { receiverUserId: toId, amount, message: 'Dinner at Rosa’s on Saturday, with the whole group from work' },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { data: [{ payment_id: string }] }).data[0].payment_id;
  };
  const askedOfMe = await ask(other, fan.user.userId, userId, '20.00');
  const askedByMe = await ask(context, userId, fan.user.userId, '15.00');
  // The fan buys the price point by card: a `new` payment the creator replies to (the upload page).
  const cardId = await addCard(other, fan.user.userId);
  const bought = await other.request.post(`/api/app/user/${fan.user.userId}/payment/send/`, {
    headers: { 'idempotency-key': randomUUID() },
    data: { receiverUserId: userId, amount: '25.00', paymentMethodId: cardId, pricePointId, message: 'My cat Bolinha, please' },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  const purchase = ((await bought.json()) as { data: [{ payment_id: string }] }).data[0].payment_id;
  await addMoneyByCard(context, userId, '30.00');
  const deposits = (await (await context.request.get(`/api/app/user/${userId}/deposits`)).json()) as { results: { created_at: string }[] };
  await putBankAccount(context, userId, { firstName: 'Maria Fernanda', lastName: 'Albuquerque dos Santos' });
  return { userId, username, asker, creator: username, askedOfMe, askedByMe, purchase, pricePointId, depositCreatedAt: deposits.results[0]!.created_at };
}

const t = (language: Language, ns: Parameters<typeof text>[1], key: string, values: Record<string, string | number> = {}) =>
  fmt(text(language, ns, key), values);

for (const language of LANGUAGES) {
  test(`signed in, ${language}: every page fits 375 px, and the dialogs' buttons are on screen`, async ({ browser, baseURL, extraHTTPHeaders }, testInfo) => {
    test.setTimeout(300_000);
    const context = await phone(browser, baseURL, extraHTTPHeaders ?? {}, language);
    const other = await phone(browser, baseURL, extraHTTPHeaders ?? {}, language);
    const w = await world(context, other, language);
    const page = await context.newPage();
    for (const path of signedInPaths()) {
      await visit(page, testInfo, SIGNED_IN_VISITS[path]?.(w) ?? path, `${language} ${path}`);
    }
    // A creator's page (the router's `/{username}`) and a path that is no page.
    await visit(page, testInfo, `/${w.creator}`, `${language} /{username}`);
    await visit(page, testInfo, '/no-such-page', `${language} 404`);

    // Pay on the row of the request made of me (issue 22 item 11), beside the row's link, on screen on Home and in
    // Activity: the long name wraps, the button stays.
    for (const path of ['/', '/transactions']) {
      await page.goto(path);
      await settled(page);
      const pay = page.getByRole('button', { name: new RegExp(`@${w.asker}\\b`, 'u') });
      await expect(pay).toHaveText(t(language, 'activity', 'actions.pay'));
      await pay.scrollIntoViewIfNeeded();
      await expectOnScreen(pay, `${language} ${path}: Pay on the request's row`, { soft: true });
      await expectNoSidewaysScroll(page, `${language} ${path} with Pay on a row`, { soft: true });
    }

    // The dialogs: reject a request, reject and refund a fan's order, and cancel on a payment, remove a card, close
    // the account, log out.
    await page.goto(SIGNED_IN_VISITS['/transactions/transaction-details']!(w));
    await settled(page);
    await checkDialog(page, testInfo, `${language} reject dialog`, t(language, 'activity', 'rejectTransactionDialog.title'), () =>
      page.getByRole('button', { name: t(language, 'activity', 'actions.reject'), exact: true }).click(),
    );
    await page.goto(`/transactions/transaction-details?id=${w.purchase}`);
    await settled(page);
    await expectNoSidewaysScroll(page, 'details of the fan’s order');
    await checkDialog(page, testInfo, `${language} reject order dialog`, t(language, 'activity', 'rejectOrderDialog.title'), () =>
      page.getByRole('button', { name: t(language, 'activity', 'actions.rejectOrder'), exact: true }).click(),
    );
    await page.goto(`/transactions/transaction-details?id=${w.askedByMe}`);
    await settled(page);
    await expectNoSidewaysScroll(page, 'details of my request');
    await checkDialog(page, testInfo, `${language} cancel dialog`, t(language, 'activity', 'cancelTransactionDialog.title'), () =>
      page.getByRole('button', { name: t(language, 'activity', 'actions.cancel'), exact: true }).click(),
    );
    await page.goto('/settings/payment-methods');
    await settled(page);
    await checkDialog(page, testInfo, `${language} remove card dialog`, t(language, 'wallet', 'methods.confirmTitle'), () =>
      page.getByRole('button', { name: t(language, 'wallet', 'methods.remove') }).first().click(),
    );
    await page.goto('/settings');
    await settled(page);
    await checkDialog(page, testInfo, `${language} close account dialog`, t(language, 'settings', 'close.dialogTitle'), () =>
      page.getByRole('button', { name: t(language, 'settings', 'close.button') }).click(),
    );
    await checkDialog(page, testInfo, `${language} log out dialog`, t(language, 'common', 'logoutDialog.title'), () =>
      page.getByRole('button', { name: t(language, 'common', 'shell.logout') }).click(),
    );
    // The bank wizard's step-up: the password dialog over Confirm Info is reached by filling the wizard, which
    // tests/e2e/withdrawals.spec.ts does; the same PasswordDialog is checked above (close account).
    await context.close();
    await other.close();
  });

  test(`signed out and setting up, ${language}: every page fits 375 px`, async ({ browser, baseURL, extraHTTPHeaders }, testInfo) => {
    test.setTimeout(240_000);
    const creatorContext = await phone(browser, baseURL, extraHTTPHeaders ?? {}, language);
    const creator = await createAccount(creatorContext, { setUp: { fullName: 'Maria Fernanda Albuquerque dos Santos', username: uniqueUsername('criadora') } });
    const made = await creatorContext.request.post(`/api/app/user/${creator.user.userId}/price-points`, {
      data: { price: '25', description: 'Custom pet sketch with a watercolour background', media_type: 'photo' },
    });
    expect(made.status(), await made.text()).toBe(201);
    await creatorContext.close();

    const context = await phone(browser, baseURL, extraHTTPHeaders ?? {}, language);
    const page = await context.newPage();
    for (const route of table.loggedOut.routes) {
      await visit(page, testInfo, PUBLIC_VISITS[route.path] ?? route.path, `${language} signed out ${route.path}`);
    }
    await visit(page, testInfo, `/${creator.user.username}`, `${language} signed out /{username}`);
    await visit(page, testInfo, '/no-such-page', `${language} signed out 404`);

    // Set-up: an account without its name and username yet has only these pages.
    await createAccount(context, { setUp: false });
    for (const route of table.setUp.routes) {
      await visit(page, testInfo, PUBLIC_VISITS[route.path] ?? route.path, `${language} setting up ${route.path}`);
    }
    await context.close();
  });
}
