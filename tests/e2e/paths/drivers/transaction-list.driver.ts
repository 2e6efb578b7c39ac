import { expect, type Page } from '@playwright/test';
import { NO_FILTERS } from '../../../../machines/activity-search.view';
import * as activity from '../../../../machines/activity/samples';
import catalogue from '../../../../machines/transaction-list.catalogue';
import { transactionListView } from '../../../../machines/transaction-list.view';
import { createAccount, mainHeading, text } from '../../support/app';
import type { Driver, PathRun } from '../driver';
import { forceServerProblem, UNAVAILABLE_FAILURE } from '../forced-answers';
import { holdEventStream, type HeldStream } from '../live-stream';
import { anotherPerson, closeEarlierPeople, depositByCard, type Person, personOf, requestMoney, sendFromBalance } from '../people';
import { expectAbsent, expectButton } from '../screen-checks';

/**
 * The activity list, /transactions (machines/transaction-list.machine.ts, its view-model
 * machines/transaction-list.view.ts), driven as a person: a fresh signed-in account per path, given the payments the
 * path's first page must find through the real API — none, one page (a request from another person), or two pages
 * (21 payments from its balance, added by the sandbox card; the server's pages hold 20). The live changes are real:
 * another person asks the user for money (LIVE_PAYMENT), a card deposit completes (LIVE_TRANSFER); LIVE_RESET is
 * the stream cut and reconnected (live-stream.ts). Only the 503s and the stream's drop are forced.
 */
interface ListWorld {
  me: Person;
  /** The person who asks and is paid, made on first need. */
  other: Person | null;
  /** How many payments the list holds. */
  payments: number;
  /** Requests made between the two so far, each way (the server allows 3 a day). */
  asked: number;
  stream: HeldStream | null;
}

type Run = PathRun<ListWorld>;

const PAGE_SIZE = 20;
const a = (key: string) => text('en', 'activity', key);
const list = (page: Page) => page.getByRole('list', { name: a('list.label') });
const LIST_CALL = /\/api\/app\/user\/[^/?]+\/payment\/list(\?.*)?$/;
const unavailable = UNAVAILABLE_FAILURE;

async function other({ browser, world }: Run): Promise<Person> {
  world.other ??= await anotherPerson(browser, 'Bo Lindqvist');
  return world.other;
}

/** One more payment in the user's list: the other person asks them for money. */
async function oneMorePayment(run: Run): Promise<void> {
  if (run.world.asked >= 3) throw new Error('the other person may ask only 3 times a day: the path needs another person');
  await requestMoney(await other(run), run.world.me, `${run.world.payments + 1}.00`, `Share ${run.world.payments + 1}`);
  run.world.asked += 1;
  run.world.payments += 1;
}

/** The list holds between `min` and `max` payments, as the path's read of it must find. */
async function payments(run: Run, min: number, max: number): Promise<void> {
  const { world } = run;
  if (world.payments > max) throw new Error(`the path wants at most ${max} payments, the account has ${world.payments}`);
  if (world.payments >= min) return;
  if (min - world.payments === 1) return oneMorePayment(run);
  // Many: sends of $1.00 from the balance, added by the sandbox card.
  const count = min - world.payments;
  const to = await other(run);
  await depositByCard(world.me, `${count}.00`);
  for (let i = 0; i < count; i += 1) await sendFromBalance(world.me, to, '1.00', `Coffee ${i + 1}`);
  world.payments += count;
}

/** The live stream must deliver the change about to be made. */
async function connected({ world }: Run): Promise<void> {
  await world.stream!.connect();
}

