import { expect, type Page } from '@playwright/test';
import catalogue from '../../../../machines/wallet-overview.catalogue';
import type { WalletOverview } from '../../../../machines/wallet-overview.machine';
import { walletOverviewView } from '../../../../machines/wallet-overview.view';
import { createAccount, mainHeading, text, type TestAccount } from '../../support/app';
import type { Driver, PathRun } from '../driver';
import { forceServerProblem, UNAVAILABLE_FAILURE } from '../forced-answers';
import { expectAbsent, expectButton } from '../screen-checks';

/**
 * The wallet overview, /withdraw-funds (machines/wallet-overview.machine.ts, its view-model
 * machines/wallet-overview.view.ts), driven as a person: a fresh signed-in, verified account per path, its page open
 * while things change elsewhere — the live stream (GET /api/app/events) tells it of a payment (another account asks
 * the user for money, through the API), of a transfer (a USDT transfer from the sandbox network), or of its own
 * reconnection after its connection was cut. Coming back to the tab is the document's visibilitychange, as the
 * version-check test makes it. Forced (page.route): the 503, and the cut — the stream's first connection is held
 * until the path needs it, then let through to the server, or ended at once (a proxy cutting it), after which the
 * browser reconnects to the real server by itself.
 */
interface WalletWorld {
  account: TestAccount;
  /** Lets the held first connection of the live stream through to the server, or cuts it. */
  stream: ((how: 'through' | 'cut') => void) | null;
}

type Run = PathRun<WalletWorld>;

const w = (key: string) => text('en', 'wallet', key);
const EVENTS_URL = /\/api\/app\/events(\?.*)?$/;

/** The live stream let through and open: a change made now reaches the page (one made before it opened is not replayed). */
async function streamOpen({ page, world }: Run): Promise<void> {
  const opened = page.waitForResponse((r) => EVENTS_URL.test(r.url()), { timeout: 20_000 });
  world.stream!('through');
  expect((await opened).status(), 'the live stream is open').toBe(200);
}

/** The document hidden, then shown again (another tab was in front, then this one). */
async function leaveAndComeBack(page: Page): Promise<void> {
  for (const state of ['hidden', 'visible'] as const) {
    await page.evaluate((value) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
      document.dispatchEvent(new Event('visibilitychange'));
    }, state);
  }
}

export const walletOverviewDriver: Driver<WalletWorld> = {
  name: 'wallet-overview',
  machine: catalogue.fake(),
  input: undefined,
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, overview: snapshot.context.overview !== null }),

  async start({ context }) {
    return { account: await createAccount(context, { setUp: { fullName: 'Ana Souza' } }), stream: null };
  },

  async open({ page, context, world }) {
    // The stream's first connection waits for the path. On the context: the runner's unrouting of the page (before
    // each event's arrangements) would let it through.
    let release: (how: 'through' | 'cut') => void = () => {};
    const released = new Promise<'through' | 'cut'>((resolve) => (release = resolve));
    world.stream = release;
    let held = false;
    await context.route(EVENTS_URL, async (route) => {
      if (held) return route.fallback();
      held = true;
      if ((await released) === 'through') return route.continue();
      // An answer that ends at once, asking for a quick reconnection: the browser's EventSource reconnects by itself.
      return route.fulfill({ status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' }, body: 'retry: 200\n\n' });
    });
    await page.goto('/withdraw-funds');
    await expect(mainHeading(page)).toHaveText(text('en', 'common', 'routes.withdrawFunds'));
  },

  events: {
    RETRY: { perform: async ({ page }) => page.getByRole('main').getByRole('button', { name: w('overview.retry'), exact: true }).click() },
    REFRESH: { perform: async ({ page }) => leaveAndComeBack(page) },
    LIVE_PAYMENT: {
      // Another account asks the user for $5.00: a new payment the user is a party to.
      async perform(run) {
        await streamOpen(run);
        // Another person on another device: their own client address for the server's per-address limits.
        const address = `10.250.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
        const other = await run.browser.newContext({ baseURL: new URL(run.page.url()).origin, extraHTTPHeaders: { 'x-forwarded-for': address } });
        try {
          const asker = await createAccount(other, { setUp: { fullName: 'Bo Lindqvist' } });
          const asked = await other.request.post(`/api/app/user/${asker.user.userId}/payment/request/`, {
            data: { receiverUserId: run.world.account.user.userId, amount: '5.00', message: 'Lunch' },
          });
          expect(asked.status(), await asked.text()).toBe(201);
        } finally {
          await other.close();
        }
      },
    },
    LIVE_TRANSFER: {
      // A USDT transfer to the user's address, seen by the sandbox network: a new deposit (confirmed long after the path).
      async perform(run) {
        await streamOpen(run);
        const sent = await run.context.request.post('/api/dev/sandbox/usdt-transfers', { data: { user: run.world.account.email, amount: '25.00' } });
        expect(sent.status(), await sent.text()).toBe(201);
      },
    },
    LIVE_RESET: {
      // The stream's connection is cut: the browser reconnects to the server by itself and, having missed what happened meanwhile, says so.
      perform: async ({ world }) => world.stream!('cut'),
    },
  },

  outcomes: {
    loadOverview: {
      done: [{ name: 'the wallet, its withdrawals and deposits', value: catalogue.invokeResults!.loadOverview!.done![0] as WalletOverview }],
      error: [
        {
          name: 'the server is unavailable',
          value: UNAVAILABLE_FAILURE,
          arrange: async ({ page }) => forceServerProblem(page, 'GET', /\/api\/app\/user\/[^/?]+\/wallet(\?.*)?$/),
          logs: 503,
        },
      ],
    },
  },

  // Every transition can be caused from the screen.
  leftOut: {},

  async screen({ page }, snapshot) {
    const view = walletOverviewView(snapshot);
    const state = `wallet-overview in ${JSON.stringify(snapshot.value)}`;
    const main = page.getByRole('main');
    const failed = main.getByRole('alert').filter({ hasText: w('overview.loadFailed') });
    const retry = main.getByRole('button', { name: w('overview.retry'), exact: true });
    if (view.notice === 'loadFailed') {
      await expect(failed, `${state}: "${w('overview.loadFailed')}"`).toBeVisible();
      await expectButton(retry, view.retry, `${state}: view.retry "${w('overview.retry')}"`);
    } else {
      await expectAbsent(failed, `${state}: the failed read`);
    }
    const balance = main.getByRole('region', { name: w('overview.balanceTitle') });
    if (snapshot.context.overview) await expect(balance, `${state}: the balance`).toBeVisible();
    else await expectAbsent(balance, `${state}: the balance`);
  },
};
