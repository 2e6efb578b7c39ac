import { expect, type Page } from '@playwright/test';
import catalogue from '../../../../machines/change-password.catalogue';
import type { ChangePasswordContext } from '../../../../machines/change-password.machine';
import { changePasswordView } from '../../../../machines/change-password.view';
import { createAccount, fmt, mainHeading, text } from '../../support/app';
import type { Driver } from '../driver';
import { expectAbsent, expectButton, expectFieldError } from '../screen-checks';

/**
 * Change password, /change-password (machines/change-password.machine.ts, its view-model
 * machines/change-password.view.ts), driven as a person: a fresh signed-in account per path. What no hand-written
 * test takes is on the form itself (show/hide, the rules on an empty form): no path reaches the server.
 */
type PasswordField = 'current_password' | 'password_1' | 'password_2';

const a = (key: string, values: Record<string, string | number> = {}) => fmt(text('en', 'accounts', key), values);

const FIELD_LABEL: Record<PasswordField, string> = {
  current_password: a('fields.currentPassword'),
  password_1: a('fields.newPassword'),
  password_2: a('fields.confirmNewPassword'),
};
const main = (page: Page) => page.getByRole('main');
const field = (page: Page, name: PasswordField) => main(page).getByLabel(FIELD_LABEL[name], { exact: true });
const toggle = (page: Page, name: PasswordField, visible: boolean) =>
  main(page).getByRole('button', { name: a(visible ? 'fields.hidePassword' : 'fields.showPassword', { field: FIELD_LABEL[name].toLocaleLowerCase() }), exact: true });

export const changePasswordDriver: Driver<null> = {
  name: 'change-password',
  machine: catalogue.fake(),
  input: catalogue.inputs!.signedIn,
  serializeState: (snapshot) => catalogue.serializeState!(snapshot),

  async start({ context }) {
    await createAccount(context, { setUp: { fullName: 'Ana Souza' } });
    return null;
  },

  async open({ page }) {
    await page.goto('/change-password');
    await expect(mainHeading(page)).toHaveText(a('titles.changePassword'));
  },

  events: {
    TOGGLE_VISIBILITY: {
      samples: [{ field: 'current_password' }],
      perform: async ({ page }, { field: name }, before) =>
        toggle(page, name as PasswordField, (before.context as ChangePasswordContext).visible[name as PasswordField]).click(),
    },
    SUBMIT: { perform: async ({ page }) => main(page).getByRole('button', { name: a('changePassword.submit'), exact: true }).click() },
  },

  // Saving (done, and refused for a wrong current password) is the hand-written accounts.spec.ts's.
  outcomes: {},

  // Every transition can be caused from the screen.
  leftOut: {},

  async screen({ page }, snapshot) {
    const view = changePasswordView(snapshot);
    const { errors, visible }: ChangePasswordContext = snapshot.context;
    const state = `change-password in ${JSON.stringify(snapshot.value)}`;
    if (!view.form) throw new Error(`${state}: these paths never save`);
    for (const name of ['current_password', 'password_1', 'password_2'] as const) {
      await expect(field(page, name), `${state}: the ${name} field`).toBeVisible();
      await expectFieldError(field(page, name), Boolean(errors[name]), `${state}: the ${name} field`);
      await expect(field(page, name), `${state}: the ${name} field shown or hidden`).toHaveAttribute('type', visible[name] ? 'text' : 'password');
      await expect(toggle(page, name, visible[name]), `${state}: the ${name} field's show/hide`).toHaveAttribute('aria-pressed', String(visible[name]));
    }
    const alert = main(page).getByRole('alert');
    if (view.form.message) await expect(alert, `${state}: the form's message`).toBeVisible();
    else await expectAbsent(alert, `${state}: a form message`);
    await expectButton(main(page).getByRole('button', { name: a(view.form.submit.labelKey), exact: true }), view.form.submit.enabled, `${state}: view.form.submit`);
  },
};
