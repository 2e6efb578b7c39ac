import { expect, type Page } from '@playwright/test';
import { fieldRefusal, goodPassword } from '../../../../machines/catalogue-samples';
import catalogue from '../../../../machines/sign-up.catalogue';
import type { SignUpContext } from '../../../../machines/sign-up.machine';
import { signUpView } from '../../../../machines/sign-up.view';
import { fmt, mainHeading, PASSWORD, text, uniqueEmail } from '../../support/app';
import { secondAccount } from '../../support/second-account';
import type { Driver } from '../driver';
import { expectAbsent, expectButton, expectFieldError } from '../screen-checks';

/**
 * Sign-up, /sign-up (machines/sign-up.machine.ts, its view-model machines/sign-up.view.ts), driven as a visitor: a
 * fresh address per path. The address taken is taken for real: an account is made with it (in a context of its own)
 * between typing it and pressing "Create account". Creating the account is the hand-written accounts.spec.ts's.
 */
interface SignUpWorld {
  /** The address this path types. */
  email: string;
}

const a = (key: string, values: Record<string, string | number> = {}) => fmt(text('en', 'accounts', key), values);

type PasswordField = 'password' | 'confirmPassword';
const FIELD_LABEL = { email: a('fields.email'), password: a('fields.password'), confirmPassword: a('fields.confirmPassword') } as const;
const main = (page: Page) => page.getByRole('main');
const field = (page: Page, name: keyof typeof FIELD_LABEL) => main(page).getByLabel(FIELD_LABEL[name], { exact: true });
const consent = (page: Page) => main(page).getByRole('checkbox');
const toggle = (page: Page, name: PasswordField, visible: boolean) =>
  main(page).getByRole('button', { name: a(visible ? 'fields.hidePassword' : 'fields.showPassword', { field: FIELD_LABEL[name].toLocaleLowerCase() }), exact: true });

export const signUpDriver: Driver<SignUpWorld> = {
  name: 'sign-up',
  machine: catalogue.fake(),
  input: catalogue.inputs!.plain,
  serializeState: (snapshot) => catalogue.serializeState!(snapshot),

  async start() {
    return { email: uniqueEmail('signup') };
  },

  async open({ page }) {
    await page.goto('/sign-up');
    await expect(mainHeading(page)).toHaveText(text('en', 'common', 'auth.signUpTitle'));
  },

  events: {
    CHANGE: {
      // Every field good: the path's own address, the password twice, the consent.
      samples: [
        { field: 'email', value: 'Ana@Example.com' },
        { field: 'password', value: goodPassword },
        { field: 'confirmPassword', value: goodPassword },
        { field: 'acceptTerms', value: true },
      ],
      async perform({ page, world }, { field: name }) {
        if (name === 'acceptTerms') await consent(page).check();
        else if (name === 'email') await field(page, 'email').fill(world.email);
        else await field(page, name as PasswordField).fill(PASSWORD);
      },
    },
    TOGGLE_VISIBILITY: {
      samples: [{ field: 'password' }],
      perform: async ({ page }, { field: name }, before) =>
        toggle(page, name as PasswordField, (before.context as SignUpContext).visible[name as PasswordField]).click(),
    },
    SUBMIT: { perform: async ({ page }) => main(page).getByRole('button', { name: a('signUp.submit'), exact: true }).click() },
  },

  outcomes: {
    createUser: {
      error: [
        {
          name: 'an account was made with the address meanwhile',
          value: fieldRefusal(409, 'email_taken', 'email', 'Email already registered'),
          arrange: async ({ browser, world }) => void (await secondAccount(browser, { email: world.email, setUp: false })),
        },
      ],
    },
  },

  // Every transition can be caused from the screen.
  leftOut: {},

  async screen({ page }, snapshot) {
    const view = signUpView(snapshot);
    const { errors, visible }: SignUpContext = snapshot.context;
    const state = `sign-up in ${JSON.stringify(snapshot.value)}`;
    for (const name of ['email', 'password', 'confirmPassword'] as const) {
      await expect(field(page, name), `${state}: the ${name} field`).toBeVisible();
      await expectFieldError(field(page, name), Boolean(errors[name]), `${state}: the ${name} field`);
    }
    for (const name of ['password', 'confirmPassword'] as const) {
      await expect(field(page, name), `${state}: the ${name} field shown or hidden`).toHaveAttribute('type', visible[name] ? 'text' : 'password');
      await expect(toggle(page, name, visible[name]), `${state}: the ${name} field's show/hide`).toHaveAttribute('aria-pressed', String(visible[name]));
    }
    await expectFieldError(consent(page), Boolean(errors.acceptTerms), `${state}: the consent`);
    const alert = main(page).getByRole('alert');
    if (view.message) await expect(alert, `${state}: the form's message`).toBeVisible();
    else await expectAbsent(alert, `${state}: a form message`);
    await expectButton(main(page).getByRole('button', { name: a(view.submit.labelKey), exact: true }), view.submit.enabled, `${state}: view.submit`);
  },
};
