import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { activeUser, fieldRefusal, tooMany } from '../../../../machines/catalogue-samples';
import catalogue from '../../../../machines/email-verification.catalogue';
import type { EmailVerificationContext, EmailVerificationInput } from '../../../../machines/email-verification.machine';
import { emailVerificationView } from '../../../../machines/email-verification.view';
import { apiFailure } from '../../../../machines/forms/api-failure';
import { createAccount, fmt, latestCode, mainHeading, outbox, pathOf, text, type TestAccount } from '../../support/app';
import type { Driver } from '../driver';
import { forceServerProblem, UNAVAILABLE_FAILURE } from '../forced-answers';
import { expectAbsent, expectButton, expectFieldError } from '../screen-checks';

/**
 * Email verification (machines/email-verification.machine.ts, its view-model machines/email-verification.view.ts) as a
 * person just signed up meets it: a fresh account per path, signed in, neither verified nor set up, opening the link
 * of the email it was sent (/verify-email?email=&code=, read from the dev outbox) in the same browser. The link's code
 * is checked at once; what it meets is caused for real before the page opens: the code typed in another tab first
 * (used), five wrong codes tried first (dead: the link leads to /expired-link), or the link mangled on its way (the
 * boxes, with the reason, where the code is typed). A code used meanwhile is used through the API; the hour's five
 * resends, asked for through the API, refuse the screen's; only the account's read after verifying failing is forced
 * (a 503).
 */
interface VerificationWorld {
  account: TestAccount;
  /** The emailed link's path and query, as this path opens it. */
  link: string;
}

const a = (key: string, values: Record<string, string | number> = {}) => fmt(text('en', 'accounts', key), values);

/** The model's samples: the machine reads only whether the code is whole. */
const WHOLE_CODE = ['1', '2', '3', '4', '5', '6'];
const ONE_DIGIT = ['1', 'x', '', '', '', ''];
/** The link of the email, opened by a signed-in person (the catalogue's `linkVisitor`, signed in). */
const INPUT: EmailVerificationInput = { ...catalogue.inputs!.linkVisitor, signedIn: true } as EmailVerificationInput;

const main = (page: Page) => page.getByRole('main');
const digitBox = (page: Page, index: number) => main(page).getByRole('textbox', { name: a('pin.digitLabel', { index, count: 6 }), exact: true });
const button = (page: Page, key: string) => main(page).getByRole('button', { name: a(key), exact: true });

