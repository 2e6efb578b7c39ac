import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { pricePointToMe } from '../../../../machines/activity/samples';
import { openOrdersScreen, type OpenOrders } from '../../../../machines/payments/open-orders.view';
import catalogue from '../../../../machines/resource-view.catalogue';
import { createAccount, fmt, mainHeading, text } from '../../support/app';
import { offerPricePoint } from '../../support/creators';
import type { Driver, PathRun } from '../driver';
import { forceServerProblem, UNAVAILABLE_FAILURE } from '../forced-answers';
import { holdEventStream, type HeldStream } from '../live-stream';
import { anotherPerson, closeEarlierPeople, depositByCard, type Person, personOf } from '../people';
import { expectAbsent, expectButton } from '../screen-checks';

/**
 * A read-only screen of one thing (machines/resource-view.machine.ts), driven on the creator's open orders,
 * /transactions/orders (its view-model machines/payments/open-orders.view.ts): the one page where the machine runs
 * alone (Home's card runs another). A fresh creator per path, offering a $25 photo, with no orders yet. RELOAD is real:
 * the page follows the live stream (held until then, live-stream.ts), and a fan buys the photo from their balance
 * meanwhile — one transaction, so its two payment lines (created, held) reach the page together: the first sends
 * RELOAD, the second arrives while the list is read again and is not queued (docs/payment-screens.md). The failures
 * are a forced 503 on the list's read, the first or the reread.
 */
interface OrdersWorld {
  me: Person;
  pricePointId: string;
  stream: HeldStream | null;
  /** The fan who bought, once they have. */
  fan: Person | null;
}

type Run = PathRun<OrdersWorld>;

const act = (key: string, values: Record<string, string | number> = {}) => fmt(text('en', 'activity', key), values);
const PORTRAIT = { price: '25', description: 'A pet portrait', media_type: 'photo' } as const;
const NO_ORDERS: OpenOrders = { count: 0, results: [] };
/** The fan's order as the reread answers it (the model's price-point order: one row). */
const ONE_ORDER: OpenOrders = { count: 1, results: [pricePointToMe] };
const LIST_CALL = /\/api\/app\/user\/[^/?]+\/orders\/open(\?.*)?$/;
const retry = (page: Page) => page.getByRole('main').getByRole('button', { name: act('orders.retry'), exact: true });

/** A fan with money buys the creator's photo from their balance, with a brief, while the page follows the stream. */
async function fanBuys({ browser, world }: Run): Promise<void> {
  if (world.fan) throw new Error('the fan bought already: one order per path');
  const fan = await anotherPerson(browser, 'Fiona Fan');
  await depositByCard(fan, '30.00');
  await world.stream!.connect();
  const bought = await fan.context.request.post(`/api/app/user/${fan.id}/payment/send/`, {
    headers: { 'idempotency-key': randomUUID() },
    data: { receiverUserId: world.me.id, amount: '25.00', paymentMethodId: 'balance', pricePointId: world.pricePointId, message: 'My dog Biscuit' },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  world.fan = fan;
}

export const resourceViewDriver: Driver<OrdersWorld> = {
  name: 'resource-view',
  machine: catalogue.fake(),
  input: undefined,
  serializeState: (snapshot) => JSON.stringify(snapshot.value),

  async start({ context }) {
    await closeEarlierPeople();
    const me = personOf(context, await createAccount(context, { setUp: { fullName: 'Mia Costa' } }));
    return { me, pricePointId: await offerPricePoint(context, me.id, PORTRAIT), stream: null, fan: null };
  },

  async open({ page, world }) {
    world.stream = await holdEventStream(page);
    await page.goto('/transactions/orders');
    await expect(mainHeading(page)).toHaveText(act('orders.title'));
  },

  events: {
    RETRY: { perform: async ({ page }) => retry(page).click() },
    RELOAD: { perform: fanBuys },
  },

  outcomes: {
    load: {
      done: [
        // The first read (and one after Retry): the fan has not bought yet.
        { name: 'no order waits', value: NO_ORDERS, possible: (during) => during.matches('loading') },
        // The reread the purchase set off.
        { name: 'the fan’s order waits', value: ONE_ORDER, possible: (during) => during.matches({ shown: 'reloading' }) },
      ],
      error: [
        {
          name: 'the server is unavailable',
          value: UNAVAILABLE_FAILURE,
          arrange: async ({ page }) => forceServerProblem(page, 'GET', LIST_CALL),
          logs: 503,
        },
      ],
    },
  },

  leftOut: {},

  async screen({ page, world }, snapshot) {
    const screen = openOrdersScreen(snapshot, Date.now(), { lang: 'en' });
    const state = `resource-view (open orders) in ${JSON.stringify(snapshot.value)} (${screen.kind})`;
    if (screen.kind === 'failed') {
      await expect(page.getByRole('main').getByRole('alert').filter({ hasText: act('orders.loadFailed') }), `${state}: the failure`).toBeVisible();
      await expectButton(retry(page), true, `${state}: "${act('orders.retry')}"`);
      return;
    }
    await expectAbsent(retry(page), `${state}: "${act('orders.retry')}"`);
    const empty = page.getByText(act('orders.empty'));
    if (screen.kind === 'empty') await expect(empty, `${state}: nothing waits`).toBeVisible();
    if (screen.kind !== 'rows') return;
    await expectAbsent(empty, `${state}: "${act('orders.empty')}"`);
    const list = page.getByRole('list', { name: act('orders.title') });
    await expect(list.getByRole('listitem'), `${state}: one row per order`).toHaveCount(screen.rows.length);
    const order = list.getByRole('link', { name: act('orders.reply', { name: world.fan!.username }), exact: true });
    await expect(order, `${state}: the fan's order`).toContainText(PORTRAIT.description);
    await expect(order, `${state}: the fan's brief`).toContainText(act('orders.brief', { brief: 'My dog Biscuit' }));
  },
};
