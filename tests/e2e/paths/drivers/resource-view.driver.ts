import { expect, type Page } from '@playwright/test';
import { openOrdersScreen, type OpenOrders } from '../../../../machines/payments/open-orders.view';
import catalogue from '../../../../machines/resource-view.catalogue';
import { createAccount, mainHeading, text } from '../../support/app';
import type { Driver } from '../driver';
import { forceServerProblem, UNAVAILABLE_FAILURE } from '../forced-answers';
import { expectAbsent, expectButton } from '../screen-checks';

/**
 * A read-only screen of one thing (machines/resource-view.machine.ts), driven on the creator's open orders,
 * /transactions/orders (its view-model machines/payments/open-orders.view.ts): the one page where the machine runs
 * alone (Home's card runs another). A fresh signed-in account per path, with no orders; the failure is a forced 503.
 */
type ResourceWorld = Record<string, never>;

const act = (key: string) => text('en', 'activity', key);
const NO_ORDERS: OpenOrders = { count: 0, results: [] };
const retry = (page: Page) => page.getByRole('main').getByRole('button', { name: act('orders.retry'), exact: true });

const NO_RELOAD =
  'no screen sends RELOAD: the withdrawal details, the withdraw method and the open orders only read once (and again on Retry); the machine offers a reload no page uses (a gap, reported)';

export const resourceViewDriver: Driver<ResourceWorld> = {
  name: 'resource-view',
  machine: catalogue.fake(),
  input: undefined,
  serializeState: (snapshot) => JSON.stringify(snapshot.value),

  async start({ context }) {
    await createAccount(context, { setUp: { fullName: 'Mia Costa' } });
    return {};
  },

  async open({ page }) {
    await page.goto('/transactions/orders');
    await expect(mainHeading(page)).toHaveText(act('orders.title'));
  },

  events: {
    RETRY: { perform: async ({ page }) => retry(page).click() },
  },

  outcomes: {
    load: {
      done: [{ name: 'no order waits', value: NO_ORDERS }],
      error: [
        {
          name: 'the server is unavailable',
          value: UNAVAILABLE_FAILURE,
          arrange: async ({ page }) => forceServerProblem(page, 'GET', /\/api\/app\/user\/[^/?]+\/orders\/open(\?.*)?$/),
          logs: 503,
        },
      ],
    },
  },

  leftOut: {
    'shown.idle RELOAD#0': NO_RELOAD,
    'shown.reloading load:done#0': NO_RELOAD,
    'shown.reloading load:error#0': NO_RELOAD,
  },

  async screen({ page }, snapshot) {
    const screen = openOrdersScreen(snapshot, Date.now(), { lang: 'en' });
    const state = `resource-view (open orders) in ${JSON.stringify(snapshot.value)} (${screen.kind})`;
    if (screen.kind === 'failed') {
      await expect(page.getByRole('main').getByRole('alert').filter({ hasText: act('orders.loadFailed') }), `${state}: the failure`).toBeVisible();
      await expectButton(retry(page), true, `${state}: "${act('orders.retry')}"`);
      return;
    }
    await expectAbsent(retry(page), `${state}: "${act('orders.retry')}"`);
    if (screen.kind === 'empty') await expect(page.getByText(act('orders.empty')), `${state}: nothing waits`).toBeVisible();
  },
};
