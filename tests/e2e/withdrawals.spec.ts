import { expectNoA11yViolations, fmt, mainHeading, PASSWORD, storeLanguage, text } from './support/app';
import { payer } from './support/payments';
import { expect, test } from './support/test';
import { putBankAccount, w, walletText } from './support/withdrawals';

const c = (key: string) => text('en', 'common', key);

/**
 * Issue 6, part 2: the bank info warning, the bank-account wizard with back navigation and the password dialog
 * (issue 21), and payout linking (success and not activated), with axe on every screen. The withdraw flow's
 * boundaries and settlement by the background job are in withdrawals.clock.spec.ts: a new bank account takes
 * withdrawals only 24 hours later (issue 21), and only a clock spec may move the server's clock.
 */
test.slow();

/** The browser logs the refusal a screen shows on purpose (404 not yours, 422 not activated): expected once, then dropped. */
function expectRefusalLogged(consoleErrors: string[], status: number) {
  const logged = consoleErrors.filter((e) => e.includes(`status of ${status} `));
  expect(logged.length).toBeGreaterThan(0);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !logged.includes(e)));
}

const next = (page: import('@playwright/test').Page) => page.getByRole('button', { name: w('actions.next'), exact: true }).click();

test('another user\'s withdrawal, or none, is "Could not find the transaction"', async ({ page, context, consoleErrors }) => {
  await payer(context, 'Bo Stranger');
  await page.goto('/withdraw-funds/withdrawal-details?id=5b1e7f0e-8a0c-4d1f-9a3e-2f0c4b6d8e11');
  await expect(page.getByRole('heading', { name: w('details.notFound') })).toBeVisible();
  await expectNoA11yViolations(page);
  expectRefusalLogged(consoleErrors, 404);
});

test('a bank account in another name blocks withdrawals with the bank info warning', async ({ page, context }) => {
  const ana = await payer(context, 'Ana Souza');
  await putBankAccount(context, ana.user.userId, { firstName: 'Maria', lastName: 'Lopez' });
  await page.goto('/withdraw-funds/withdraw');
  await expect(page.getByRole('heading', { name: w('withdraw.blockedTitle') })).toBeVisible();
  await expect(page.getByText(w('withdraw.blockedBody'))).toBeVisible();
  await expect(page.getByLabel(w('fields.amount'))).toHaveCount(0);
  await expectNoA11yViolations(page);
  await page.goto('/settings/withdraw-method');
  await expect(page.getByText(w('method.mismatch'))).toBeVisible();
  await expectNoA11yViolations(page);
});

