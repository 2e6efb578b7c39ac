import { randomUUID } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import catalogue, { anaSupporter, benSupporter } from '../../../../machines/supporters-wall.catalogue';
import type { SupportersWallContext, SupportersWallData } from '../../../../machines/supporters-wall.machine';
import { supportersWallView, type SupportersWallState } from '../../../../machines/supporters-wall.view';
import { createAccount, fmt, mainHeading, text, uniqueUsername, type TestAccount } from '../../support/app';
import { payer, TEST_CARDS } from '../../support/payments';
import type { Driver, PathRun } from '../driver';
import { forceServerProblem, UNAVAILABLE_FAILURE } from '../forced-answers';
import { expectAbsent, expectButton } from '../screen-checks';

/**
 * The supporters wall on the creator's pay page /{username} (machines/supporters-wall.machine.ts, its view-model
 * machines/supporters-wall.view.ts), driven as the creator, signed in on their own page: a fresh creator per path,
 * tipped through the API by fans named as the model's (Ana Silva without a note, then Ben Okafor with one), each
 * asking to be shown, by the sandbox card (complete once the capture job has run). Only the 503s are forced.
 */
interface WallWorld {
  creator: TestAccount & { username: string };
}

type Run = PathRun<WallWorld>;

const cr = (key: string, values: Record<string, string | number> = {}) => fmt(text('en', 'creators', key), values);
const serviceUnavailable = UNAVAILABLE_FAILURE;

/** What the model's wall reads, with the real count: the fans this driver seeds. */
const twoShown: SupportersWallData = { supporter_count: 2, data: [benSupporter, anaSupporter] };

