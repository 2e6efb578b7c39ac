import { expect, type Page } from '@playwright/test';
import * as deposits from '../../../../machines/deposits/samples';
import catalogue from '../../../../machines/payment-methods.catalogue';
import { paymentMethodsView } from '../../../../machines/payment-methods.view';
import type { PaymentCard } from '../../../../machines/payments/funding';
import { createAccount, fmt, mainHeading, text, type TestAccount } from '../../support/app';
import { addCard } from '../../support/payments';
import type { Driver } from '../driver';
import { forceServerProblem, UNAVAILABLE_FAILURE } from '../forced-answers';
import { expectAbsent, expectButton } from '../screen-checks';

/**
 * Payment methods, /settings/payment-methods (machines/payment-methods.machine.ts, its view-model
 * machines/payment-methods.view.ts), driven as a person: a fresh signed-in, verified account per path with the
 * sandbox's good card (4242…) added through the API when the path's read of the cards must find it. A card removed
 * meanwhile in another tab is removed through the API between the dialog's question and Yes; only the 503s are
 * forced (page.route).
 */
interface MethodsWorld {
  account: TestAccount;
  /** The card added for the path (its real id), once added. */
  cardId: string | null;
}

const w = (key: string, values: Record<string, string | number> = {}) => fmt(text('en', 'wallet', key), values);
const c = (key: string) => text('en', 'common', key);
const CARDS_URL = /\/api\/app\/user\/[^/?]+\/payment-methods\/cards(\?.*)?$/;
const CARD_URL = /\/api\/app\/user\/[^/?]+\/payment-methods\/cards\/[^/?]+(\?.*)?$/;

const label = (card: PaymentCard) => ({ brand: card.brand.toUpperCase(), last4: card.last4 });
const removeButton = (page: Page, card: PaymentCard) => page.getByRole('button', { name: w('methods.removeLabel', label(card)), exact: true });
const dialog = (page: Page) => page.getByRole('alertdialog', { name: w('methods.confirmTitle') });

export const paymentMethodsDriver: Driver<MethodsWorld> = {
  name: 'payment-methods',
  machine: catalogue.fake(),
  input: undefined,
  serializeState: (snapshot) => catalogue.serializeState!(snapshot),

  async start({ context }) {
    return { account: await createAccount(context, { setUp: { fullName: 'Ana Souza' } }), cardId: null };
  },

  async open({ page }) {
    await page.goto('/settings/payment-methods');
    await expect(mainHeading(page)).toHaveText(c('routes.paymentMethods'));
  },

  events: {
    RETRY: { perform: async ({ page }) => page.getByRole('main').getByRole('button', { name: w('methods.retry'), exact: true }).click() },
    REMOVE: {
      // The user's card (the model's is the same VISA •••• 4242).
      samples: [{ cardId: deposits.savedCard.id }],
      perform: async ({ page }) => removeButton(page, deposits.savedCard).click(),
    },
    CANCEL: { perform: async ({ page }) => dialog(page).getByRole('button', { name: c('confirmDialog.no'), exact: true }).click() },
    CONFIRM: { perform: async ({ page }) => dialog(page).getByRole('button', { name: c('confirmDialog.yes'), exact: true }).click() },
  },

  outcomes: {
    loadCards: {
      done: [
        {
          name: 'the user’s card (4242…)',
          value: [deposits.savedCard],
          async arrange({ context, world }) {
            world.cardId ??= await addCard(context, world.account.user.userId);
          },
        },
      ],
      error: [{ name: 'the server is unavailable', value: UNAVAILABLE_FAILURE, arrange: async ({ page }) => forceServerProblem(page, 'GET', CARDS_URL), logs: 503 }],
    },
    removeCard: {
      done: [{ name: 'the card is removed' }],
      error: [
        {
          name: 'the card was removed in another tab meanwhile',
          value: deposits.cardNotFound,
          async arrange({ context, world }) {
            const removed = await context.request.delete(`/api/app/user/${world.account.user.userId}/payment-methods/cards/${world.cardId}`);
            expect(removed.status(), await removed.text()).toBe(200);
          },
          // The screen's DELETE of a card already gone: 404, which counts as removed.
          logs: 404,
        },
        { name: 'the server is unavailable', value: UNAVAILABLE_FAILURE, arrange: async ({ page }) => forceServerProblem(page, 'DELETE', CARD_URL), logs: 503 },
      ],
    },
  },

  // Every transition can be caused from the screen.
  leftOut: {},

  async screen({ page }, snapshot) {
    const view = paymentMethodsView(snapshot);
    const state = `payment-methods in ${JSON.stringify(snapshot.value)}`;
    const main = page.getByRole('main');
    const failed = main.getByRole('alert').filter({ hasText: w('methods.loadFailed') });
    if (view.retry) {
      await expect(failed, `${state}: "${w('methods.loadFailed')}"`).toBeVisible();
      await expectButton(main.getByRole('button', { name: w('methods.retry'), exact: true }), true, `${state}: view.retry "${w('methods.retry')}"`);
    } else {
      await expectAbsent(failed, `${state}: the failed read`);
    }
    // While the confirmation asks, the page behind it is out of reach (a modal dialog): the dialog is what shows.
    if (view.dialog.open) {
      await expect(dialog(page), `${state}: the confirmation`).toBeVisible();
      if (view.dialog.card) await expect(dialog(page), `${state}: the card it asks about`).toContainText(w('methods.confirmBody', label(view.dialog.card)));
      return;
    }
    await expect(dialog(page), `${state}: the confirmation`).toBeHidden();
    if (view.cards) {
      if (view.cards.length === 0) await expect(main.getByText(w('methods.empty')), `${state}: "${w('methods.empty')}"`).toBeVisible();
      for (const { card, remove } of view.cards) await expectButton(removeButton(page, card), remove, `${state}: the card's Remove`);
      if (view.cards.length === 0) await expectAbsent(removeButton(page, deposits.savedCard), `${state}: the removed card`);
    }
  },
};
