import { expect, type Page } from '@playwright/test';
import catalogue from '../../../../machines/sign-in.catalogue';
import type { SignInContext } from '../../../../machines/sign-in.machine';
import { signInView } from '../../../../machines/sign-in.view';
import { fmt, mainHeading, text } from '../../support/app';
import type { Driver } from '../driver';
import { expectAbsent, expectButton, expectFieldError } from '../screen-checks';

/**
 * Sign in, /sign-in (machines/sign-in.machine.ts, its view-model machines/sign-in.view.ts), driven as a visitor. What
 * no hand-written test takes is the rules on an empty form: no path reaches the server, so no account is made.
 */
const a = (key: string, values: Record<string, string | number> = {}) => fmt(text('en', 'accounts', key), values);

const FIELD_LABEL = { email: a('fields.email'), password: a('fields.password') } as const;
const main = (page: Page) => page.getByRole('main');
const field = (page: Page, name: keyof typeof FIELD_LABEL) => main(page).getByLabel(FIELD_LABEL[name], { exact: true });

export const signInDriver: Driver<null> = {
  name: 'sign-in',
  machine: catalogue.fake(),
  input: catalogue.inputs!.blank,
  serializeState: (snapshot) => catalogue.serializeState!(snapshot),

  async start() {
    return null;
  },

  async open({ page }) {
    await page.goto('/sign-in');
    await expect(mainHeading(page)).toHaveText(text('en', 'common', 'auth.signInTitle'));
  },

  events: {
    SUBMIT: { perform: async ({ page }) => main(page).getByRole('button', { name: a('signIn.submit'), exact: true }).click() },
  },

  // Signing in (done, unverified, refused, rate-limited) is the hand-written accounts.spec.ts's.
  outcomes: {},

  // Every transition can be caused from the screen.
  leftOut: {},

  async screen({ page }, snapshot) {
    const view = signInView(snapshot);
    const { errors }: SignInContext = snapshot.context;
    const state = `sign-in in ${JSON.stringify(snapshot.value)}`;
    for (const name of ['email', 'password'] as const) {
      await expect(field(page, name), `${state}: the ${name} field`).toBeVisible();
      await expectFieldError(field(page, name), Boolean(errors[name]), `${state}: the ${name} field`);
    }
    const alert = main(page).getByRole('alert');
    if (view.message) await expect(alert, `${state}: the form's message`).toBeVisible();
    else await expectAbsent(alert, `${state}: a form message`);
    await expectButton(main(page).getByRole('button', { name: a(view.submit.labelKey), exact: true }), view.submit.enabled, `${state}: view.submit`);
  },
};
