import { expect, type APIRequestContext, type Page } from '@playwright/test';
import catalogue from '../../../../machines/account-info.catalogue';
import type { AccountInfoContext } from '../../../../machines/account-info.machine';
import { accountInfoView } from '../../../../machines/account-info.view';
import { fieldRefusal, marta, tooMany } from '../../../../machines/catalogue-samples';
import { createAccount, fmt, mainHeading, outbox, PASSWORD, text, uniqueEmail, type TestAccount } from '../../support/app';
import { passwordDialog, passwordDialogEvents, passwordField } from '../password-dialog';
import type { Driver } from '../driver';
import { forceServerProblem, UNAVAILABLE_FAILURE } from '../forced-answers';
import { expectAbsent, expectButton, expectFieldError } from '../screen-checks';

/**
 * Account info, /account-info (machines/account-info.machine.ts, its view-model machines/account-info.view.ts),
 * driven as a person: a fresh signed-in account per path. A new email waiting for its code is saved through the API
 * before the screen reads the account (the form's own way there is the hand-written account-settings.spec.ts); its
 * codes come from the dev outbox. A newer code, asked for through the API, makes the typed one
 * wrong; the hour's five resends, asked for through the API, make the screen's resend refused. Only the 503s (the
 * first read, a save) are forced.
 */
interface AccountInfoWorld {
  account: TestAccount;
  /** The address this path's account moves to (when the path has one waiting). */
  newEmail: string;
}

const s = (key: string, values: Record<string, string | number> = {}) => fmt(text('en', 'settings', key), values);
const cm = (key: string) => text('en', 'common', key);

/** The model's samples: the machine reads only which field changed, whether the password is empty, whether the code is whole. */
const NEW_NAME = 'Marta L.';
const WHOLE_CODE = ['4', '8', '1', '5', '1', '6'];
const MARTA_PENDING = { user: marta, phoneNumber: null, pendingEmail: 'marta@new.example.com' };
const MARTA = { user: marta, phoneNumber: null, pendingEmail: null };

const FIELD_LABEL = { fullName: 'accountInfo.fullName', username: 'accountInfo.username', email: 'accountInfo.email' } as const;
const field = (page: Page, name: keyof typeof FIELD_LABEL) => page.getByRole('main').getByLabel(s(FIELD_LABEL[name]), { exact: true });
const saveButton = (page: Page, key: 'accountInfo.save' | 'accountInfo.saving') => page.getByRole('main').getByRole('button', { name: s(key), exact: true });
const pending = (page: Page) => page.getByRole('region', { name: s('accountInfo.pendingTitle') });
const pendingButton = (page: Page, key: string) => pending(page).getByRole('button', { name: s(key), exact: true });
const digitBox = (page: Page, index: number) =>
  pending(page).getByRole('textbox', { name: fmt(text('en', 'accounts', 'pin.digitLabel'), { index, count: 6 }), exact: true });

