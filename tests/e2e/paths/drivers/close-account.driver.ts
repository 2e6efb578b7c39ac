import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import catalogue from '../../../../machines/close-account.catalogue';
import { closeAccountView } from '../../../../machines/close-account.view';
import { apiFailure } from '../../../../machines/forms/api-failure';
import { createAccount, mainHeading, PASSWORD, text, type TestAccount } from '../../support/app';
import { secondAccount } from '../../support/second-account';
import type { Driver } from '../driver';
import { expectAbsent, expectButton, expectFieldError } from '../screen-checks';

/**
 * Close account, the last section of /settings (machines/close-account.machine.ts, its view-model
 * machines/close-account.view.ts), driven as a person: a fresh signed-in account per path. The server's refusal for a
 * payment still open is caused for real: the account asks a second account (its own browser context) for money
 * through the API before the password is confirmed. Closing for good, and a wrong password, are the hand-written
 * account-settings.spec.ts's.
 */
interface CloseWorld {
  account: TestAccount;
}

const s = (key: string) => text('en', 'settings', key);
const cm = (key: string) => text('en', 'common', key);

const section = (page: Page) => page.getByRole('region', { name: s('close.title') });
const dialog = (page: Page) => page.getByRole('dialog', { name: s('close.dialogTitle') });
const passwordField = (page: Page) => dialog(page).getByLabel(cm('passwordDialog.label'), { exact: true });

export const closeAccountDriver: Driver<CloseWorld> = {
  name: 'close-account',
  machine: catalogue.fake(),
  input: catalogue.inputs!.signedIn,
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, message: snapshot.context.message, passwordError: snapshot.context.passwordError }),

  async start({ context }) {
    return { account: await createAccount(context, { setUp: { fullName: 'Ana Souza' } }) };
  },

  async open({ page }) {
    await page.goto('/settings');
    await expect(mainHeading(page)).toHaveText(cm('routes.settings'));
  },

  events: {
    CLOSE: { perform: async ({ page }) => section(page).getByRole('button', { name: s('close.button'), exact: true }).click() },
    PASSWORD_SUBMIT: {
      // Nothing typed, and the account's password.
      samples: [{ password: '' }, { password: PASSWORD }],
      async perform({ page }, { password }) {
        if (password) await passwordField(page).fill(String(password));
        await dialog(page).getByRole('button', { name: s('close.confirm'), exact: true }).click();
      },
    },
    CANCEL: { perform: async ({ page }) => dialog(page).getByRole('button', { name: cm('passwordDialog.cancel'), exact: true }).click() },
  },

  outcomes: {
    closeAccount: {
      error: [
        {
          name: 'a request the account made is still open',
          value: apiFailure(409, { code: 'account_has_pending', detail: 'A payment is still open.' }),
          async arrange({ browser, context, world }) {
            const payer = await secondAccount(browser);
            const asked = await context.request.post(`/api/app/user/${world.account.user.userId}/payment/request/`, {
              headers: { 'idempotency-key': randomUUID() },
              data: { receiverUserId: payer.user.userId, amount: '5.00', message: 'Lunch on Friday' },
            });
            expect(asked.status(), await asked.text()).toBe(201);
          },
        },
      ],
    },
  },

  // Every transition can be caused from the screen.
  leftOut: {},

  async screen({ page }, snapshot) {
    const view = closeAccountView(snapshot);
    const state = `close-account in ${JSON.stringify(snapshot.value)}`;
    // The dialog is modal: the page behind it is out of reach (and of the accessibility tree) while it is open.
    if (view.dialog.open) {
      await expect(dialog(page), `${state}: the password dialog`).toBeVisible();
      await expectFieldError(passwordField(page), view.dialog.error !== null, `${state}: the password field`);
      return;
    }
    await expectAbsent(dialog(page), `${state}: the password dialog`);
    const alert = section(page).getByRole('alert');
    if (view.message) await expect(alert, `${state}: the server's reason`).toBeVisible();
    else await expectAbsent(alert, `${state}: a reason`);
    await expectButton(section(page).getByRole('button', { name: s(view.close.labelKey), exact: true }), view.close.enabled, `${state}: view.close`);
  },
};
