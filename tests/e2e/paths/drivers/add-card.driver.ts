import { expect, type Page } from '@playwright/test';
import { apiFailure } from '../../../../machines/forms/api-failure';
import catalogue from '../../../../machines/add-card.catalogue';
import type { AddCardContext, AddCardValues } from '../../../../machines/add-card.machine';
import { addCardView } from '../../../../machines/add-card.view';
import * as deposits from '../../../../machines/deposits/samples';
import { createAccount, mainHeading, text, type TestAccount } from '../../support/app';
import { postCard, TEST_CARDS } from '../../support/payments';
import type { Driver } from '../driver';
import { expectButton, expectFieldError } from '../screen-checks';

/**
 * Add a card, /settings/payment-methods/add-new-card (machines/add-card.machine.ts, its view-model
 * machines/add-card.view.ts), driven as a person: a fresh signed-in, verified account per path (its country the
 * model's, US, which the form starts with), the fields typed by their labels. A refusal other than a decline is the
 * server's card-testing limit, reached for real: declined cards added through the API until it answers 429.
 */
interface AddCardWorld {
  account: TestAccount;
}

const w = (key: string) => text('en', 'wallet', key);
/** The fields a person types (the country comes set to the user's). */
const TYPED = ['nameOnCard', 'number', 'expMonth', 'expYear', 'cvv', 'postalCode'] as const satisfies ReadonlyArray<keyof AddCardValues>;
const field = (page: Page, name: keyof AddCardValues) => page.getByRole('main').getByLabel(w(`addCard.fields.${name}`), { exact: true });
const submit = (page: Page, busy: boolean) => page.getByRole('main').getByRole('button', { name: w(busy ? 'addCard.submitting' : 'addCard.submit'), exact: true });

export const addCardDriver: Driver<AddCardWorld> = {
  name: 'add-card',
  machine: catalogue.fake(),
  input: catalogue.inputs!.fromSettings,
  serializeState: (snapshot) => catalogue.serializeState!(snapshot),

  async start({ context }) {
    return { account: await createAccount(context, { setUp: { fullName: 'Ana Souza', country: 'US' } }) };
  },

  async open({ page }) {
    await page.goto('/settings/payment-methods/add-new-card');
    await expect(mainHeading(page)).toHaveText(text('en', 'common', 'routes.addNewCard'));
  },

  events: {
    CHANGE: {
      // Each field right (the sandbox's good Visa, the model's card).
      samples: TYPED.map((name) => ({ field: name, value: deposits.goodCard[name] })),
      perform: async ({ page }, { field: name, value }) => field(page, name as keyof AddCardValues).fill(String(value)),
    },
    SUBMIT: { perform: async ({ page }) => submit(page, false).click() },
  },

  outcomes: {
    addCard: {
      done: [{ name: 'the processor validates the card', value: deposits.addedCard }],
      error: [
        {
          name: 'the user reached the card-testing limit (declined cards this hour)',
          value: apiFailure(429, { code: 'too_many_attempts', detail: 'Too many attempts. Try again in 60 minutes.' }),
          // Declined cards through the API until the server stops asking the processor: the screen's card is refused too.
          async arrange({ context, world }) {
            let status = 0;
            for (let tries = 0; tries < 10 && status !== 429; tries += 1) status = (await postCard(context, world.account.user.userId, TEST_CARDS.declined)).status();
            expect(status, 'the card-testing limit is reached').toBe(429);
          },
        },
      ],
    },
  },

  leftOut: {},

  async screen({ page }, snapshot) {
    const view = addCardView(snapshot);
    const { errors, message, values }: AddCardContext = snapshot.context;
    const state = `add-card in ${JSON.stringify(snapshot.value)}`;
    for (const name of TYPED) {
      await expect(field(page, name), `${state}: the ${name} field`).toHaveValue(values[name]);
      await expectFieldError(field(page, name), Boolean(errors[name]), `${state}: the ${name} field`);
    }
    const alert = page.getByRole('main').getByRole('alert');
    if (message) await expect(alert, `${state}: the form's message`).toBeVisible();
    await expectButton(submit(page, view.busy), !view.busy, `${state}: the submit button`);
  },
};
