import { expect } from '@playwright/test';
import catalogue from '../../../../machines/deposit-details.catalogue';
import { depositDetailsView } from '../../../../machines/deposit-details.view';
import * as deposits from '../../../../machines/deposits/samples';
import { createAccount, mainHeading, text, type TestAccount } from '../../support/app';
import type { Driver } from '../driver';
import { forceServerProblem, UNAVAILABLE_FAILURE } from '../forced-answers';
import { expectAbsent, expectButton } from '../screen-checks';

/**
 * One deposit, /withdraw-funds/deposit-details?id= (machines/deposit-details.machine.ts, its view-model
 * machines/deposit-details.view.ts), driven as a person: a fresh signed-in, verified account per path with a USDT
 * transfer from the sandbox network (the dev endpoint `npm run sandbox -- usdt` calls), which stays in flight for a
 * minute (20 blocks of 3 s), and its page opened by the deposit's id. The page reads it again 3 s after each read
 * while it is in flight: that timer is the page's own (real time, not the test clock). Only the 503s are forced
 * (page.route).
 */
interface DepositWorld {
  account: TestAccount;
  depositId: string;
}

const w = (key: string) => text('en', 'wallet', key);
/** The page's timer: read again 3 s after a read of a deposit in flight (xstate's delayed event of state inFlight). */
const AGAIN = 'xstate.after.3000.depositDetails.inFlight';

export const depositDetailsDriver: Driver<DepositWorld> = {
  name: 'deposit-details',
  machine: catalogue.fake(),
  input: catalogue.inputs!.withId,
  serializeState: (snapshot) => catalogue.serializeState!(snapshot),

  async start({ context }) {
    const account = await createAccount(context, { setUp: { fullName: 'Ana Souza' } });
    const sent = await context.request.post('/api/dev/sandbox/usdt-transfers', { data: { user: account.email, amount: '25.00' } });
    expect(sent.status(), await sent.text()).toBe(201);
    return { account, depositId: ((await sent.json()) as { deposit: { id: string } }).deposit.id };
  },

  async open({ page, world }) {
    await page.goto(`/withdraw-funds/deposit-details?id=${world.depositId}`);
    await expect(mainHeading(page)).toHaveText(text('en', 'common', 'routes.depositDetails'));
  },

  events: {
    RETRY: { perform: async ({ page }) => page.getByRole('main').getByRole('button', { name: w('details.retry'), exact: true }).click() },
    // Nothing to do: the page's timer fires by itself.
    [AGAIN]: { perform: async () => {} },
  },

  outcomes: {
    loadDeposit: {
      done: [{ name: 'the USDT transfer, being confirmed', value: deposits.usdtDeposit('created', 0) }],
      error: [
        {
          name: 'the server is unavailable',
          value: UNAVAILABLE_FAILURE,
          arrange: async ({ page }) => forceServerProblem(page, 'GET', /\/api\/app\/user\/[^/?]+\/deposits\/[^/?]+(\?.*)?$/),
          logs: 503,
        },
      ],
    },
  },

  // Every transition can be caused from the screen.
  leftOut: {},

  async screen({ page }, snapshot) {
    const view = depositDetailsView(snapshot);
    const state = `deposit-details in ${JSON.stringify(snapshot.value)} (part ${view.part})`;
    const main = page.getByRole('main');
    const failed = main.getByRole('alert').filter({ hasText: w('details.loadFailed') });
    const notFound = main.getByRole('alert').filter({ hasText: w('details.notFound') });
    const summary = main.getByRole('region', { name: w('details.summary') });
    const beingProcessed = main.getByRole('status').filter({ hasText: w('details.beingProcessed') });
    if (view.part === 'failed') {
      await expect(failed, `${state}: "${w('details.loadFailed')}"`).toBeVisible();
      await expectButton(main.getByRole('button', { name: w('details.retry'), exact: true }), view.retry, `${state}: view.retry "${w('details.retry')}"`);
    } else {
      await expectAbsent(failed, `${state}: the failed read`);
    }
    if (view.part === 'notFound') await expect(notFound, `${state}: "${w('details.notFound')}"`).toBeVisible();
    else await expectAbsent(notFound, `${state}: "${w('details.notFound')}"`);
    if (view.part === 'shown') await expect(summary, `${state}: the deposit`).toBeVisible();
    if (view.beingProcessed) await expect(beingProcessed, `${state}: "${w('details.beingProcessed')}"`).toBeVisible();
    else await expectAbsent(beingProcessed, `${state}: "${w('details.beingProcessed')}"`);
  },
};
