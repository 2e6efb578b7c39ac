import { expect, type Page } from '@playwright/test';
import { ann, annabel } from '../../../../machines/catalogue-samples';
import catalogue from '../../../../machines/recipient-search.catalogue';
import { recipientSearchView } from '../../../../machines/recipient-search.view';
import { createAccount, fmt, mainHeading, text } from '../../support/app';
import type { Driver, PathRun } from '../driver';
import { forceServerProblem, UNAVAILABLE_FAILURE } from '../forced-answers';
import { anotherPerson, closeEarlierPeople, type Person } from '../people';
import { expectAbsent, expectButton } from '../screen-checks';

/**
 * The recipient field (machines/recipient-search.machine.ts, its view-model machines/recipient-search.view.ts), on the
 * request screen /payment/request, driven as a person: a fresh signed-in account and another person to find per path.
 * The person's username stands for the samples' "ann" (searchable, and naming the chosen person), "an" is too short.
 * The search's pause after typing is the screen's own timer (300 ms): its step only waits. Forced: the 503.
 */
interface SearchWorld {
  other: Person;
}

type Run = PathRun<SearchWorld>;

const p = (key: string, values: Record<string, string | number> = {}) => fmt(text('en', 'payments', key), values);
const unavailable = UNAVAILABLE_FAILURE;
/** The delayed event the debounce sends the machine (xstate's `after`, its named delay). */
const PAUSE = 'xstate.after.debounce.recipientSearch.debouncing';

const field = (page: Page) => page.getByRole('combobox', { name: p('fields.recipient') });
const optionOf = (page: Page, username: string) => page.getByRole('option', { name: new RegExp(`@${username}\\b`, 'u') });
const retryButton = (page: Page) => page.getByRole('button', { name: p('search.retry'), exact: true });

export const recipientSearchDriver: Driver<SearchWorld> = {
  name: 'recipient-search',
  machine: catalogue.fake(),
  input: catalogue.inputs!.blank,
  serializeState: (snapshot) => catalogue.serializeState!(snapshot),

  async start({ context, browser }) {
    await closeEarlierPeople();
    await createAccount(context, { setUp: { fullName: 'Ana Souza' } });
    return { other: await anotherPerson(browser, 'Bo Lindqvist') };
  },

  async open({ page }) {
    await page.goto('/payment/request');
    await expect(mainHeading(page)).toHaveText(p('request.title'));
  },

  events: {
    TYPE: {
      // "an": too short; "ann" (the sample person's username): the other person's username.
      samples: [{ text: 'an' }, { text: ann.username }],
      perform: async ({ page, world }: Run, { text: typed }) => field(page).fill(typed === ann.username ? world.other.username : String(typed)),
    },
    // The pause after the last keystroke: the screen's timer sends it.
    [PAUSE]: { perform: async () => {} },
    SELECT: { samples: [{ person: ann }], perform: async ({ page, world }) => optionOf(page, world.other.username).click() },
    RETRY: { perform: async ({ page }) => retryButton(page).click() },
  },

  outcomes: {
    searchUsers: {
      done: [{ name: 'the other person is found', value: [ann, annabel] }],
      error: [
        {
          name: 'the server is unavailable',
          value: unavailable,
          arrange: async ({ page }) => forceServerProblem(page, 'GET', /\/api\/app\/user\/[^/?]+\/users\/search(\?.*)?$/),
          logs: 503,
        },
      ],
    },
  },

  leftOut: {},

  async screen({ page, world }, snapshot) {
    const view = recipientSearchView(snapshot);
    const state = `recipient-search in ${JSON.stringify(snapshot.value)}`;
    await expect(field(page), `${state}: the field`).toBeVisible();
    // While the pause runs the search may already be answered: only the failure is judged then.
    if (!snapshot.matches('debouncing')) {
      await expect(field(page), `${state}: view.open`).toHaveAttribute('aria-expanded', String(view.open));
      if (view.open) await expect(optionOf(page, world.other.username), `${state}: the person found`).toBeVisible();
      const status = page.getByRole('status').filter({ hasText: p('search.chosen', { name: world.other.account.user.fullName ?? '' }) });
      if (view.status?.key === 'search.chosen') await expect(status, `${state}: view.status "${p('search.chosen', { name: '…' })}"`).toBeVisible();
      else await expectAbsent(status, `${state}: the chosen person`);
    }
    if (view.retry) {
      await expect(page.getByText(p('search.failed')), `${state}: "${p('search.failed')}"`).toBeVisible();
      await expectButton(retryButton(page), true, `${state}: view.retry "${p('search.retry')}"`);
    } else {
      await expectAbsent(retryButton(page), `${state}: "${p('search.retry')}"`);
    }
  },
};
