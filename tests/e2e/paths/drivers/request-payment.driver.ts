import { expect, type Page } from '@playwright/test';
import { ann } from '../../../../machines/catalogue-samples';
import { apiFailure } from '../../../../machines/forms/api-failure';
import { requestScreen } from '../../../../machines/payments/request-form.view';
import catalogue from '../../../../machines/request-payment.catalogue';
import { createAccount, fmt, mainHeading, text } from '../../support/app';
import type { Driver, PathRun } from '../driver';
import { anotherPerson, closeEarlierPeople, type Person, personOf, requestMoney } from '../people';
import { escapeRegExp, expectAbsent, expectButton } from '../screen-checks';

/**
 * Request money, /payment/request (machines/request-payment.machine.ts, its view-model
 * machines/payments/request-form.view.ts), driven as a person: a fresh signed-in account and another person to ask
 * per path, chosen by typing their username. The refusal is the server's own: one person may ask another 3 times a
 * day (server/security/rate-limit.ts `requestPerPair`), and 3 requests to the same person went out through the API
 * (from another tab) before Request is pressed.
 */
interface RequestWorld {
  me: Person;
  other: Person;
}

type Run = PathRun<RequestWorld>;

const p = (key: string, values: Record<string, string | number> = {}) => fmt(text('en', 'payments', key), values);
const AMOUNT = '20';
const NOTE = 'Dinner on Friday';

/** "Request $20.00", "Requesting…": the label's words with any amount. */
const requestButton = (page: Page, labelKey: string) =>
  page.getByRole('main').getByRole('button', { name: new RegExp(`^${escapeRegExp(text('en', 'payments', labelKey)).replace('\\{\\{amount\\}\\}', '.+')}$`, 'u') });
const failure = (page: Page) => page.getByRole('main').getByRole('alert').filter({ hasText: p('failed.other') });

export const requestPaymentDriver: Driver<RequestWorld> = {
  name: 'request-payment',
  machine: catalogue.fake(),
  input: undefined,
  serializeState: (snapshot) => catalogue.serializeState!(snapshot),

  async start({ context, browser }) {
    await closeEarlierPeople();
    const me = personOf(context, await createAccount(context, { setUp: { fullName: 'Ana Souza' } }));
    return { me, other: await anotherPerson(browser, 'Bo Lindqvist') };
  },

  async open({ page }) {
    await page.goto('/payment/request');
    await expect(mainHeading(page)).toHaveText(p('request.title'));
  },

  events: {
    SET_RECIPIENT: {
      samples: [{ person: ann }],
      async perform({ page, world }: Run) {
        const { username } = world.other;
        const field = page.getByRole('combobox', { name: p('fields.recipient') });
        // The whole name: a long run makes many people whose names begin alike, more than the list shows.
        await field.fill(username);
        await page.getByRole('option', { name: new RegExp(`@${username}\\b`, 'u') }).click();
        await expect(field).toHaveValue(`@${username}`);
      },
    },
    CHANGE_AMOUNT: { samples: [{ value: AMOUNT }], perform: async ({ page }, { value }) => page.getByLabel(p('fields.amount'), { exact: true }).fill(String(value)) },
    CHANGE_MESSAGE: { samples: [{ value: NOTE }], perform: async ({ page }, { value }) => page.getByLabel(p('fields.requestMessage'), { exact: true }).fill(String(value)) },
    SUBMIT: { perform: async ({ page }) => requestButton(page, 'actions.request').click() },
  },

  outcomes: {
    requestPayment: {
      done: [{ name: 'the request is made', value: { paymentId: 'pay-43', amount: '20.00' } }],
      error: [
        {
          name: 'the user asked this person 3 times today already (from another tab)',
          value: apiFailure(429, { code: 'too_many_attempts', detail: 'Too many attempts. Please try again later.' }),
          async arrange({ world }) {
            for (let i = 1; i <= 3; i += 1) await requestMoney(world.me, world.other, `${i}.00`, `Earlier ${i}`);
          },
        },
      ],
    },
  },

  leftOut: {},

  async screen({ page }, snapshot) {
    const view = requestScreen(snapshot);
    const state = `request-payment in ${JSON.stringify(snapshot.value)}`;
    if (view.done) {
      await expect(page.getByRole('main').getByRole('heading', { name: p('requested.title') }), `${state}: the receipt`).toBeVisible();
      return;
    }
    await expectButton(requestButton(page, view.button.key), !view.button.disabled, `${state}: view.button "${p(view.button.key)}"`);
    if (snapshot.context.failure) await expect(failure(page), `${state}: "${p('failed.other')}"`).toBeVisible();
    else await expectAbsent(failure(page), `${state}: "${p('failed.other')}"`);
  },
};