test('the bank-account wizard: four steps, back keeps what was typed, checks on completed steps, then "Bank account updated"', async ({ page, context }) => {
  await payer(context, 'Ana Souza');
  await page.goto('/settings/withdraw-method');
  await expect(mainHeading(page)).toHaveText(w('method.title'));
  await expect(page.getByText(w('method.noBank'))).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: w('method.addBank') }).click();
  await expect(mainHeading(page)).toHaveText(w('wizard.title'));
  const f = (name: string) => page.getByLabel(w(`wizard.fields.${name}`), { exact: true });
  const completed = page.getByRole('navigation', { name: text('en', 'common', 'stepper.label') }).getByText(`(${text('en', 'common', 'stepper.completed')})`);

  // Personal Info: under 18 refused with the spec's rule; a RUT checked by its digit.
  await next(page);
  await expect(f('firstName')).toHaveAttribute('aria-invalid', 'true');
  await f('firstName').fill('Ana');
  await f('lastName').fill('Souza');
  const tooYoung = new Date();
  tooYoung.setFullYear(tooYoung.getFullYear() - 17);
  await f('birthdate').fill(tooYoung.toISOString().slice(0, 10));
  await f('idType').selectOption({ label: w('wizard.idTypes.rut_vista') });
  await f('idNumber').fill('12.345.678-9');
  await next(page);
  await expect(page.getByText(fmtRule('underage'))).toBeVisible();
  await expectNoA11yViolations(page);
  await f('birthdate').fill('1990-05-17');
  // The RUT's check digit is checked once the fields it depends on are good (9 is not this RUT's digit).
  await next(page);
  await expect(page.getByText(walletText('rules.rut_invalid'))).toBeVisible();
  await expect(f('idNumber')).toBeFocused();
  await f('idNumber').fill('12.345.678-5');
  await next(page);

  // Primary Address, then back: Personal Info is as it was typed.
  await expect(f('addressLine1')).toBeVisible();
  await expect(completed).toHaveCount(1);
  await f('addressLine1').fill('Av. Providencia 1234');
  await page.getByRole('button', { name: w('actions.back') }).click();
  await expect(f('firstName')).toHaveValue('Ana');
  await expect(f('birthdate')).toHaveValue('1990-05-17');
  await expect(f('idNumber')).toHaveValue('12.345.678-5');
  await next(page);
  await expect(f('addressLine1')).toHaveValue('Av. Providencia 1234');
  await f('city').fill('Santiago');
  await f('postalCode').fill('7500000');
  await f('country').selectOption('CL');
  await expectNoA11yViolations(page);
  await next(page);

  // Bank Account: the Chilean format; a number in the wrong shape is refused.
  await expect(completed).toHaveCount(2);
  await f('bankCountry').selectOption('CL');
  await f('bankName').fill('Banco Estado');
  await page.getByRole('radio', { name: w('wizard.accountTypes.checking') }).check();
  await f('accountNumber').fill('12-34');
  await next(page);
  await expect(page.getByText(walletText('rules.account_number_format'))).toBeVisible();
  await f('accountNumber').fill('12345678');
  await expectNoA11yViolations(page);
  await next(page);

  // Confirm Info: three checks; back to the bank step keeps it; save.
  await expect(completed).toHaveCount(3);
  await expect(page.getByRole('definition').filter({ hasText: 'Banco Estado' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: w('actions.back') }).click();
  await expect(f('accountNumber')).toHaveValue('12345678');
  await expect(page.getByRole('radio', { name: w('wizard.accountTypes.checking') })).toBeChecked();
  await next(page);
  await page.getByRole('button', { name: w('wizard.save') }).click();

  // Issue 21: the Tipjar password at the moment of saving. Cancel keeps Confirm Info as it was.
  const dialog = page.getByRole('dialog', { name: c('passwordDialog.title') });
  await expect(dialog).toBeVisible();
  const password = dialog.getByLabel(c('passwordDialog.label'), { exact: true });
  await expect(password).toBeFocused();
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: c('passwordDialog.cancel') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('definition').filter({ hasText: 'Banco Estado' })).toBeVisible();
  await page.getByRole('button', { name: w('wizard.save') }).click();
  // A wrong one: the server's words under the field, the field empty, nothing saved.
  await password.fill('Wr0ng!pass');
  await dialog.getByRole('button', { name: c('passwordDialog.confirm') }).click();
  await expect(password).toHaveAccessibleDescription(text('en', 'accounts', 'errors.wrong_password'));
  await expect(password).toHaveValue('');
  await expectNoA11yViolations(page);
  await password.fill(PASSWORD);
  await dialog.getByRole('button', { name: c('passwordDialog.confirm') }).click();
  // Saved: the notice says so and when withdrawals to it open (24 hours later).
  await expect(page.getByRole('status').filter({ hasText: new RegExp(w('wizard.savedOpens', { date: '.+' }), 'u') }).first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL('/settings/withdraw-method');
  // The withdraw-method screen says when withdrawals to the new account open (24 hours later).
  await expect(page.getByRole('region', { name: w('method.bankTitle') }).getByText(new RegExp(`^${w('opensOn', { date: '.+' })}$`, 'u'))).toBeVisible();
  await expect(page.getByText(w('method.bankSummary', { bank: 'Banco Estado', type: w('wizard.accountTypes.checking'), number: '••••5678' }))).toBeVisible();
});

