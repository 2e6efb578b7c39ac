import { expect, type Browser, type Page } from '@playwright/test';
import { activeUser, newUser } from '../../../../machines/catalogue-samples';
import { apiFailure } from '../../../../machines/forms/api-failure';
import catalogue from '../../../../machines/session.catalogue';
import { sessionArea } from '../../../../machines/session.view';
import { createAccount, mainHeading, text, uniqueUsername, type TestAccount } from '../../support/app';
import { secondAccount } from '../../support/second-account';
import type { Driver } from '../driver';
import { forceServerProblem, UNAVAILABLE_FAILURE } from '../forced-answers';
import { expectAbsent } from '../screen-checks';

/**
 * The session (machines/session.machine.ts, its view-model machines/session.view.ts: which of the three apps the
 * route set opens), driven as a person whose browser is signed in: a fresh account per path, either set up (the
 * signed-in app, from /help, whose pages make no calls of their own) or verified but not set up yet (/set-up). The
 * app checks the session with the server as it starts and on every navigation (REFRESH): the first check is the
 * screen's opening; a path's REFRESH is the person's next navigation (a link between /help and /faq, or a reload of
 * /set-up), whose check meets what the path arranged for real:
 * - the session idled out: the server's test clock moved past the 30 minutes' idle (`session_expired`), so this
 *   driver runs with the clock specs;
 * - the session ended elsewhere: the password changed in another browser, which revokes every other session;
 * - the server unavailable: the one forced answer (a 503).
 * A page's own call meeting the ended session (UNAUTHORIZED, SESSION_EXPIRED) is the set-up form sent after it
 * ended. Logging out fails for real when another account has signed in in another tab meanwhile: the server refuses
 * to end that account's session for this one (403), and the app logs out here all the same.
 */
interface SessionWorld {
  account: TestAccount;
  /** The page on screen: the signed-in app's /help or /faq, or /set-up. */
  at: 'help' | 'faq' | 'setUp';
  /** Where a visitor lands: the sign-in page after a 401, the landing after logging out. */
  visitorAt: 'signIn' | 'landing';
}

const INPUT = catalogue.inputs!;
/** The path starts from a session restored for an account set up (the driver's `input`) or for one not set up yet. */
const NOT_SET_UP = 'restoredIncomplete';

const c = (key: string) => text('en', 'common', key);
const a = (key: string) => text('en', 'accounts', key);
const su = (key: string) => text('en', 'support', key);

const HEADING = { help: su('help.title'), faq: su('faq.heading'), setUp: a('titles.setUp') } as const;
/** The link on each signed-in page to the other one. */
const LINK_AWAY = { help: su('help.faq.action'), faq: su('faq.moreLink') } as const;

const main = (page: Page) => page.getByRole('main');
const shellNav = (page: Page) => page.getByRole('navigation', { name: c('shell.navLabel') });
const logoutButton = (page: Page, at: SessionWorld['at']) =>
  at === 'setUp' ? main(page).getByRole('button', { name: a('setUp.logout'), exact: true }) : shellNav(page).getByRole('button', { name: c('shell.logout'), exact: true });

/** POST /api/dev/clock: the server's test clock, for every session it holds. */
async function moveClock(page: Page, minutes: number): Promise<void> {
  const moved = await page.request.post('/api/dev/clock', { data: { advanceMs: minutes * 60 * 1000 } });
  expect(moved.ok(), await moved.text()).toBe(true);
}

/** 31 minutes pass without a call: the session idles out (design.md §6: 30 minutes). */
const idleOut = (page: Page) => moveClock(page, 31);

/** The account's owner changes the password in another browser: every other session, this one too, is revoked. */
async function passwordChangedElsewhere(browser: Browser, account: TestAccount): Promise<void> {
  const other = await browser.newContext();
  try {
    const signedIn = await other.request.post('/api/app/user/login/', { data: { email: account.email, password: account.password } });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    const changed = await other.request.patch(`/api/app/user/${account.user.userId}/account/change-password`, {
      data: { current_password: account.password, password_1: 'N3w!password', password_2: 'N3w!password' },
    });
    expect(changed.status(), await changed.text()).toBe(200);
  } finally {
    await other.close();
  }
}