/** A fan (their own context) tips the creator $5 by the sandbox card, typed in place, and asks to be shown. */
async function fanTips({ browser, world }: Run, fullName: string, message: string | null): Promise<void> {
  const context = await browser.newContext();
  try {
    const fan = await payer(context, fullName);
    const [expMonth, expYear] = [12, new Date().getFullYear() + 2];
    const sent = await context.request.post(`/api/app/user/${fan.user.userId}/payment/send/`, {
      headers: { 'idempotency-key': randomUUID() },
      data: {
        receiverUserId: world.creator.user.userId,
        amount: '5.00',
        ...(message ? { message } : {}),
        newCard: { nameOnCard: fullName, number: TEST_CARDS.success, expMonth, expYear, cvv: '123', country: 'US', postalCode: '10001' },
        save: false,
        showOnPage: true,
      },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  } finally {
    await context.close();
  }
}

/** Ana, then Ben (the wall lists the newest first), and both on the wall: their card payments captured. */
async function fansOnTheWall(run: Run, fans: Array<[string, string | null]>): Promise<void> {
  for (const [name, message] of fans) await fanTips(run, name, message);
  await expect
    .poll(async () => {
      const wall = await run.page.request.get(`/api/app/public/profile/${run.world.creator.username}/supporters`);
      return ((await wall.json()) as SupportersWallData).data.length;
    }, { message: 'the fans’ card payments completed', timeout: 30_000 })
    .toBe(fans.length);
}

/** The wall's region, named by its heading: "Supporters" until the count is known, then "2 supporters". */
function wallRegion(page: Page, count: number | null): Locator {
  const name = count === null ? cr('supporters.title') : count === 0 ? cr('supporters.count_zero') : cr(count === 1 ? 'supporters.count_one' : 'supporters.count_other').replace(/\{\{\s*count, number\s*\}\}/u, String(count));
  return page.getByRole('region', { name, exact: true });
}
const hideButton = (page: Page, name: string) => page.getByRole('button', { name: cr('supporters.hideLabel', { name }), exact: true });
const dialog = (page: Page) => page.getByRole('alertdialog', { name: cr('supporters.confirmTitle') });

export const supportersWallDriver: Driver<WallWorld> = {
  name: 'supporters-wall',
  machine: catalogue.fake(),
  input: catalogue.inputs!.owner,
  serializeState: (snapshot) => catalogue.serializeState!(snapshot),

  async start({ context }) {
    const username = uniqueUsername('maya');
    const creator = await createAccount(context, { setUp: { fullName: 'Maya Castro', username } });
    return { creator: { ...creator, username } };
  },

  async open({ page, world }) {
    await page.goto(`/${world.creator.username}`);
    await expect(mainHeading(page)).toHaveText('Maya Castro');
  },

  events: {
    RETRY: { perform: async ({ page }) => page.getByRole('button', { name: cr('supporters.retry'), exact: true }).click() },
    HIDE: {
      // A listed message; the model's other sample (an id not on the wall) has no button.
      samples: [{ id: benSupporter.id }],
      perform: async ({ page }) => hideButton(page, benSupporter.name).click(),
    },
    CANCEL: { perform: async ({ page }) => dialog(page).getByRole('button', { name: text('en', 'common', 'confirmDialog.no'), exact: true }).click() },
    CONFIRM: { perform: async ({ page }) => dialog(page).getByRole('button', { name: cr('supporters.hide'), exact: true }).click() },
  },

  outcomes: {
    loadSupporters: {
      done: [
        { name: 'Ana and then Ben tipped and asked to be shown', value: twoShown, arrange: (run) => fansOnTheWall(run, [[anaSupporter.name, null], [benSupporter.name, benSupporter.message]]) },
      ],
      error: [
        {
          name: 'the server is unavailable',
          value: serviceUnavailable,
          arrange: async ({ page }) => forceServerProblem(page, 'GET', /\/api\/app\/public\/profile\/[^/?]+\/supporters(\?.*)?$/),
          logs: 503,
        },
      ],
    },
    hideSupporter: {
      done: [{ name: 'the message is hidden' }],
      error: [
        {
          name: 'the server is unavailable',
          value: serviceUnavailable,
          arrange: async ({ page }) => forceServerProblem(page, 'DELETE', /\/api\/app\/user\/[^/?]+\/supporters\/[^/?]+(\?.*)?$/),
          logs: 503,
        },
      ],
    },
  },

  leftOut: {},

  async screen({ page }, snapshot) {
    const context: SupportersWallContext = snapshot.context;
    const view = supportersWallView({ value: snapshot.value as SupportersWallState, context }, 'en', new Date());
    const state = `supporters-wall in ${JSON.stringify(snapshot.value)}`;
    if (view.confirming) {
      // The dialog is modal: the page under it is out of the accessibility tree until it closes.
      await expect(dialog(page), `${state}: the confirmation`).toContainText(cr('supporters.confirmBody', { name: view.confirming.name }));
      await expectButton(dialog(page).getByRole('button', { name: cr('supporters.hide'), exact: true }), true, `${state}: the dialog's "${cr('supporters.hide')}"`);
      return;
    }
    await expect(dialog(page), `${state}: the confirmation`).toBeHidden();
    const wall = wallRegion(page, view.count);
    await expect(wall, `${state}: the wall, its heading's count ${view.count}`).toBeVisible();
    if (view.failed) {
      await expect(wall.getByRole('alert').filter({ hasText: cr('supporters.loadFailed') }), `${state}: the failure`).toBeVisible();
      await expectButton(wall.getByRole('button', { name: cr('supporters.retry'), exact: true }), true, `${state}: "${cr('supporters.retry')}"`);
    } else {
      await expectAbsent(wall.getByRole('button', { name: cr('supporters.retry'), exact: true }), `${state}: "${cr('supporters.retry')}"`);
    }
    await expect(wall.getByRole('listitem'), `${state}: one row per message shown`).toHaveCount(view.rows.length);
    for (const row of view.rows) {
      const item = wall.getByRole('listitem').filter({ hasText: row.name });
      await expect(item, `${state}: ${row.name}'s row`).toBeVisible();
      if (row.message) await expect(item, `${state}: ${row.name}'s message`).toContainText(row.message);
      if (view.canHide) await expectButton(hideButton(page, row.name), !view.busy, `${state}: Hide on ${row.name}'s message`);
    }
    if (!view.canHide) await expectAbsent(wall.getByRole('button', { name: cr('supporters.hide') }), `${state}: a Hide button`);
    if (view.emptyKey) await expect(wall.getByText(cr(view.emptyKey)), `${state}: the empty text`).toBeVisible();
  },
};
