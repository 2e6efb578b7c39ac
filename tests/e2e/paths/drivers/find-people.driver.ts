import { expect, type BrowserContext, type Page } from '@playwright/test';
import { annabel } from '../../../../machines/catalogue-samples';
import catalogue from '../../../../machines/find-people.catalogue';
import { apiFailure } from '../../../../machines/forms/api-failure';
import type { PeopleLists } from '../../../../machines/find-people.machine';
import { findPeopleView } from '../../../../machines/find-people.view';
import { createAccount, fmt, mainHeading, PASSWORD, text, uniqueUsername, type TestAccount } from '../../support/app';
import type { Driver, PathRun } from '../driver';
import { forceServerProblem, SERVICE_UNAVAILABLE, UNAVAILABLE_FAILURE } from '../forced-answers';
import { expectAbsent, expectButton } from '../screen-checks';

/**
 * Find people and connect, /contacts (machines/find-people.machine.ts, its view-model machines/find-people.view.ts),
 * driven as a person: a fresh signed-in account per path, and the model's Annabel Lee as a real account with a
 * username of her own, which the path types to find her. The top people are whoever the shared database says (the
 * most paid in 30 days): the checks count only the search's rows. Annabel closing her account between the search and
 * Add is the real 404; the 503s are forced.
 *
 * The search runs 300 ms after the last keystroke: that pause is a step of its own (the machine's delayed
 * transition), and the search's request is held until that step, so an outcome arranged for it is in place in time.
 */
interface PeopleWorld {
  account: TestAccount;
  annabel: TestAccount & { username: string };
  /** Annabel's signed-in cookies, for her own context later. */
  annabelSession: Awaited<ReturnType<BrowserContext['storageState']>>;
  /** The search's requests wait until the pause's step (opened); `fail`: the next one gets a 503. */
  gate: { opened: Promise<void>; open: () => void; fail: boolean };
}

type Run = PathRun<PeopleWorld>;

const pe = (key: string, values: Record<string, string | number> = {}) => fmt(text('en', 'people', key), values);
const serviceUnavailable = UNAVAILABLE_FAILURE;
const SEARCH = /\/api\/app\/user\/[^/?]+\/users\/search(\?.*)?$/;
/** The machine's delayed event: the pause after the last keystroke. */
const PAUSE = 'xstate.after.debounce.findPeople.ready.search.debouncing';

const section = (page: Page) => page.getByRole('region', { name: pe('find.title') });
const searchField = (page: Page) => section(page).getByLabel(pe('find.searchLabel'), { exact: true });
const addButton = (page: Page, username: string) => section(page).getByRole('button', { name: pe('find.addLabel', { name: `@${username}` }), exact: true });