test('changing the bank account in Spanish: the password dialog, a wrong password under its field, then saved with when withdrawals open', async ({ page, context }) => {
  const ana = await payer(context, 'Ana Souza');
  await putBankAccount(context, ana.user.userId, { firstName: 'Ana', lastName: 'Souza' });
  await storeLanguage(page, 'es');
  const es = (key: string, values: Record<string, string | number> = {}) => fmt(text('es', 'withdrawals', key), values);
  const ces = (key: string) => text('es', 'common', key);
  await page.goto('/settings/withdraw-method/update-bank-account');
  await expect(mainHeading(page)).toHaveText(es('wizard.title'));
  const f = (name: string) => page.getByLabel(es(`wizard.fields.${name}`), { exact: true });
  const nextEs = () => page.getByRole('button', { name: es('actions.next'), exact: true }).click();
  await f('firstName').fill('Ana');
  await f('lastName').fill('Souza');
  await f('birthdate').fill('1990-05-17');
  await f('idType').selectOption({ label: es('wizard.idTypes.passport') });
  await f('idNumber').fill('X1234567');
  await nextEs();
  await f('addressLine1').fill('1 Main Street');
  await f('city').fill('New York');
  await f('postalCode').fill('10001');
  await f('country').selectOption('US');
  await nextEs();
  await f('bankCountry').selectOption('US');
  await f('bankName').fill('Second Bank');
  await page.getByRole('radio', { name: es('wizard.accountTypes.saving') }).check();
  await f('accountNumber').fill('000987654321');
  await nextEs();
  await page.getByRole('button', { name: es('wizard.save') }).click();

  const dialog = page.getByRole('dialog', { name: ces('passwordDialog.title') });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(es('wizard.passwordBody'));
  const password = dialog.getByLabel(ces('passwordDialog.label'), { exact: true });
  await expect(password).toBeFocused();
  // Nothing typed: the rule, no call.
  await dialog.getByRole('button', { name: ces('passwordDialog.confirm') }).click();
  await expect(password).toHaveAccessibleDescription(ces('passwordDialog.required'));
  await password.fill('Wr0ng!pass');
  await dialog.getByRole('button', { name: ces('passwordDialog.confirm') }).click();
  await expect(password).toHaveAccessibleDescription(text('es', 'accounts', 'errors.wrong_password'));
  await expect(password).toHaveValue('');
  await expectNoA11yViolations(page);
  // The old account is still the one on file.
  const before = (await (await context.request.get(`/api/app/user/${ana.user.userId}/bank-account`)).json()) as { bankAccount: { bankName: string } };
  expect(before.bankAccount.bankName).toBe('First Bank');

  await password.fill(PASSWORD);
  await dialog.getByRole('button', { name: ces('passwordDialog.confirm') }).click();
  await expect(page.getByRole('status').filter({ hasText: new RegExp(es('wizard.savedOpens', { date: '.+' }), 'u') }).first()).toBeVisible();
  await expect(page).toHaveURL('/settings/withdraw-method');
  await expect(page.getByRole('region', { name: es('method.bankTitle') }).getByText(new RegExp(`^${es('opensOn', { date: '.+' })}$`, 'u'))).toBeVisible();
  await expectNoA11yViolations(page);
});

function fmtRule(key: string) {
  return walletText(`rules.${key}`).replace('{{minAge}}', '18');
}

test('payout linking: connected, and "not activated" with start over and visit provider', async ({ page, context, consoleErrors }) => {
  const ana = await payer(context, 'Ana Souza');
  const go = async () => {
    await page.goto('/settings/withdraw-method');
    await page.getByRole('link', { name: w('method.link') }).click();
    await expect(mainHeading(page)).toHaveText(w('payout.title'));
  };
  const fill = async (email: string) => {
    await page.getByLabel(w('payout.fields.email', { provider: 'PayWorld' })).fill(email);
    await page.getByLabel(w('payout.fields.password', { provider: 'PayWorld' })).fill('secret-pass');
    await page.getByLabel(w('payout.fields.bankAccountNumber')).fill('12345678');
    await next(page);
    await expect(page.getByText(w('payout.confirmLead', { provider: 'PayWorld' }))).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: w('payout.connect') }).click();
    // Issue 21: the caller's own Tipjar password, asked before the provider is tried.
    const dialog = page.getByRole('dialog', { name: c('passwordDialog.title') });
    await dialog.getByLabel(c('passwordDialog.label'), { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: c('passwordDialog.confirm') }).click();
    await expect(dialog).toBeHidden();
  };

  await go();
  await next(page);
  await expect(page.getByLabel(w('payout.fields.email', { provider: 'PayWorld' }))).toHaveAttribute('aria-invalid', 'true');
  await expectNoA11yViolations(page);
  await fill('inactive.ana@example.com');
  await expect(page.getByRole('heading', { name: w('payout.notActivatedTitle', { provider: 'PayWorld' }) })).toBeVisible();
  await expect(page.getByText(w('payout.notActivatedBody', { provider: 'PayWorld' }))).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(w('payout.visit', { provider: 'PayWorld' })) })).toHaveAttribute('href', 'https://payworld.example');
  await expectNoA11yViolations(page);
  expectRefusalLogged(consoleErrors, 422);
  await page.getByRole('button', { name: w('payout.startOver') }).click();
  await expect(page.getByLabel(w('payout.fields.email', { provider: 'PayWorld' }))).toHaveValue('');

  await fill(ana.email);
  await expect(page.getByRole('heading', { name: w('payout.successTitle') })).toBeVisible();
  await expect(page.getByText(new RegExp(`^${w('opensOn', { date: '.+' })}$`, 'u'))).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: w('payout.backToMethod') }).click();
  await expect(page.getByText(/PayWorld account .*, bank account ending 5678/u)).toBeVisible();
  await expect(page.getByRole('region', { name: w('method.payoutTitle') }).getByText(new RegExp(`^${w('opensOn', { date: '.+' })}$`, 'u'))).toBeVisible();
});
