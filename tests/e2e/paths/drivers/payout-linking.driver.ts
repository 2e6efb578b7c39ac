import { expect, type BrowserContext, type Page } from '@playwright/test';
import { apiFailure } from '../../../../machines/forms/api-failure';
import { tooMany, wrongPassword } from '../../../../machines/catalogue-samples';
import catalogue, { payoutInfo } from '../../../../machines/payout-linking.catalogue';
import type { PayoutLinkingContext } from '../../../../machines/payout-linking.machine';
import { payoutLinkingView } from '../../../../machines/payout-linking.view';
import { createAccount, mainHeading, PASSWORD, text, uniqueEmail, type TestAccount } from '../../support/app';
import { w } from '../../support/withdrawals';
import { passwordDialog, passwordDialogEvents, passwordField } from '../password-dialog';
import type { Driver } from '../driver';
import { forceServerProblem, UNAVAILABLE_FAILURE } from '../forced-answers';
import { expectAbsent, expectButton, expectFieldError, expectStep } from '../screen-checks';

/**
 * Connect the payout account, /settings/withdraw-method/link-payout-account (machines/payout-linking.machine.ts, its
 * view-model machines/payout-linking.view.ts), driven as a person: a fresh signed-in account per path, a fresh
 * provider email. The provider password typed is always the sandbox's refused one (server/providers/sandbox/payouts.ts
 * `wrong-password`): the generated paths need only refusals (linking that succeeds, and "not activated", are the
 * hand-written withdrawals.spec.ts's). The Tipjar password refused is caused by changing it through the API between
 * the screen and the dialog; the hour's failed links, made through the API, refuse the screen's. Only the provider's
 * first read failing is forced (a 503).
 */
interface PayoutWorld {
  account: TestAccount;
  /** The provider email this path types. */
  payoutEmail: string;
}

const PROVIDER = payoutInfo.provider;
/** The sandbox refuses this provider password (invalid credentials). */
const REFUSED_PROVIDER_PASSWORD = 'wrong-password';
const BANK_ACCOUNT_NUMBER = '12345678';
/** The model's samples: the machine reads only whether each field passes its rule. */
const SAMPLE_EMAIL = 'ana@example.com';

const FIELD_LABEL = {
  email: w('payout.fields.email', { provider: PROVIDER }),
  password: w('payout.fields.password', { provider: PROVIDER }),
  bankAccountNumber: w('payout.fields.bankAccountNumber'),
} as const;
const main = (page: Page) => page.getByRole('main');
const field = (page: Page, name: keyof typeof FIELD_LABEL) => main(page).getByLabel(FIELD_LABEL[name], { exact: true });
const button = (page: Page, name: string) => main(page).getByRole('button', { name, exact: true });
const cm = (key: string) => text('en', 'common', key);
const linkApi = (account: TestAccount) => `/api/app/user/${account.user.userId}/payout-account`;

/** A link the provider refuses, through the API: one failed link of this user and email. */
async function failedLink(context: BrowserContext, world: PayoutWorld): Promise<number> {
  const res = await context.request.post(linkApi(world.account), {
    data: { current_password: PASSWORD, email: world.payoutEmail, password: REFUSED_PROVIDER_PASSWORD, bankAccountNumber: BANK_ACCOUNT_NUMBER },
  });
  return res.status();
}

