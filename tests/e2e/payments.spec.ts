import { DESKTOP, expectNoA11yViolations, fmt, mainHeading, PHONE, text } from './support/app';
import { chooseRecipient, next, p, payer } from './support/payments';
import { expect, test } from './support/test';

/**
 * Issue 5, the sending side, with two people in two browsers. These need no money in a wallet; the flows that do
 * (a funded send, the whole send in Portuguese) are in payments-funded.spec.ts.
 */
// Two people each sign up and verify (argon2 hashing) before the flow starts: slow on a shared 2-core machine.
test.slow();

const en = (key: string, values: Record<string, string | number> = {}) => p('en', key, values);
const c = (key: string) => fmt(text('en', 'common', key), {});

test('B requests $20 from A; A has the request', async ({ browser, baseURL }, testInfo) => {
  const contextA = await browser.newContext({ baseURL });
  const contextB = await browser.newContext({ baseURL });
  const a = await payer(contextA, 'Alice Payer');
  const b = await payer(contextB, 'Bruno Asker');
  const page = await contextB.newPage();

  await page.goto('/payment');
  await expect(mainHeading(page)).toHaveText(en('choose.title'));
  await page.getByRole('link', { name: en('choose.request') }).click();
  await expect(mainHeading(page)).toHaveText(en('request.title'));
  await chooseRecipient(page, 'en', a.username);
  await next(page, 'en');
  await page.getByLabel(en('fields.amount')).fill('20');
  await next(page, 'en');
  await page.getByLabel(en('fields.requestMessage')).fill('Concert tickets');
  await next(page, 'en');
  const summary = page.getByRole('definition');
  await expect(summary).toHaveText([`@${a.username}`, '$20.00', 'Concert tickets']);
  for (const [label, size] of [['375', PHONE], ['1280', DESKTOP]] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: testInfo.outputPath(`request-confirm-${label}.png`), fullPage: true });
  }
  await page.getByRole('button', { name: en('actions.request', { amount: '$20.00' }) }).click();
  await expect(page.getByRole('heading', { name: en('requested.title') })).toBeVisible();
  await expect(page.getByText(en('requested.body', { amount: '$20.00', username: a.username }))).toBeVisible();

  // A is asked to pay it: the request is in A's list, A as the payer.
  const list = await contextA.request.get(`/api/app/user/${a.user.userId}/payment/list`);
  const [request] = (await list.json()).results;
  expect(request).toMatchObject({ amount: '20.00', payment_status: 'requested', sender_user_id: a.user.userId, receiver_user_id: b.user.userId, actions: ['pay', 'decline'] });
  await expect(page.getByText(request.payment_id)).toBeVisible();
  await contextA.close();
  await contextB.close();
});

test("a send above the balance shows 'Insufficient funds' before anything is sent", async ({ browser, baseURL }, testInfo) => {
  const contextA = await browser.newContext({ baseURL });
  const contextB = await browser.newContext({ baseURL });
  const b = await payer(contextB, 'Bea Receiver');
  const a = await payer(contextA, 'Abel Empty');
  const page = await contextA.newPage();

  await page.goto('/payment/send');
  await chooseRecipient(page, 'en', b.username);
  await next(page, 'en');
  await page.getByLabel(en('fields.amount')).fill('12.50');
  await next(page, 'en');
  await page.getByLabel(en('fields.message')).fill('Lunch');
  await next(page, 'en');
  const balance = page.getByRole('radio', { name: new RegExp(en('method.balance')) });
  await expect(balance).toBeChecked();
  await expect(page.getByText(en('method.available', { amount: '$0.00' }))).toBeVisible();
  await next(page, 'en');
  await expect(page.getByText(en('rules.insufficient_funds'), { exact: true })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: en('fields.method') })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('radiogroup')).toBeFocused();
  await expectNoA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('send-insufficient-1280.png'), fullPage: true });
  // Refused before the server was asked: no payment exists and A's wallet is untouched.
  const list = await contextA.request.get(`/api/app/user/${a.user.userId}/payment/list`);
  expect((await list.json()).results).toEqual([]);
  await contextA.close();
  await contextB.close();
});

test('the payment screens have no accessibility violations, with their errors showing', async ({ page, context, browser, baseURL }) => {
  const other = await browser.newContext({ baseURL });
  const b = await payer(other, 'Bob Other');
  await other.close();
  await payer(context, 'Ada Checker');
  // On a phone the bottom bar is there at home and hidden on the payment screens (spec 2).
  await page.setViewportSize(PHONE);
  await page.goto('/');
  await expect(mainHeading(page)).toBeVisible();
  const mainNav = page.getByRole('navigation', { name: c('shell.navLabel') });
  const atHome = await mainNav.count();
  expect(atHome).toBeGreaterThan(0);
  await page.goto('/payment');
  await expect(mainHeading(page)).toHaveText(en('choose.title'));
  await expect(mainNav).toHaveCount(atHome - 1);
  await expectNoA11yViolations(page);
  await page.setViewportSize(DESKTOP);

  await page.goto('/payment/send');
  await expect(mainHeading(page)).toHaveText(en('send.title'));
  await next(page, 'en');
  await expect(page.getByText(en('rules.recipient_required'))).toBeVisible();
  await expect(page.getByRole('combobox', { name: en('fields.recipient') })).toBeFocused();
  await page.getByRole('combobox', { name: en('fields.recipient') }).fill('zzq-nobody-has-this');
  await expect(page.getByText(en('search.nothingFound'))).toBeVisible();
  await expectNoA11yViolations(page);

  await page.goto('/payment/request');
  await expect(mainHeading(page)).toHaveText(en('request.title'));
  await next(page, 'en');
  await expect(page.getByText(en('rules.recipient_required'))).toBeVisible();
  await expectNoA11yViolations(page);
  await chooseRecipient(page, 'en', b.username);
  await next(page, 'en');
  // Three digits at most before the point: "5000" stops at "500", which is not below the limit.
  await page.getByLabel(en('fields.amount')).pressSequentially('5000');
  await expect(page.getByLabel(en('fields.amount'))).toHaveValue('500');
  await next(page, 'en');
  await expect(page.getByText(en('rules.request_amount_too_large'))).toBeVisible();
  await expect(page.getByLabel(en('fields.amount'))).toBeFocused();
  await expectNoA11yViolations(page);
  await page.getByLabel(en('fields.amount')).fill('25');
  await next(page, 'en');
  await next(page, 'en');
  await expect(page.getByText(en('rules.required'), { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
});
