import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import catalogue from '../../../../machines/close-account.catalogue';
import { closeAccountView } from '../../../../machines/close-account.view';
import { apiFailure } from '../../../../machines/forms/api-failure';
import { createAccount, mainHeading, text, type TestAccount } from '../../support/app';
import { secondAccount } from '../../support/second-account';
import { passwordDialog, passwordDialogEvents, passwordField } from '../password-dialog';
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
/** Closing the account names its dialog and its confirming button itself. */
const DIALOG = { title: s('close.dialogTitle'), confirm: s('close.confirm') };

const section = (page: Page) => page.getByRole('region', { name: s('close.title') });

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
    // The empty password and the account's password (the wrong one is the hand-written tests').
    ...passwordDialogEvents(DIALOG),
    CLOSE: { perform: async ({ page }) => section(page).getByRole('button', { name: s('close.button'), exact: true }).click() },
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
      await expect(passwordDialog(page, DIALOG), `${state}: the password dialog`).toBeVisible();
      await expectFieldError(passwordField(page, DIALOG), view.dialog.error !== null, `${state}: the password field`);
      return;
    }
    await expectAbsent(passwordDialog(page, DIALOG), `${state}: the password dialog`);
    const alert = section(page).getByRole('alert');
    if (view.message) await expect(alert, `${state}: the server's reason`).toBeVisible();
    else await expectAbsent(alert, `${state}: a reason`);
    await expectButton(section(page).getByRole('button', { name: s(view.close.labelKey), exact: true }), view.close.enabled, `${state}: view.close`);
  },
};
