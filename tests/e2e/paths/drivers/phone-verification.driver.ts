import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { fieldRefusal, tooMany } from '../../../../machines/catalogue-samples';
import catalogue from '../../../../machines/phone-verification.catalogue';
import type { PhoneDetails, PhoneVerificationContext } from '../../../../machines/phone-verification.machine';
import { phoneVerificationView } from '../../../../machines/phone-verification.view';
import { createAccount, fmt, mainHeading, outbox, text, type TestAccount } from '../../support/app';
import type { Driver, PathRun } from '../driver';
import { forceServerProblem, UNAVAILABLE_FAILURE } from '../forced-answers';
import { expectAbsent, expectButton, expectFieldError, expectStep } from '../screen-checks';

/**
 * Phone verification, the phone section of /contacts (machines/phone-verification.machine.ts, its view-model
 * machines/phone-verification.view.ts), driven as a person: a fresh signed-in account per path, a fresh number (the
 * server texts a number at most 3 times an hour and lets one account hold it), the texted codes read from the
 * sandbox SMS provider's outbox. Another account taking the number is a second browser context through the API.
 */
interface PhoneWorld {
  account: TestAccount;
  /** The number this path types, as the server stores it (`+1555…`). */
  phone: string;
}

type Run = PathRun<PhoneWorld>;

const pe = (key: string, values: Record<string, string | number> = {}) => fmt(text('en', 'people', key), values);