export const findPeopleDriver: Driver<PeopleWorld> = {
  name: 'find-people',
  machine: catalogue.fake(),
  input: catalogue.inputs!.signedIn,
  serializeState: (snapshot) => catalogue.serializeState!(snapshot),

  async start({ context, browser }) {
    const account = await createAccount(context, { setUp: { fullName: 'Ana Souza' } });
    const other = await browser.newContext();
    let found: PeopleWorld['annabel'];
    let annabelSession: PeopleWorld['annabelSession'];
    try {
      const username = uniqueUsername('annabel');
      found = { ...(await createAccount(other, { setUp: { fullName: annabel.fullName ?? 'Annabel Lee', username } })), username };
      annabelSession = await other.storageState();
    } finally {
      await other.close();
    }
    let open = () => {};
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { account, annabel: found, annabelSession, gate: { opened, open, fail: false } };
  },

  async open({ page, context, world }) {
    await context.route(SEARCH, async (route) => {
      await world.gate.opened;
      if (!world.gate.fail) return route.fallback();
      world.gate.fail = false;
      return route.fulfill(SERVICE_UNAVAILABLE);
    });
    await page.goto('/contacts');
    await expect(mainHeading(page)).toHaveText(text('en', 'common', 'routes.contacts'));
  },

  events: {
    TYPE: {
      // Annabel's @username (the model's '@Ann'): enough to search.
      samples: [{ text: '@Ann' }],
      perform: async ({ page, world }) => searchField(page).fill(`@${world.annabel.username}`),
    },
    [PAUSE]: {
      // The person waits: the search's request goes now.
      perform: async ({ world }) => world.gate.open(),
    },
    ADD: { samples: [{ person: annabel }], perform: async ({ page, world }) => addButton(page, world.annabel.username).click() },
    RETRY: { perform: async ({ page }) => page.getByRole('button', { name: pe('contacts.retry'), exact: true }).click() },
    RETRY_SEARCH: { perform: async ({ page }) => section(page).getByRole('button', { name: pe('find.retrySearch'), exact: true }).click() },
  },

  outcomes: {
    loadPeople: {
      // The top people are not the model's: the checks leave them be.
      done: [{ name: 'the top people and no contacts', value: { top: [], contacts: [] } satisfies PeopleLists }],
      error: [
        {
          name: 'the server is unavailable',
          value: serviceUnavailable,
          arrange: async ({ page }) => forceServerProblem(page, 'GET', /\/api\/app\/user\/[^/?]+\/contacts(\?.*)?$/),
          logs: 503,
        },
      ],
    },
    searchUsers: {
      done: [{ name: 'Annabel, found by her username', value: [annabel] }],
      error: [
        {
          name: 'the server is unavailable',
          value: serviceUnavailable,
          arrange: async ({ world }) => {
            world.gate.fail = true;
          },
          logs: 503,
        },
      ],
    },
    addContact: {
      done: [{ name: 'Annabel is a contact', value: [annabel] }],
      error: [
        {
          name: 'Annabel closed her account since the search',
          value: apiFailure(404, { code: 'user_not_found', detail: 'We could not find this user.' }),
          async arrange({ browser, world }) {
            const hers = await browser.newContext({ storageState: world.annabelSession });
            try {
              const closed = await hers.request.post(`/api/app/user/${world.annabel.user.userId}/account/close`, { data: { current_password: PASSWORD } });
              expect(closed.status(), await closed.text()).toBe(200);
            } finally {
              await hers.close();
            }
          },
          logs: 404,
        },
      ],
    },
  },

  leftOut: {},

  async screen({ page, world }, snapshot) {
    const view = findPeopleView(snapshot);
    const state = `find-people in ${JSON.stringify(snapshot.value)} (${view.part}, search ${view.search})`;
    if (view.part === 'loadFailed') {
      await expect(page.getByRole('main').getByRole('alert').filter({ hasText: pe('contacts.loadFailed') }), `${state}: the failure`).toBeVisible();
      await expectButton(page.getByRole('button', { name: pe('contacts.retry'), exact: true }), true, `${state}: "${pe('contacts.retry')}"`);
      await expectAbsent(searchField(page), `${state}: the search`);
      return;
    }
    if (view.part === 'loading') return;
    await expect(searchField(page), `${state}: the search`).toBeVisible();
    const results = section(page).getByRole('list', { name: pe('find.results') });
    const parts = {
      topPeople: section(page).getByRole('heading', { name: pe('find.topPeople') }),
      searching: section(page).getByText(pe('find.searching')),
      nothingFound: section(page).getByText(pe('find.nothingFound')),
      failed: section(page).getByText(pe('find.searchFailed')),
    } as const;
    for (const [part, locator] of Object.entries(parts)) {
      if (view.search === part) await expect(locator, `${state}: "${part}"`).toBeVisible();
      else await expectAbsent(locator, `${state}: "${part}"`);
    }
    if (view.search === 'failed') await expectButton(section(page).getByRole('button', { name: pe('find.retrySearch'), exact: true }), view.retrySearch, `${state}: "${pe('find.retrySearch')}"`);
    await expect(results.getByRole('listitem'), `${state}: the search's rows`).toHaveCount(view.results.length);
    for (const row of view.results) {
      // The model's Annabel is the real one, with her own username.
      const username = row.person.userId === annabel.userId ? world.annabel.username : row.person.username;
      if (row.inContacts) await expect(results.getByText(pe('find.inContacts')), `${state}: ${username} in the contacts`).toBeVisible();
      else await expectButton(addButton(page, username), row.add.enabled, `${state}: Add @${username}`);
    }
  },
};
