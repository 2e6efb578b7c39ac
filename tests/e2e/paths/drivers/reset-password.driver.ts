import { expect, type Page } from '@playwright/test';
import { goodPassword } from '../../../../machines/catalogue-samples';
import catalogue from '../../../../machines/reset-password.catalogue';
import type { ResetPasswordContext } from '../../../../machines/reset-password.machine';
import { resetPasswordView } from '../../../../machines/reset-password.view';
import { fmt, latestResetLink, mainHeading, pathOf, text, type TestAccount } from '../../support/app';
import { secondAccount } from '../../support/second-account';
import type { Driver } from '../driver';
import { forceServerProblem, UNAVAILABLE_FAILURE } from '../forced-answers';
import { expectAbsent, expectButton, expectFieldError } from '../screen-checks';

/**
 * Reset password from the emailed link, /reset-password?email=&saltcode= (machines/reset-password.machine.ts, its
 * view-model machines/reset-password.view.ts), driven as a visitor: a fresh account per path, made in a context of its
 * own (this one stays signed out), its reset link asked for through the API and read from the dev outbox. Only the
 * server failing at saving is forced (a 503); the link's own refusals are the hand-written accounts.spec.ts's.
 */
interface ResetWorld {
  account: TestAccount;
  /** The emailed link's path and query. */
  link: string;
}

const a = (key: string, values: Record<string, string | number> = {}) => fmt(text('en', 'accounts', key), values);
const NEW_PASSWORD = 'N3w!password';

const FIELD_LABEL = { password_1: 'fields.newPassword', password_2: 'fields.confirmNewPassword' } as const;
const main = (page: Page) => page.getByRole('main');
const field = (page: Page, name: keyof typeof FIELD_LABEL) => main(page).getByLabel(a(FIELD_LABEL[name]), { exact: true });
const toggle = (page: Page, name: keyof typeof FIELD_LABEL) =>
  main(page).getByRole('button', { name: new RegExp(`^(${a('fields.showPassword', { field: a(FIELD_LABEL[name]).toLocaleLowerCase() })}|${a('fields.hidePassword', { field: a(FIELD_LABEL[name]).toLocaleLowerCase() })})$`, 'u') });

export const resetPasswordDriver: Driver<ResetWorld> = {
  name: 'reset-password',
  machine: catalogue.fake(),
  input: catalogue.inputs!.link,
  serializeState: (snapshot) => catalogue.serializeState!(snapshot),

  async start({ page, browser }) {
    const account = await secondAccount(browser, {});
    const asked = await page.request.post('/api/app/user/forgot-password', { data: { email: account.email } });
    expect(asked.status(), await asked.text()).toBe(202);
    return { account, link: pathOf(await latestResetLink(page.request, account.email)) };
  },

  async open({ page, world }) {
    await page.goto(world.link);
    await expect(mainHeading(page)).toHaveText(a('titles.resetPassword'));
  },

  events: {
    CHANGE: {
      // A new password, and its confirmation (the rules' refusals are the model tests' and the unit tests').
      samples: [
        { field: 'password_1', value: goodPassword },
        { field: 'password_2', value: goodPassword },
      ],
      perform: async ({ page }, { field: name }) => field(page, name as keyof typeof FIELD_LABEL).fill(NEW_PASSWORD),
    },
    TOGGLE_VISIBILITY: {
      samples: [{ field: 'password_1' }],
      perform: async ({ page }, { field: name }) => toggle(page, name as keyof typeof FIELD_LABEL).click(),
    },
    SUBMIT: { perform: async ({ page }) => main(page).getByRole('button', { name: a('resetPassword.submit'), exact: true }).click() },
  },

  outcomes: {
    resetPassword: {
      done: [{ name: 'the new password is saved' }],
      error: [
        {
          name: 'the server is unavailable',
          value: UNAVAILABLE_FAILURE,
          arrange: async ({ page }) => forceServerProblem(page, 'PATCH', /\/api\/app\/user\/reset-password(\?.*)?$/),
          logs: 503,
        },
      ],
    },
  },

  // Every transition can be caused from the screen.
  leftOut: {},

  async screen({ page }, snapshot) {
    const view = resetPasswordView(snapshot);
    const { errors, visible }: ResetPasswordContext = snapshot.context;
    const state = `reset-password in ${JSON.stringify(snapshot.value)}`;
    await expect(mainHeading(page), `${state}: the heading`).toHaveText(a('titles.resetPassword'));
    if (view.unusableLink) {
      await expect(main(page).getByRole('link', { name: a('resetPassword.requestNewLink') }), `${state}: the way to a new link`).toBeVisible();
      await expectAbsent(field(page, 'password_1'), `${state}: the new password field`);
      return;
    }
    for (const name of ['password_1', 'password_2'] as const) {
      await expect(field(page, name), `${state}: the ${name} field`).toBeVisible();
      await expectFieldError(field(page, name), Boolean(errors[name]), `${state}: the ${name} field`);
      await expect(toggle(page, name), `${state}: the ${name} field's show/hide`).toHaveAttribute('aria-pressed', String(visible[name]));
      await expect(field(page, name), `${state}: the ${name} field shown or hidden`).toHaveAttribute('type', visible[name] ? 'text' : 'password');
    }
    const alert = main(page).getByRole('alert');
    if (view.form.message) await expect(alert, `${state}: the form's message`).toBeVisible();
    else await expectAbsent(alert, `${state}: a form message`);
    await expectButton(main(page).getByRole('button', { name: a(view.form.submit.labelKey), exact: true }), view.form.submit.enabled, `${state}: view.form.submit`);
  },
};
