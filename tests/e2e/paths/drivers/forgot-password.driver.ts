import { expect, type Page } from '@playwright/test';
import { tooMany } from '../../../../machines/catalogue-samples';
import catalogue from '../../../../machines/forgot-password.catalogue';
import type { ForgotPasswordContext } from '../../../../machines/forgot-password.machine';
import { forgotPasswordView } from '../../../../machines/forgot-password.view';
import { fmt, mainHeading, text, uniqueEmail } from '../../support/app';
import type { Driver } from '../driver';
import { expectAbsent, expectButton, expectFieldError } from '../screen-checks';

/**
 * Forgot password, /forgot-password (machines/forgot-password.machine.ts, its view-model
 * machines/forgot-password.view.ts), driven as a visitor: a fresh address per path, with no account behind it (the
 * server answers the same either way, so none is made). The hour's five reset emails to that address, asked for
 * through the API, refuse the screen's.
 */
interface ForgotWorld {
  /** The address this path types. */
  email: string;
}

const a = (key: string, values: Record<string, string | number> = {}) => fmt(text('en', 'accounts', key), values);

/** The model's sample: the machine reads only whether the address passes the rule. */
const SAMPLE_EMAIL = ' Ana@Example.com';

const main = (page: Page) => page.getByRole('main');
const emailField = (page: Page) => main(page).getByLabel(a('fields.email'), { exact: true });
const button = (page: Page, key: string) => main(page).getByRole('button', { name: a(key), exact: true });

export const forgotPasswordDriver: Driver<ForgotWorld> = {
  name: 'forgot-password',
  machine: catalogue.fake(),
  input: catalogue.inputs!.blank,
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, values: snapshot.context.values, errors: Object.keys(snapshot.context.errors), message: snapshot.context.message }),

  async start() {
    return { email: uniqueEmail('forgot') };
  },

  async open({ page }) {
    await page.goto('/forgot-password');
    await expect(mainHeading(page)).toHaveText(a('titles.forgotPassword'));
  },

  events: {
    CHANGE: {
      samples: [{ field: 'email', value: SAMPLE_EMAIL }],
      perform: async ({ page, world }) => emailField(page).fill(world.email),
    },
    SUBMIT: { perform: async ({ page }) => button(page, 'forgotPassword.submit').click() },
    SEND_AGAIN: { perform: async ({ page }) => button(page, 'forgotPassword.sendAgain').click() },
    EDIT: { perform: async ({ page }) => button(page, 'forgotPassword.useAnotherEmail').click() },
  },

  outcomes: {
    sendResetLink: {
      done: [{ name: 'the server accepts (the same words whether or not an account exists)' }],
      error: [
        {
          name: 'the address had its 5 reset emails this hour',
          value: tooMany,
          async arrange({ page, world }) {
            let status = 0;
            for (let tries = 0; tries < 6 && status !== 429; tries += 1) {
              status = (await page.request.post('/api/app/user/forgot-password', { data: { email: world.email } })).status();
            }
            expect(status, 'the address is at its hourly limit').toBe(429);
          },
        },
      ],
    },
  },

  // Every transition can be caused from the screen.
  leftOut: {},

  async screen({ page, world }, snapshot) {
    const view = forgotPasswordView(snapshot);
    const { errors, message }: ForgotPasswordContext = snapshot.context;
    const state = `forgot-password in ${JSON.stringify(snapshot.value)}`;
    await expect(mainHeading(page), `${state}: the heading`).toHaveText(a(view.titleKey));
    if (view.sent) {
      await expect(main(page).getByRole('status').filter({ hasText: a('forgotPassword.sentBody', { email: world.email }) }), `${state}: the same words either way`).toBeVisible();
      await expectButton(button(page, view.sent.sendAgain.labelKey), view.sent.sendAgain.enabled, `${state}: view.sent.sendAgain`);
      await expectButton(button(page, view.sent.useAnotherEmail.labelKey), view.sent.useAnotherEmail.enabled, `${state}: view.sent.useAnotherEmail`);
      await expectAbsent(emailField(page), `${state}: the email field`);
      return;
    }
    await expect(emailField(page), `${state}: the email field`).toBeVisible();
    await expectFieldError(emailField(page), Boolean(errors.email), `${state}: the email field`);
    const alert = main(page).getByRole('alert');
    if (message) await expect(alert, `${state}: the form's message`).toBeVisible();
    else await expectAbsent(alert, `${state}: a form message`);
    await expectButton(button(page, view.form.submit.labelKey), view.form.submit.enabled, `${state}: view.form.submit`);
  },
};
