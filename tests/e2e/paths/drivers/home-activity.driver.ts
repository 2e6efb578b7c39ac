import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import * as activity from '../../../../machines/activity/samples';
import catalogue from '../../../../machines/home-activity.catalogue';
import type { HomeData } from '../../../../machines/home-activity.machine';
import { homeSectionsView } from '../../../../machines/home-activity.view';
import { createAccount, text } from '../../support/app';
import type { Driver, PathRun } from '../driver';
import { forceServerProblem, UNAVAILABLE_FAILURE } from '../forced-answers';
import { holdEventStream, type HeldStream } from '../live-stream';
import { anotherPerson, closeEarlierPeople, type Person, personOf, requestMoney } from '../people';
import { expectAbsent, expectButton } from '../screen-checks';

/**
 * Home, / (machines/home-activity.machine.ts, its view-model machines/home-activity.view.ts), driven as a person: a
 * fresh signed-in account per path, asked for money by another person (through the API) when home must list
 * something. Its live change is real: that person writes on the request (one `message` event: LIVE_PAYMENT; a new
 * request would be two, created and awaiting payment). LIVE_RESET is the stream cut and reconnected (live-stream.ts);
 * the failures are 503s on the payment list, one of home's reads (forced: no seeded state makes the server fail).
 */
interface HomeWorld {
  me: Person;
  /** The person who asked, and their request. */
  asked: { by: Person; paymentId: string } | null;
  stream: HeldStream | null;
}

type Run = PathRun<HomeWorld>;

const a = (key: string) => text('en', 'activity', key);
const unavailable = UNAVAILABLE_FAILURE;
const LIST_CALL = /\/api\/app\/user\/[^/?]+\/payment\/list(\?.*)?$/;
/** Home of a new account asked for money once: that request, no money, no card, no bio. */
const ASKED_ONCE: HomeData = { recent: [activity.requestToMe], balance: '0.00', hasCard: false, profileComplete: false };

const recent = (page: Page) => page.getByRole('region', { name: a('home.recentTitle') });
const retryButton = (page: Page) => recent(page).getByRole('button', { name: a('home.retry'), exact: true });

export const homeActivityDriver: Driver<HomeWorld> = {
  name: 'home-activity',
  machine: catalogue.fake(),
  input: catalogue.inputs!.signedIn,
  serializeState: (snapshot) => JSON.stringify(snapshot.value),

  async start({ context }) {
    await closeEarlierPeople();
    return { me: personOf(context, await createAccount(context, { setUp: { fullName: 'Ana Souza' } })), asked: null, stream: null };
  },

  async open(run: Run) {
    run.world.stream = await holdEventStream(run.page);
    await run.page.goto('/');
    await expect(run.page.getByRole('heading', { name: a('home.recentTitle') })).toBeVisible();
  },

  events: {
    RETRY: { perform: async ({ page }) => retryButton(page).click() },
    LIVE_PAYMENT: {
      // The person who asked writes on their request.
      samples: [{ paymentId: activity.requestToMe.payment_id, status: 'message' }],
      async perform({ world }) {
        if (!world.asked) throw new Error('home lists no request to write on');
        await world.stream!.connect();
        const { by, paymentId } = world.asked;
        const posted = await by.context.request.post(`/api/app/user/${by.id}/messages/`, {
          headers: { 'idempotency-key': randomUUID() },
          data: { paymentId, message: 'Did you see it?' },
        });
        expect(posted.status(), await posted.text()).toBe(201);
      },
    },
    LIVE_RESET: { perform: async ({ world }) => world.stream!.drop() },
  },

  outcomes: {
    loadHome: {
      done: [
        {
          name: 'asked for money once',
          value: ASKED_ONCE,
          async arrange({ browser, world }) {
            if (world.asked) return;
            const by = await anotherPerson(browser, 'Bo Lindqvist');
            world.asked = { by, paymentId: await requestMoney(by, world.me, '7.00', 'Lunch') };
          },
        },
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

  leftOut: {},

  async screen({ page }, snapshot) {
    const view = homeSectionsView(snapshot);
    const state = `home-activity in ${JSON.stringify(snapshot.value)}`;
    await expect(recent(page), `${state}: the recent activity`).toBeVisible();
    if (view.retry) {
      await expect(recent(page).getByRole('alert'), `${state}: "${a('home.recentFailed')}"`).toContainText(a('home.recentFailed'));
      await expectButton(retryButton(page), true, `${state}: view.retry "${a('home.retry')}"`);
    } else {
      await expectAbsent(retryButton(page), `${state}: "${a('home.retry')}"`);
    }
    const empty = recent(page).getByText(a('home.recentEmpty'), { exact: true });
    if (view.recent?.length === 0) await expect(empty, `${state}: view.recent, none`).toBeVisible();
    else await expectAbsent(empty, `${state}: "${a('home.recentEmpty')}"`);
  },
};