/** The newest code mailed to `email` (dev outbox). */
async function mailedCode(request: APIRequestContext, email: string): Promise<string> {
  const [message] = await outbox(request, email);
  const code = /\b(\d{6})\b/u.exec(message?.body ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

const resend = (request: APIRequestContext, email: string) => request.post('/api/app/user/otp/email/resend/', { data: { email } });

export const accountInfoDriver: Driver<AccountInfoWorld> = {
  name: 'account-info',
  machine: catalogue.fake(),
  input: catalogue.inputs!.signedIn,
  serializeState: (snapshot) => catalogue.serializeState!(snapshot),

  async start({ context }) {
    return {
      account: await createAccount(context, { setUp: { fullName: 'Ana Souza' } }),
      newEmail: uniqueEmail('moved'),
    };
  },

  async open({ page }) {
    await page.goto('/account-info');
    await expect(mainHeading(page)).toHaveText(cm('routes.accountInfo'));
  },

  events: {
    // The empty password and the account's password (the wrong one is the hand-written tests').
    ...passwordDialogEvents(),
    CHANGE: {
      // A new public name: the password is asked.
      samples: [{ field: 'fullName', value: NEW_NAME }],
      perform: async ({ page }, { value }) => field(page, 'fullName').fill(String(value)),
    },
    SUBMIT: { perform: async ({ page }) => saveButton(page, 'accountInfo.save').click() },
    RETRY: { perform: async ({ page }) => page.getByRole('main').getByRole('button', { name: s('accountInfo.retry'), exact: true }).click() },
    CODE_CHANGED: {
      // The code mailed last to the new address, every box.
      samples: [{ digits: WHOLE_CODE }],
      async perform({ page, world }) {
        const code = await mailedCode(page.request, world.newEmail);
        await digitBox(page, 1).click();
        await page.keyboard.type(code);
      },
    },
    VERIFY_CODE: { perform: async ({ page }) => pendingButton(page, 'accountInfo.verify').click() },
    RESEND_CODE: { perform: async ({ page }) => pendingButton(page, 'accountInfo.resend').click() },
  },

  outcomes: {
    loadUser: {
      done: [
        // Named so that a path with either beginning takes this one (the shortest paths break ties by name).
        { name: 'an account with nothing waiting', value: MARTA },
        {
          name: 'the new email saved earlier waits for its code',
          value: MARTA_PENDING,
          async arrange({ context, world }) {
            const { user, email } = world.account;
            const saved = await context.request.patch(`/api/app/user/${user.userId}/account-info`, {
              data: { current_password: PASSWORD, fullName: user.fullName ?? '', username: user.username ?? '', country: user.country ?? '', email: world.newEmail },
            });
            expect(saved.status(), await saved.text()).toBe(200);
            expect(((await saved.json()) as { pendingEmail: string | null }).pendingEmail).toBe(world.newEmail);
            expect(email).not.toBe(world.newEmail);
          },
        },
      ],
      error: [
        {
          name: 'the server is unavailable',
          value: UNAVAILABLE_FAILURE,
          // The shell's own read of the session hits it too: a 503 there keeps the user (machines/session.machine.ts).
          arrange: async ({ page }) => forceServerProblem(page, 'GET', /\/api\/app\/user\/[^/?]+(\?.*)?$/),
          logs: 503,
        },
      ],
    },
    saveAccountInfo: {
      done: [
        {
          name: 'the server saves it; nothing waits for a code',
          value: { user: marta, verificationSent: false, pendingEmail: null },
          // The answer keeps a waiting email (the sample has none): the path must have read an account without one.
          async arrange({ context, world }) {
            const read = await context.request.get(`/api/app/user/${world.account.user.userId}`);
            expect(((await read.json()) as { pendingEmail?: string | null }).pendingEmail ?? null, 'no new email waits').toBeNull();
          },
        },
      ],
      error: [
        {
          name: 'the server is unavailable',
          value: UNAVAILABLE_FAILURE,
          arrange: async ({ page }) => forceServerProblem(page, 'PATCH', /\/api\/app\/user\/[^/?]+\/account-info(\?.*)?$/),
          logs: 503,
        },
      ],
    },
    verifyEmailCode: {
      done: [{ name: 'the mailed code is right', value: { ...MARTA, user: { ...marta, email: 'marta@new.example.com' } } }],
      error: [
        {
          name: 'a newer code was asked for meanwhile',
          value: fieldRefusal(400, 'otp_invalid', 'otp', 'That code is not right. Check the email we sent or ask for a new code.'),
          // A resend through the API replaces the typed code (asked again in the rare case the new one is the same).
          async arrange({ page, world }) {
            const typed = await mailedCode(page.request, world.newEmail);
            for (let tries = 0; tries < 2 && (await mailedCode(page.request, world.newEmail)) === typed; tries += 1) {
              const sent = await resend(page.request, world.newEmail);
              expect(sent.status(), await sent.text()).toBe(202);
            }
            expect(await mailedCode(page.request, world.newEmail)).not.toBe(typed);
          },
        },
      ],
    },
    resendEmailCode: {
      done: [{ name: 'a new code is mailed' }],
      error: [
        {
          name: 'the address had its 5 codes this hour',
          value: tooMany,
          // The hour's resends to the new address, asked for through the API: the screen's is refused.
          async arrange({ page, world }) {
            let status = 0;
            for (let tries = 0; tries < 6 && status !== 429; tries += 1) status = (await resend(page.request, world.newEmail)).status();
            expect(status, 'the address is at its hourly limit').toBe(429);
          },
        },
      ],
    },
  },

  // Every transition can be caused from the screen.
  leftOut: {},

  async screen({ page, world }, snapshot) {
    const view = accountInfoView(snapshot);
    const { errors }: AccountInfoContext = snapshot.context;
    const state = `account-info in ${JSON.stringify(snapshot.value)}`;
    const main = page.getByRole('main');
    if (view.part === 'loadFailed') {
      await expect(main.getByRole('alert').filter({ hasText: s('accountInfo.loadFailed') }), `${state}: "${s('accountInfo.loadFailed')}"`).toBeVisible();
      await expectButton(main.getByRole('button', { name: s('accountInfo.retry'), exact: true }), true, `${state}: "${s('accountInfo.retry')}"`);
      await expectAbsent(field(page, 'email'), `${state}: the form`);
      return;
    }
    // The dialog is modal: the page behind it is out of reach (and of the accessibility tree) while it is open.
    if (view.passwordDialog.open) {
      await expect(passwordDialog(page), `${state}: the password dialog`).toBeVisible();
      await expectFieldError(passwordField(page), view.passwordDialog.error !== null, `${state}: the password field`);
      return;
    }
    await expectAbsent(passwordDialog(page), `${state}: the password dialog`);
    for (const name of ['fullName', 'username', 'email'] as const) {
      await expect(field(page, name), `${state}: the ${name} field`).toBeVisible();
      await expectFieldError(field(page, name), Boolean(errors[name]), `${state}: the ${name} field`);
    }
    // The account keeps its email until the new one's code is typed.
    await expect(field(page, 'email'), `${state}: the email field shows the account's email`).toHaveValue(world.account.email);
    await expectButton(saveButton(page, view.saving ? 'accountInfo.saving' : 'accountInfo.save'), !view.saving, `${state}: the save button`);
    const alert = page.getByRole('main').getByRole('alert');
    if (snapshot.context.message) await expect(alert, `${state}: the form's message`).toBeVisible();
    else await expectAbsent(alert, `${state}: a form message`);

    if (view.pendingEmail) {
      await expect(pending(page), `${state}: the new email waiting`).toContainText(world.newEmail);
      await expectButton(pendingButton(page, view.pendingEmail.verifying ? 'accountInfo.verifying' : 'accountInfo.verify'), !view.pendingEmail.verifying && !view.pendingEmail.resending, `${state}: the verify button`);
      await expectButton(pendingButton(page, 'accountInfo.resend'), !view.pendingEmail.verifying && !view.pendingEmail.resending, `${state}: "${s('accountInfo.resend')}"`);
      await expectFieldError(digitBox(page, 1), view.pendingEmail.error !== null, `${state}: the code boxes`);
      const resent = pending(page).getByRole('status').filter({ hasText: s('accountInfo.resent', { email: world.newEmail }) });
      if (view.pendingEmail.resent) await expect(resent, `${state}: "${s('accountInfo.resent', { email: world.newEmail })}"`).toBeVisible();
      else await expectAbsent(resent, `${state}: the resent notice`);
    } else {
      await expectAbsent(pending(page), `${state}: the new email waiting`);
    }
  },
};
