import { expect, type Page } from '@playwright/test';
import { activeUser, fieldRefusal } from '../../../../machines/catalogue-samples';
import catalogue from '../../../../machines/set-up.catalogue';
import type { SetUpContext } from '../../../../machines/set-up.machine';
import { setUpView } from '../../../../machines/set-up.view';
import { createAccount, fmt, mainHeading, text, uniqueUsername } from '../../support/app';
import { secondAccount } from '../../support/second-account';
import type { Driver } from '../driver';
import { forceServerProblem, UNAVAILABLE_FAILURE } from '../forced-answers';
import { expectAbsent, expectButton, expectFieldError } from '../screen-checks';

/**
 * Set-up, /set-up (machines/set-up.machine.ts, its view-model machines/set-up.view.ts), driven as a person just
 * verified: a fresh account per path, signed in, verified, not set up, and a fresh username. The username taken is
 * taken for real: another account (in a context of its own) sets it up between typing and "Finish set-up". Only the
 * account's read after saving failing is forced (a 503).
 */
interface SetUpWorld {
  /** The username this path types. */
  username: string;
}

const a = (key: string, values: Record<string, string | number> = {}) => fmt(text('en', 'accounts', key), values);

const FIELD_LABEL = { fullName: a('fields.fullName'), username: a('fields.username'), country: a('fields.country'), eSignatureConsent: a('setUp.eSignatureConsent') } as const;
type Field = keyof typeof FIELD_LABEL;
const main = (page: Page) => page.getByRole('main');
const field = (page: Page, name: Field) => main(page).getByLabel(FIELD_LABEL[name], { exact: true });

export const setUpDriver: Driver<SetUpWorld> = {
  name: 'set-up',
  machine: catalogue.fake(),
  input: catalogue.inputs!.needsSetUp,
  serializeState: (snapshot) => catalogue.serializeState!(snapshot),

  async start({ context }) {
    await createAccount(context, { setUp: false, verified: true });
    return { username: uniqueUsername('ana') };
  },

  async open({ page }) {
    await page.goto('/set-up');
    await expect(mainHeading(page)).toHaveText(a('titles.setUp'));
  },

  events: {
    CHANGE: {
      // Every field good: a name, the path's own username, a country, the consent.
      samples: [
        { field: 'fullName', value: '  Ana Silva ' },
        { field: 'username', value: 'ana_silva' },
        { field: 'country', value: 'BR' },
        { field: 'eSignatureConsent', value: true },
      ],
      async perform({ page, world }, { field: name, value }) {
        if (name === 'eSignatureConsent') await field(page, 'eSignatureConsent').check();
        else if (name === 'country') await field(page, 'country').selectOption(String(value));
        else await field(page, name as Field).fill(name === 'username' ? world.username : String(value));
      },
    },
    SUBMIT: { perform: async ({ page }) => main(page).getByRole('button', { name: a('setUp.submit'), exact: true }).click() },
  },

  outcomes: {
    setUp: {
      done: [{ name: 'the account is set up', value: { user: activeUser } }],
      error: [
        {
          name: 'another account took the username meanwhile',
          value: fieldRefusal(409, 'username_taken', 'username', 'Username already exists'),
          arrange: async ({ browser, world }) => void (await secondAccount(browser, { setUp: { fullName: 'Bo Lindqvist', username: world.username } })),
        },
      ],
    },
    loadPurchase: {
      done: [{ name: 'no purchase waits', value: null }],
      error: [
        {
          name: 'the server is unavailable',
          value: UNAVAILABLE_FAILURE,
          // The shell's own read of the session hits it too: a 503 there keeps the user (machines/session.machine.ts).
          arrange: async ({ page }) => forceServerProblem(page, 'GET', /\/api\/app\/user\/[^/?]+(\?.*)?$/),
          logs: 503,
        },
      ],
    },
  },

  // Every transition can be caused from the screen.
  leftOut: {},

  async screen({ page }, snapshot) {
    const state = `set-up in ${JSON.stringify(snapshot.value)}`;
    // Set up, with no purchase waiting: home.
    if (snapshot.status === 'done') {
      await expect(mainHeading(page), `${state}: home`).toHaveText(text('en', 'common', 'routes.home'));
      return;
    }
    const view = setUpView(snapshot);
    const { errors, message }: SetUpContext = snapshot.context;
    for (const name of ['fullName', 'username', 'country', 'eSignatureConsent'] as const) {
      await expect(field(page, name), `${state}: the ${name} field`).toBeVisible();
      await expectFieldError(field(page, name), Boolean(errors[name]), `${state}: the ${name} field`);
    }
    const alert = main(page).getByRole('alert');
    if (message) await expect(alert, `${state}: the form's message`).toBeVisible();
    else await expectAbsent(alert, `${state}: a form message`);
    await expectButton(main(page).getByRole('button', { name: a(view.submit.labelKey), exact: true }), view.submit.enabled, `${state}: view.submit`);
  },
};