export const payoutLinkingDriver: Driver<PayoutWorld> = {
  name: 'payout-linking',
  machine: catalogue.fake(),
  input: undefined,
  serializeState: (snapshot) => catalogue.serializeState!(snapshot),

  async start({ context }) {
    return { account: await createAccount(context, { setUp: { fullName: 'Ana Souza' } }), payoutEmail: uniqueEmail('payout') };
  },

  async open({ page }) {
    await page.goto('/settings/withdraw-method/link-payout-account');
    await expect(mainHeading(page)).toHaveText(w('payout.title'));
  },

  events: {
    // The empty password and the account's password (the wrong one is the hand-written tests').
    ...passwordDialogEvents(),
    CHANGE: {
      // The three credentials, each passing its rule: the path's own provider email, the refused password, a number.
      samples: [
        { field: 'email', value: SAMPLE_EMAIL },
        { field: 'password', value: REFUSED_PROVIDER_PASSWORD },
        { field: 'bankAccountNumber', value: BANK_ACCOUNT_NUMBER },
      ],
      async perform({ page, world }, { field: name, value }) {
        const which = name as keyof typeof FIELD_LABEL;
        await field(page, which).fill(which === 'email' ? world.payoutEmail : String(value));
      },
    },
    NEXT: { perform: async ({ page }) => button(page, w('actions.next')).click() },
    BACK: { perform: async ({ page }) => button(page, w('actions.back')).click() },
    CONFIRM: { perform: async ({ page }) => button(page, w('payout.connect')).click() },
    START_OVER: { perform: async ({ page }) => button(page, w('payout.startOver')).click() },
    RETRY: { perform: async ({ page }) => button(page, w('payout.retry')).click() },
  },

  outcomes: {
    loadProvider: {
      done: [{ name: 'the provider is PayWorld, nothing linked yet', value: payoutInfo }],
      error: [
        {
          name: 'the server is unavailable',
          value: UNAVAILABLE_FAILURE,
          arrange: async ({ page }) => forceServerProblem(page, 'GET', /\/api\/app\/user\/[^/?]+\/payout-account(\?.*)?$/),
          logs: 503,
        },
      ],
    },
    linkAccount: {
      error: [
        {
          name: 'the Tipjar password was changed meanwhile',
          value: wrongPassword,
          // Through the API in this session (which a change keeps): the password typed in the dialog is the old one.
          async arrange({ context, world }) {
            const changed = await context.request.patch(`/api/app/user/${world.account.user.userId}/account/change-password`, {
              data: { current_password: PASSWORD, password_1: 'N3w!passw0rd', password_2: 'N3w!passw0rd' },
            });
            expect(changed.status(), await changed.text()).toBe(200);
          },
        },
        {
          name: 'PayWorld refuses the email and password',
          value: apiFailure(422, { code: 'payout_account_invalid_credentials', detail: 'The PayWorld email or password is incorrect.' }),
          logs: 422,
        },
        {
          name: 'the hour’s 5 failed links were made',
          value: tooMany,
          async arrange({ context, world }) {
            for (let i = 0; i < 5; i += 1) expect(await failedLink(context, world), `failed link ${i + 1}`).toBe(422);
            expect(await failedLink(context, world), 'the user is at the hourly limit').toBe(429);
          },
        },
      ],
    },
  },

  // Every transition can be caused from the screen.
  leftOut: {},

  async screen({ page }, snapshot) {
    const view = payoutLinkingView(snapshot);
    const { errors, failure }: PayoutLinkingContext = snapshot.context;
    const state = `payout-linking in ${JSON.stringify(snapshot.value)} (stage ${view.stage})`;
    // The dialog is modal: the page behind it is out of reach (and of the accessibility tree) while it is open.
    if (view.password.open) {
      await expect(passwordDialog(page), `${state}: the password dialog`).toBeVisible();
      await expectFieldError(passwordField(page), snapshot.context.passwordError !== null, `${state}: the password field`);
      return;
    }
    await expectAbsent(passwordDialog(page), `${state}: the password dialog`);
    if (view.stage === 'loadFailed') {
      await expect(main(page).getByRole('heading', { name: w('payout.loadFailed'), exact: true }), `${state}: the heading`).toBeVisible();
      await expectButton(button(page, w('payout.retry')), true, `${state}: "${w('payout.retry')}"`);
      return;
    }
    await expectStep(main(page), [w('payout.steps.credentials'), w('payout.steps.confirm'), w('payout.steps.done')], view.step ?? 0, state);
    if (view.stage === 'credentials') {
      for (const name of ['email', 'password', 'bankAccountNumber'] as const) {
        await expect(field(page, name), `${state}: the ${name} field`).toBeVisible();
        await expectFieldError(field(page, name), Boolean(errors[name]), `${state}: the ${name} field`);
      }
      const alert = main(page).getByRole('alert');
      if (failure) await expect(alert, `${state}: why the last try was refused`).toBeVisible();
      else await expectAbsent(alert, `${state}: a refusal`);
      await expectButton(button(page, w('actions.next')), view.submit === 'NEXT', `${state}: "${w('actions.next')}"`);
    } else {
      await expectAbsent(field(page, 'email'), `${state}: the credentials`);
    }
    if (view.stage === 'confirm') {
      await expect(main(page).getByText(w('payout.confirmLead', { provider: PROVIDER })), `${state}: what will be linked`).toBeVisible();
      if (view.back) await expectButton(button(page, w('actions.back')), true, `${state}: view.back "${w('actions.back')}"`);
      else await expectAbsent(button(page, w('actions.back')), `${state}: "${w('actions.back')}"`);
      await expectButton(button(page, w(view.connect.labelKey)), view.connect.enabled, `${state}: view.connect "${w(view.connect.labelKey)}"`);
    }
    if (view.error) {
      const title = view.error.notActivated ? w('payout.notActivatedTitle', { provider: PROVIDER }) : w('payout.errorTitle');
      await expect(main(page).getByRole('heading', { name: title, exact: true }), `${state}: the heading`).toBeVisible();
      await expectButton(button(page, w('payout.startOver')), true, `${state}: "${w('payout.startOver')}"`);
      if (view.error.retry) await expectButton(button(page, w('payout.retry')), true, `${state}: view.error.retry "${w('payout.retry')}"`);
      else await expectAbsent(button(page, w('payout.retry')), `${state}: "${w('payout.retry')}"`);
    }
  },
};