/** A number no earlier run used. */
const freshPhone = () => `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

/** The number as a person types it, with spaces (the machine stores it without). */
const spaced = (phone: string) => `${phone.slice(0, 2)} ${phone.slice(2, 5)} ${phone.slice(5, 8)} ${phone.slice(8)}`;

/** The model's samples: the machine reads only the number's shape and the code's completeness from them. */
const GOOD_NUMBER = '+1 415 555 0100';
const NO_COUNTRY_CODE = '415 555 0100';
const WHOLE_CODE = ['1', '2', '3', '4', '5', '6'];
const ONE_DIGIT = ['1', '', '', '', '', ''];
const details: PhoneDetails = { phone: '+14155550100', username: 'ana', full_name: 'Ana Souza', email: 'ana@example.com', confirmed: false };

const section = (page: Page) => page.getByRole('region', { name: pe('phone.title') });
const button = (page: Page, key: string) => section(page).getByRole('button', { name: pe(key), exact: true });
const numberField = (page: Page) => section(page).getByLabel(pe('phone.numberLabel'), { exact: true });
const pinBox = (page: Page, index: number) =>
  section(page).getByRole('textbox', { name: fmt(text('en', 'accounts', 'pin.digitLabel'), { index, count: 6 }), exact: true });

/** The newest code texted to `phone` (the sandbox SMS provider writes to the dev outbox). */
async function textedCode(request: APIRequestContext, phone: string): Promise<string> {
  const [message] = await outbox(request, phone);
  const code = /\b(\d{6})\b/u.exec(message?.body ?? '')?.[1];
  if (!code) throw new Error(`no text to ${phone}`);
  return code;
}

const phoneApi = (account: TestAccount) => `/api/app/user/${account.user.userId}/phone`;

/** Another person's account verifies and confirms `phone` through the API: the number is theirs from then on. */
async function anotherAccountTakes(browser: Browser, phone: string): Promise<void> {
  const other = await browser.newContext();
  try {
    const account = await createAccount(other, { setUp: { fullName: 'Bo Lindqvist' } });
    const sent = await other.request.post(`${phoneApi(account)}/code`, { data: { phone } });
    expect(sent.status(), await sent.text()).toBe(202);
    const verified = await other.request.post(`${phoneApi(account)}/verify`, { data: { phone, code: await textedCode(other.request, phone) } });
    expect(verified.status(), await verified.text()).toBe(200);
    const confirmed = await other.request.post(`${phoneApi(account)}/confirm`, { data: { phone } });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
  } finally {
    await other.close();
  }
}

export const phoneVerificationDriver: Driver<PhoneWorld> = {
  name: 'phone-verification',
  machine: catalogue.fake(),
  input: catalogue.inputs!.signedIn,
  serializeState: (snapshot) => catalogue.serializeState!(snapshot),

  async start({ context }) {
    return { account: await createAccount(context, { setUp: { fullName: 'Ana Souza' } }), phone: freshPhone() };
  },

  async open({ page }) {
    await page.goto('/contacts');
    await expect(mainHeading(page)).toHaveText(text('en', 'common', 'routes.contacts'));
  },

  events: {
    CHANGE_PHONE: {
      // A good number (the path's own fresh one, typed with spaces) and one without its country code.
      samples: [{ value: GOOD_NUMBER }, { value: NO_COUNTRY_CODE }],
      async perform({ page, world }, { value }) {
        await numberField(page).fill(value === GOOD_NUMBER ? spaced(world.phone) : String(value));
      },
    },
    SEND_CODE: { perform: async ({ page }) => button(page, 'phone.sendCode').click() },
    CODE_CHANGED: {
      // The code texted last (every box), or one digit.
      samples: [{ digits: WHOLE_CODE }, { digits: ONE_DIGIT }],
      async perform({ page, world }, { digits }) {
        const typed = JSON.stringify(digits) === JSON.stringify(WHOLE_CODE) ? await textedCode(page.request, world.phone) : '1';
        await pinBox(page, 1).click();
        await page.keyboard.type(typed);
      },
    },
    VERIFY: { perform: async ({ page }) => button(page, 'phone.verify').click() },
    RESEND: { perform: async ({ page }) => button(page, 'phone.resend').click() },
    CHANGE_NUMBER: { perform: async ({ page }) => button(page, 'phone.changeNumber').click() },
    CONFIRM: { perform: async ({ page }) => button(page, 'phone.confirm').click() },
  },

  outcomes: {
    sendFirstCode: {
      done: [{ name: 'the sandbox texts a code' }],
      error: [
        {
          name: 'another account has confirmed the number',
          value: fieldRefusal(409, 'phone_taken', 'phone', 'Another account already uses this number.'),
          arrange: async ({ browser, world }) => anotherAccountTakes(browser, world.phone),
        },
      ],
    },
    resendCode: {
      done: [{ name: 'the sandbox texts a new code' }],
      error: [
        {
          name: 'the number had its 3 texts this hour',
          value: tooMany,
          // The rest of the hour's texts to this number, asked for through the API: the screen's resend is refused.
          async arrange({ page, world }) {
            let status = 0;
            for (let tries = 0; tries < 3 && status !== 429; tries += 1) {
              status = (await page.request.post(`${phoneApi(world.account)}/code`, { data: { phone: world.phone } })).status();
            }
            expect(status, 'the number is at its hourly limit').toBe(429);
          },
        },
      ],
    },
    verifyCode: {
      done: [{ name: 'the texted code is right', value: details }],
      error: [
        {
          name: 'a newer code was asked for meanwhile',
          value: fieldRefusal(400, 'otp_invalid', 'code', 'That code is not right. Check the text we sent or ask for a new code.'),
          // A new code through the API makes the typed one wrong (asked for again in the rare case it is the same).
          async arrange({ page, world }) {
            const typed = await textedCode(page.request, world.phone);
            for (let tries = 0; tries < 2 && (await textedCode(page.request, world.phone)) === typed; tries += 1) {
              const sent = await page.request.post(`${phoneApi(world.account)}/code`, { data: { phone: world.phone } });
              expect(sent.status(), await sent.text()).toBe(202);
            }
            expect(await textedCode(page.request, world.phone)).not.toBe(typed);
          },
        },
      ],
    },
    confirmPhone: {
      done: [{ name: 'the number becomes the account’s', value: { ...details, confirmed: true } }],
      error: [
        {
          name: 'another account confirmed the number meanwhile',
          value: fieldRefusal(409, 'phone_taken', 'phone', 'Another account already uses this number.'),
          arrange: async ({ browser, world }) => anotherAccountTakes(browser, world.phone),
        },
        {
          name: 'the server is unavailable',
          value: UNAVAILABLE_FAILURE,
          arrange: async ({ page }) => forceServerProblem(page, 'POST', /\/api\/app\/user\/[^/?]+\/phone\/confirm(\?.*)?$/),
          logs: 503,
        },
      ],
    },
  },

  // Every transition can be caused from the screen.
  leftOut: {},

  async screen({ page, world }, snapshot) {
    const view = phoneVerificationView(snapshot);
    const state = `phone-verification in ${JSON.stringify(snapshot.value)}`;
    const { errors, message }: PhoneVerificationContext = snapshot.context;
    await expectStep(section(page), [pe('phone.steps.number'), pe('phone.steps.code'), pe('phone.steps.confirm')], view.step, state);
    const alert = section(page).getByRole('alert');
    if (message) await expect(alert, `${state}: the form's message`).toBeVisible();
    else await expectAbsent(alert, `${state}: a form message`);

    if (view.number) {
      await expect(numberField(page), `${state}: the number field`).toBeVisible();
      await expectFieldError(numberField(page), Boolean(errors.phone), `${state}: the number field`);
      await expectButton(button(page, view.number.send.labelKey), view.number.send.enabled, `${state}: view.number.send "${pe(view.number.send.labelKey)}"`);
    } else {
      await expectAbsent(numberField(page), `${state}: the number field`);
    }

    if (view.code) {
      await expect(section(page).getByRole('group', { name: pe('phone.codeLabel', { phone: world.phone }) }), `${state}: the code boxes`).toBeVisible();
      await expectButton(button(page, view.code.verify.labelKey), view.code.verify.enabled, `${state}: view.code.verify "${pe(view.code.verify.labelKey)}"`);
      await expectButton(button(page, view.code.resend.labelKey), view.code.resend.enabled, `${state}: view.code.resend "${pe(view.code.resend.labelKey)}"`);
      await expectButton(button(page, view.code.changeNumber.labelKey), view.code.changeNumber.enabled, `${state}: view.code.changeNumber "${pe('phone.changeNumber')}"`);
    } else {
      await expectAbsent(button(page, 'phone.resend'), `${state}: "${pe('phone.resend')}"`);
    }

    if (view.confirm) {
      await expect(section(page).getByText(pe('phone.confirmLead')), `${state}: the details to confirm`).toBeVisible();
      await expectButton(button(page, view.confirm.confirm.labelKey), view.confirm.confirm.enabled, `${state}: view.confirm.confirm "${pe(view.confirm.confirm.labelKey)}"`);
      await expectButton(button(page, view.confirm.changeNumber.labelKey), view.confirm.changeNumber.enabled, `${state}: view.confirm.changeNumber "${pe('phone.changeNumber')}"`);
    } else {
      await expectAbsent(button(page, 'phone.confirm'), `${state}: "${pe('phone.confirm')}"`);
    }

    const verified = section(page).getByRole('status').filter({ hasText: pe('phone.verified', { phone: world.phone }) });
    if (view.verified) await expect(verified, `${state}: "${pe('phone.verified', { phone: world.phone })}"`).toBeVisible();
    else await expectAbsent(verified, `${state}: the verified notice`);
  },
};