/** The newest code mailed to `email` (dev outbox). */
async function mailedCode(request: APIRequestContext, email: string): Promise<string> {
  const [message] = await outbox(request, email);
  const code = /\b(\d{6})\b/u.exec(message?.body ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

const verify = (request: APIRequestContext, email: string, otp: string) => request.post('/api/app/user/otp/email/', { data: { email, otp } });
/** Another code than `code`: every digit one up. */
const wrong = (code: string) => code.replace(/\d/gu, (d) => String((Number(d) + 1) % 10));

/** The hour's resends to the address, through the API: the screen's next one is refused. */
async function resendsUsedUp(request: APIRequestContext, email: string): Promise<void> {
  let status = 0;
  for (let tries = 0; tries < 6 && status !== 429; tries += 1) status = (await request.post('/api/app/user/otp/email/resend/', { data: { email } })).status();
  expect(status, 'the address is at its hourly limit').toBe(429);
}
const resendsUsedUpOutcome = {
  name: 'the address had its 5 codes this hour',
  value: tooMany,
  arrange: async ({ page, world }: { page: Page; world: VerificationWorld }) => resendsUsedUp(page.request, world.account.email),
};

export const emailVerificationDriver: Driver<VerificationWorld> = {
  name: 'email-verification',
  machine: catalogue.fake(),
  input: INPUT,
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, context: snapshot.context }),

  async start({ page, context }) {
    const account = await createAccount(context, { setUp: false });
    return { account, link: pathOf((await latestCode(page.request, account.email)).link) };
  },

  async open({ page, world }) {
    await page.goto(world.link);
  },

  events: {
    CODE_CHANGED: {
      // The code mailed last (every box), or one digit.
      samples: [{ digits: WHOLE_CODE }, { digits: ONE_DIGIT }],
      async perform({ page, world }, { digits }) {
        const typed = JSON.stringify(digits) === JSON.stringify(WHOLE_CODE) ? await mailedCode(page.request, world.account.email) : '1';
        await digitBox(page, 1).click();
        await page.keyboard.type(typed);
      },
    },
    SUBMIT: { perform: async ({ page }) => button(page, 'checkEmail.submit').click() },
    // "send a new code" under the boxes, "Send a new code" on the expired link's page.
    RESEND: { perform: async ({ page }, _payload, before) => button(page, before.matches('linkExpired') ? 'expiredLink.resend' : 'checkEmail.resend').click() },
  },

  outcomes: {
    verifyLink: {
      done: [{ name: 'the link’s code is right' }],
      error: [
        {
          name: 'the code was typed in another tab first',
          value: apiFailure(409, { code: 'otp_already_used', detail: 'This code was already used.' }),
          async arrange({ page, world }) {
            const used = await verify(page.request, world.account.email, await mailedCode(page.request, world.account.email));
            expect(used.status(), await used.text()).toBe(200);
          },
        },
        {
          name: 'five wrong codes were tried first: the code is dead',
          value: apiFailure(410, { code: 'otp_locked', detail: 'Too many wrong codes. Ask for a new one.' }),
          async arrange({ page, world }) {
            const { email } = world.account;
            const bad = wrong(await mailedCode(page.request, email));
            for (let i = 0; i < 5; i += 1) expect([400, 410], `wrong code ${i + 1}`).toContain((await verify(page.request, email, bad)).status());
          },
        },
        {
          name: 'the link was mangled on its way (another code)',
          value: fieldRefusal(400, 'otp_invalid', 'otp', 'That code is not right.'),
          async arrange({ page, world }) {
            const code = await mailedCode(page.request, world.account.email);
            world.link = world.link.replace(`code=${code}`, `code=${wrong(code)}`);
            expect(world.link).toContain(`code=${wrong(code)}`);
          },
        },
      ],
    },
    verifyTyped: {
      done: [{ name: 'the mailed code is right' }],
      error: [
        {
          name: 'the code was used meanwhile (another tab)',
          value: apiFailure(409, { code: 'otp_already_used', detail: 'This code was already used.' }),
          async arrange({ page, world }) {
            const { email } = world.account;
            const used = await verify(page.request, email, await mailedCode(page.request, email));
            expect(used.status(), await used.text()).toBe(200);
          },
        },
      ],
    },
    resendFromCode: { done: [{ name: 'a new code is mailed' }], error: [resendsUsedUpOutcome] },
    resendFromLink: { done: [{ name: 'a new code is mailed' }], error: [resendsUsedUpOutcome] },
    loadUser: {
      done: [{ name: 'the account, verified', value: activeUser }],
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
  },

  leftOut: {},

  async screen({ page, world }, snapshot) {
    const view = emailVerificationView(snapshot);
    const { errors, message }: EmailVerificationContext = snapshot.context;
    const state = `email-verification in ${JSON.stringify(snapshot.value)}`;
    // Verified and gone on: the session routes this account, not set up yet, to /set-up.
    if (snapshot.status === 'done') {
      await expect(mainHeading(page), `${state}: the app's next page`).toHaveText(a('titles.setUp'));
      return;
    }
    const alert = main(page).getByRole('alert');
    if (message) await expect(alert, `${state}: the form's message`).toBeVisible();
    else await expectAbsent(alert, `${state}: a form message`);
    if (view.expiredLink) {
      await expect(mainHeading(page), `${state}: the heading`).toHaveText(a('titles.expiredLink'));
      await expectButton(button(page, view.expiredLink.resend.labelKey), view.expiredLink.resend.enabled, `${state}: view.expiredLink.resend`);
      await expectAbsent(main(page).getByRole('group', { name: a('checkEmail.codeLabel') }), `${state}: the code boxes`);
      return;
    }
    if (!view.code) throw new Error(`${state}: no screen to check`);
    await expect(mainHeading(page), `${state}: the heading`).toHaveText(a('titles.checkEmail'));
    await expect(main(page).getByRole('group', { name: a('checkEmail.codeLabel') }), `${state}: the code boxes`).toBeVisible();
    await expectFieldError(digitBox(page, 1), Boolean(errors.otp), `${state}: the code boxes`);
    await expectButton(button(page, view.code.verify.labelKey), view.code.verify.enabled, `${state}: view.code.verify "${a(view.code.verify.labelKey)}"`);
    await expectButton(button(page, view.code.resend.labelKey), view.code.resend.enabled, `${state}: view.code.resend "${a(view.code.resend.labelKey)}"`);
    const resent = main(page).getByText(a('checkEmail.resent', { email: world.account.email }));
    if (view.code.resent) await expect(resent, `${state}: "${a('checkEmail.resent')}"`).toBeVisible();
    else await expectAbsent(resent, `${state}: the resent notice`);
  },
};
