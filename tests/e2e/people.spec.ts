import type { Page } from '@playwright/test';
import { PASSWORD, createAccount, expectNoA11yViolations, fmt, latestCode, mainHeading, outbox, pathOf, text, uniqueEmail, uniqueUsername } from './support/app';
import { expect, test } from './support/test';

/** Issue 7, people: /contacts as a person would use it — by role and label, strings from the locale files. */
const pe = (key: string, values: Record<string, string | number> = {}) => fmt(text('en', 'people', key), values);
const ac = (key: string, values: Record<string, string | number> = {}) => fmt(text('en', 'accounts', key), values);
const co = (key: string) => text('en', 'common', key);

/** A number no earlier run used: the per-number text limit must not carry over between runs. */
const freshPhone = () => `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

async function openContacts(page: Page) {
  await page.goto('/contacts');
  await expect(mainHeading(page)).toHaveText(co('routes.contacts'));
}

/** The newest code texted to `phone`, from the dev outbox (the sandbox SMS provider writes there). */
async function textedCode(page: Page, phone: string): Promise<string> {
  const [message] = await outbox(page.request, phone);
  const code = /\b(\d{6})\b/u.exec(message?.body ?? '')?.[1];
  if (!code) throw new Error(`no text to ${phone}`);
  return code;
}

function pinBox(page: Page, index: number) {
  return page.getByRole('textbox', { name: ac('pin.digitLabel', { index, count: 6 }), exact: true });
}

test('find a person by @username and add them as a contact', async ({ page, browser }) => {
  test.slow();
  // Someone to find, with an account of their own.
  const other = await browser.newContext();
  const boName = uniqueUsername('bo');
  await createAccount(other, { setUp: { fullName: 'Bo Lindqvist', username: boName } });
  await other.close();

  await createAccount(page.context(), { setUp: { fullName: 'Ana Souza' } });
  await openContacts(page);
  await expect(page.getByRole('heading', { name: pe('find.topPeople') })).toBeVisible();
  await expect(page.getByText(pe('contacts.empty'))).toBeVisible();
  await expectNoA11yViolations(page);

  const search = page.getByRole('searchbox', { name: pe('find.searchLabel') });
  // Nothing is searched for under 3 characters: the top people stay.
  await search.fill('@b');
  await expect(page.getByRole('heading', { name: pe('find.topPeople') })).toBeVisible();
  await search.fill('zzqx-nobody-has-this');
  await expect(page.getByText(pe('find.nothingFound'))).toBeVisible();

  await search.fill(`@${boName.toUpperCase()}`);
  const results = page.getByRole('list', { name: pe('find.results') });
  await expect(results.getByRole('listitem')).toHaveCount(1);
  await expect(results).toContainText(`@${boName}`);
  await expect(results).toContainText('Bo Lindqvist');
  await expectNoA11yViolations(page);

  await results.getByRole('button', { name: pe('find.addLabel', { name: `@${boName}` }) }).click();
  await expect(page.getByText(pe('find.added', { name: `@${boName}` }))).toBeVisible();
  await expect(results.getByText(pe('find.inContacts'))).toBeVisible();
  const contacts = page.getByRole('list', { name: pe('contacts.title') });
  await expect(contacts.getByRole('listitem')).toHaveCount(1);
  await expect(contacts).toContainText(`@${boName}`);

  // The server kept it: after a reload the contact is still there.
  await page.reload();
  await expect(page.getByRole('list', { name: pe('contacts.title') })).toContainText(`@${boName}`);
  await expectNoA11yViolations(page);
});

test('phone verification: a bad number, the texted code after a resend, confirm details', async ({ page }) => {
  test.slow();
  const { user } = await createAccount(page.context(), { setUp: { fullName: 'Ana Souza' } });
  await openContacts(page);
  const number = page.getByLabel(pe('phone.numberLabel'), { exact: true });

  // Without the country code: the spec's message under the field, and nothing texted.
  await number.fill('415 555 0100');
  await page.getByRole('button', { name: pe('phone.sendCode') }).click();
  await expect(number).toBeFocused();
  await expect(number).toHaveAccessibleDescription(new RegExp(`^${pe('rules.phone_or_email_invalid')}`, 'u'));
  await expectNoA11yViolations(page);

  const phone = freshPhone();
  const typed = `${phone.slice(0, 2)} ${phone.slice(2, 5)} ${phone.slice(5, 8)} ${phone.slice(8)}`;
  await number.fill(typed);
  await page.getByRole('button', { name: pe('phone.sendCode') }).click();
  await expect(page.getByRole('group', { name: pe('phone.codeLabel', { phone }) })).toBeVisible();
  const first = await textedCode(page, phone);
  await expectNoA11yViolations(page);

  // Resend: a new text; the old code stops working.
  await page.getByRole('button', { name: pe('phone.resend') }).click();
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: pe('phone.resent', { phone }) })).toBeVisible();
  const messages = await outbox(page.request, phone);
  expect(messages).toHaveLength(2);
  const second = await textedCode(page, phone);
  if (first !== second) {
    await pinBox(page, 1).click();
    await page.keyboard.type(first);
    await page.getByRole('button', { name: pe('phone.verify') }).click();
    await expect(page.getByText(pe('errors.code_invalid'))).toBeVisible();
  }

  await pinBox(page, 1).click();
  await page.keyboard.type(second);
  for (let i = 0; i < 6; i += 1) await expect(pinBox(page, i + 1)).toHaveValue(second[i]!);
  await page.getByRole('button', { name: pe('phone.verify') }).click();

  // The details to confirm.
  await expect(page.getByText(pe('phone.confirmLead'))).toBeVisible();
  const phoneSection = page.getByRole('region', { name: pe('phone.title') });
  await expect(phoneSection).toContainText('Ana Souza');
  await expect(phoneSection).toContainText(user.username!);
  await expect(phoneSection).toContainText(user.email);
  await expect(phoneSection).toContainText(phone);
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: pe('phone.confirm'), exact: true }).click();
  await expect(phoneSection.getByRole('status')).toHaveText(pe('phone.verified', { phone }));
  await expectNoA11yViolations(page);
});

test('invite a friend by email, and the invitation link to copy; the friend signs up through it and they are each other’s contacts', async ({ page, browser }) => {
  test.slow();
  const { user } = await createAccount(page.context(), { setUp: { fullName: 'Ana Souza' } });
  await openContacts(page);
  const invite = page.getByRole('region', { name: pe('invite.title') });
  const email = invite.getByLabel(pe('invite.emailLabel'), { exact: true });

  await email.fill('friend@');
  await invite.getByRole('button', { name: pe('invite.send') }).click();
  await expect(email).toHaveAccessibleDescription(pe('rules.phone_or_email_invalid'));
  await expect(email).toBeFocused();

  const friend = uniqueEmail('friend');
  await email.fill(friend);
  await invite.getByRole('button', { name: pe('invite.send') }).click();
  await expect(page.getByText(pe('invite.sent', { email: friend }))).toBeVisible();
  await expect(email).toHaveValue('');

  const link = `${new URL(page.url()).origin}/sign-up?invited_by=${user.username}`;
  await expect(invite.getByText(link, { exact: true })).toBeVisible();
  const [mail] = await outbox(page.request, friend);
  expect(mail?.subject).toBe('Ana Souza invited you to Tipjar');
  expect(mail?.body).toContain(`/sign-up?invited_by=${user.username}`);
  await expectNoA11yViolations(page);

  // The friend opens the emailed link in their own browser and signs up through the screens.
  const friendContext = await browser.newContext();
  const friendPage = await friendContext.newPage();
  await friendPage.goto(pathOf(/(\S+\/sign-up\?\S+)/u.exec(mail!.body)![1]!));
  await expect(friendPage.getByText(ac('signUp.invitedNote', { inviter: user.username! }))).toBeVisible();
  await expectNoA11yViolations(friendPage);
  await friendPage.getByLabel(ac('fields.email'), { exact: true }).fill(friend);
  await friendPage.getByLabel(ac('fields.password'), { exact: true }).fill(PASSWORD);
  await friendPage.getByLabel(ac('fields.confirmPassword'), { exact: true }).fill(PASSWORD);
  await friendPage.getByRole('checkbox').check();
  await friendPage.getByRole('button', { name: ac('signUp.submit') }).click();
  await expect(friendPage).toHaveURL('/check-email');
  const { code } = await latestCode(friendPage.request, friend);
  await pinBox(friendPage, 1).click();
  await friendPage.keyboard.type(code);
  await friendPage.getByRole('button', { name: ac('checkEmail.submit') }).click();
  await expect(friendPage).toHaveURL('/set-up');
  const friendName = uniqueUsername('friend');
  await friendPage.getByLabel(ac('fields.fullName'), { exact: true }).fill('Flor Díaz');
  await friendPage.getByLabel(ac('fields.username'), { exact: true }).fill(friendName);
  await friendPage.getByLabel(ac('fields.country'), { exact: true }).selectOption('AR');
  await friendPage.getByRole('checkbox').check();
  await friendPage.getByRole('button', { name: ac('setUp.submit') }).click();
  await expect(friendPage).toHaveURL('/');

  // Each finds the other among their contacts (docs/people.md: an emailed invitation makes it mutual).
  await openContacts(friendPage);
  await expect(friendPage.getByRole('region', { name: pe('contacts.title') })).toContainText(user.username!);
  await friendContext.close();
  await openContacts(page);
  await expect(page.getByRole('region', { name: pe('contacts.title') })).toContainText(friendName);
});