/** The set-up form filled in and sent: the page's own call (PATCH set-up), which meets the session as it is. */
async function sendSetUp(page: Page): Promise<void> {
  await main(page).getByLabel(a('fields.fullName'), { exact: true }).fill('Ana Silva');
  await main(page).getByLabel(a('fields.username'), { exact: true }).fill(uniqueUsername('ana'));
  await main(page).getByLabel(a('fields.country'), { exact: true }).selectOption('BR');
  await main(page).getByLabel(a('setUp.eSignatureConsent'), { exact: true }).check();
  await main(page).getByRole('button', { name: a('setUp.submit'), exact: true }).click();
}

const notSetUp = (input: string | undefined) => input === NOT_SET_UP;

export const sessionDriver: Driver<SessionWorld> = {
  name: 'session',
  // The server's clock moves for the idled-out session.
  clock: true,
  machine: catalogue.fake(),
  input: INPUT.restoredComplete,
  inputs: { [NOT_SET_UP]: INPUT[NOT_SET_UP] },
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, context: snapshot.context }),

  async start({ context, input }) {
    const account = notSetUp(input) ? await createAccount(context, { setUp: false, verified: true }) : await createAccount(context);
    return { account, at: notSetUp(input) ? 'setUp' : 'help', visitorAt: 'signIn' };
  },

  async open({ page, world }) {
    if (world.at === 'setUp') {
      // The set-up page makes no call of its own on arrival: the session's check is its only one.
      await page.goto('/set-up');
    } else {
      // The shell's own read (its profile summary) answered too before the path ends the session anywhere: only the
      // session's check, on the next navigation, meets that (the information pages make no call of their own).
      const profile = `/api/app/user/${world.account.user.userId}/profile`;
      const shellRead = page.waitForResponse((response) => new URL(response.url()).pathname === profile);
      await page.goto('/help');
      expect((await shellRead).ok(), 'the shell read the profile').toBe(true);
    }
    await expect(mainHeading(page)).toHaveText(HEADING[world.at]);
  },

  // The app's first check with the server, as it starts: the account is who the cookie says.
  opening: (input) =>
    notSetUp(input) ? ['needsSetUp.idle REFRESH#0', 'needsSetUp.refreshing loadUser:done#0'] : ['signedIn.idle REFRESH#0', 'signedIn.refreshing loadUser:done#0'],

  events: {
    REFRESH: {
      // The next navigation: the other page of the signed-in app, or /set-up again (its only page).
      async perform({ page, world }) {
        if (world.at === 'setUp') {
          await page.reload();
          return;
        }
        const from = world.at;
        world.at = from === 'help' ? 'faq' : 'help';
        await main(page).getByRole('link', { name: LINK_AWAY[from], exact: true }).click();
      },
    },
    LOGOUT: {
      // The log out button and its dialog: on a page, not while the app's check runs.
      possible: (before) => before.matches('signedIn.idle') || before.matches('needsSetUp.idle'),
      async perform({ page, world }) {
        world.visitorAt = 'landing';
        await logoutButton(page, world.at).click();
        await page.getByRole('alertdialog').getByRole('button', { name: c('confirmDialog.yes'), exact: true }).click();
      },
    },
    UNAUTHORIZED: {
      // The password changed in another browser, then the set-up form is sent: its call is answered 401.
      possible: (before) => before.matches('needsSetUp.idle'),
      async perform({ page, browser, world }) {
        await passwordChangedElsewhere(browser, world.account);
        await sendSetUp(page);
      },
    },
    SESSION_EXPIRED: {
      // 31 minutes idle on /set-up, then the form is sent: its call is answered 401 `session_expired`.
      possible: (before) => before.matches('needsSetUp.idle'),
      async perform({ page }) {
        await idleOut(page);
        await sendSetUp(page);
      },
    },
  },

  outcomes: {
    loadUser: {
      done: [
        { name: 'the account, set up', value: activeUser, possible: (during) => during.matches('signedIn') },
        { name: 'the account, not set up yet', value: newUser, possible: (during) => during.matches('needsSetUp') },
      ],
      error: [
        { name: 'the session idled out (31 minutes)', value: apiFailure(401, { code: 'session_expired' }), arrange: async ({ page }) => idleOut(page) },
        {
          name: 'the password was changed in another browser',
          value: apiFailure(401, { code: 'unauthenticated' }),
          arrange: async ({ browser, world }) => passwordChangedElsewhere(browser, world.account),
        },
        {
          name: 'the server is unavailable',
          value: UNAVAILABLE_FAILURE,
          arrange: async ({ page }) => forceServerProblem(page, 'GET', /\/api\/app\/user\/[^/?]+(\?.*)?$/),
          logs: 503,
        },
      ],
    },
    logout: {
      done: [{ name: 'the server ends the session' }],
      error: [
        {
          name: 'another account signed in in another tab meanwhile',
          value: apiFailure(403, { code: 'forbidden' }),
          async arrange({ context, browser }) {
            const other = await secondAccount(browser);
            const signedIn = await context.request.post('/api/app/user/login/', { data: { email: other.email, password: other.password } });
            expect(signedIn.status(), await signedIn.text()).toBe(200);
          },
        },
      ],
    },
  },

  leftOut: {
    'loggedOut SIGNED_IN#0':
      'signing in moves to home or /set-up, whose navigation the app checks by itself (REFRESH and its answer), which no step names: accounts.spec.ts signs in and up',
    'needsSetUp USER_UPDATED#0': 'finishing set-up moves home, which the app checks by itself (as SIGNED_IN): accounts.spec.ts and the set-up driver finish it',
    'signedIn USER_UPDATED#0': 'a user updated by account info: account-settings.spec.ts and the account-info driver save it',
  },

  async screen({ page, world }, snapshot) {
    const area = sessionArea(snapshot);
    const state = `session in ${JSON.stringify(snapshot.value)}`;
    if (area === 'loggedOut') {
      await expectAbsent(shellNav(page), `${state}: the signed-in app's navigation`);
      await expectAbsent(page.getByRole('button', { name: c('shell.logout') }), `${state}: a log out button`);
      if (snapshot.matches('loggedOut.expired')) {
        await expect(page, `${state}: /expired-session`).toHaveURL('/expired-session');
        await expect(mainHeading(page), `${state}: the heading`).toHaveText(c('auth.expiredTitle'));
        await expect(main(page).getByRole('link', { name: c('auth.expiredSignIn'), exact: true }), `${state}: the way back`).toHaveAttribute('href', '/sign-in');
      } else if (world.visitorAt === 'landing') {
        await expect(mainHeading(page), `${state}: the landing`).toHaveText(text('en', 'marketing', 'landing.heading'));
      } else {
        await expect(mainHeading(page), `${state}: the sign-in page`).toHaveText(c('auth.signInTitle'));
      }
      return;
    }
    if (area === 'setUp') {
      expect(world.at, `${state}: a person not set up has only /set-up`).toBe('setUp');
      await expect(mainHeading(page), `${state}: the heading`).toHaveText(HEADING.setUp);
      await expect(logoutButton(page, 'setUp'), `${state}: set-up's log out`).toBeVisible();
      await expectAbsent(shellNav(page), `${state}: the signed-in app's navigation`);
      return;
    }
    await expect(mainHeading(page), `${state}: the page`).toHaveText(HEADING[world.at]);
    await expect(shellNav(page), `${state}: the signed-in app's navigation`).toBeVisible();
    await expect(logoutButton(page, world.at), `${state}: the shell's log out`).toBeVisible();
  },
};