export const transactionListDriver: Driver<ListWorld> = {
  name: 'transaction-list',
  machine: catalogue.fake(),
  input: catalogue.inputs!.noTab,
  serializeState: (snapshot) => catalogue.serializeState!(snapshot),

  async start({ context }) {
    await closeEarlierPeople();
    const me = personOf(context, await createAccount(context, { setUp: { fullName: 'Ana Souza' } }));
    return { me, other: null, payments: 0, asked: 0, stream: null };
  },

  async open(run) {
    run.world.stream = await holdEventStream(run.page);
    await run.page.goto('/transactions');
    await expect(mainHeading(run.page)).toHaveText(text('en', 'common', 'routes.transactions'));
  },

  events: {
    // The search form sent as it is, empty: the same (no) search, nothing refused.
    SET_FILTERS: {
      samples: [{ filters: NO_FILTERS }],
      // Not before the first page is in: the path could not say which of the two comes first.
      possible: (before) => !before.matches('loading'),
      async perform({ page }) {
        const form = page.getByRole('search', { name: a('filters.label') });
        if (!(await form.isVisible())) await page.getByText(a('filters.title'), { exact: true }).click();
        await form.getByRole('button', { name: a('filters.search'), exact: true }).click();
      },
    },
    RETRY: { perform: async ({ page }) => page.getByRole('button', { name: a('list.retry'), exact: true }).click() },
    LIVE_PAYMENT: {
      samples: [{ paymentId: activity.myRequest.payment_id, status: 'requested' }],
      async perform(run) {
        await connected(run);
        await oneMorePayment(run);
      },
    },
    LIVE_TRANSFER: {
      samples: [{ kind: 'deposit', transferId: '00000000-0000-4000-8000-00000000d0d0', status: 'complete' }],
      async perform(run) {
        await connected(run);
        await depositByCard(run.world.me, '5.00', false);
      },
    },
    LIVE_RESET: { perform: async ({ world }) => world.stream!.drop() },
  },

  outcomes: {
    loadPage: {
      done: [
        { name: 'a page of payments, the only one', value: activity.lastPage, arrange: (run) => payments(run, 1, PAGE_SIZE - 2) },
        { name: 'the first of two pages of payments', value: activity.firstOfTwoPages, arrange: (run) => payments(run, PAGE_SIZE + 1, PAGE_SIZE * 2 - 2) },
        { name: 'no payments at all', value: activity.noPayments, arrange: (run) => payments(run, 0, 0) },
      ],
      error: [
        {
          name: 'the server is unavailable',
          value: unavailable,
          arrange: async ({ page }) => forceServerProblem(page, 'GET', LIST_CALL),
          logs: 503,
        },
      ],
    },
  },

  leftOut: {
    '(machine) CLEAR_FILTERS#1':
      'Clear filters is on screen only while a search is on (src/features/transactions/activity-filters.tsx), so Clear always changes the search: CLEAR_FILTERS#0, activity-search.spec.ts',
  },

  async screen({ page, world }, snapshot) {
    const view = transactionListView(snapshot);
    const state = `transaction-list in ${JSON.stringify(snapshot.value)}`;
    const retry = page.getByRole('button', { name: a('list.retry'), exact: true });
    const end = page.getByText(a('list.end'), { exact: true });
    if (view.body.kind === 'empty') {
      await expect(page.getByText(a(view.body.key), { exact: true }), `${state}: view.body "${a(view.body.key)}"`).toBeVisible();
      await expectAbsent(list(page), `${state}: the list`);
    } else if (view.body.kind === 'list') {
      await expect(list(page), `${state}: view.body the list`).toBeAttached();
      if (world.payments > 0) await expect(list(page).getByRole('listitem').first(), `${state}: the newest payment`).toBeVisible();
    }
    if (view.note?.key === 'list.end') await expect(end, `${state}: view.note "${a('list.end')}"`).toBeVisible();
    else await expectAbsent(end, `${state}: "${a('list.end')}"`);
    if (view.note?.key === 'list.loadFailed') {
      await expect(page.getByRole('alert').filter({ hasText: a('list.loadFailed') }), `${state}: view.note "${a('list.loadFailed')}"`).toBeVisible();
      await expectButton(retry, true, `${state}: view.note.retry "${a('list.retry')}"`);
    } else {
      await expectAbsent(retry, `${state}: "${a('list.retry')}"`);
    }
  },
};
