import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import * as activity from '../../../../machines/activity/samples';
import catalogue from '../../../../machines/payment-actions.catalogue';
import { paymentActionsView } from '../../../../machines/payment-actions.view';
import { createAccount, fmt, mainHeading, text } from '../../support/app';
import { offerPricePoint } from '../../support/creators';
import type { Driver, PathRun } from '../driver';
import { holdEventStream } from '../live-stream';
import { anotherPerson, closeEarlierPeople, depositByCard, type Person, personOf, requestMoney } from '../people';
import { expectAbsent, expectButton } from '../screen-checks';

/**
 * The actions on one payment, the panel of /transactions/transaction-details?id= (machines/payment-actions.machine.ts,
 * its view-model machines/payment-actions.view.ts), driven as a person on one of three payments, each made through
 * the API before the page opens on it:
 * - their own request (the driver's `input`): a fresh signed-in account asks another person for money;
 * - a request made to them (`requestToMe`): the other person asks the account for money;
 * - a fan's order (`pricePointToMe`): the account offers a $5 photo, and a fan with money (a settled card deposit)
 *   buys it from their balance, so the order is `new` with the fan's $5 held — Reply or Reject and refund.
 * The refusals are real, caused between the page's read and the Yes: the other person rejects the request meanwhile
 * (409 on cancel) or cancels the request they made (409 on reject), a reminder already went out through the API
 * (429 on remind), the order was rejected meanwhile in another tab (409 on reject and refund). The page's live
 * stream is held back (live-stream.ts) so that a change made elsewhere does not reload the page under the open
 * dialog: these paths are about the refusal.
 */
interface ActionsWorld {
  me: Person;
  /** The one who asked or was asked for money, or the fan who bought the order. */
  other: Person;
  paymentId: string;
}

/** The starts besides the user's own request (the catalogue's inputs of the same names). */
const REQUEST_TO_ME = 'requestToMe';
const ORDER_TO_ME = 'pricePointToMe';

type Run = PathRun<ActionsWorld>;

const a = (key: string, values: Record<string, string | number> = {}) => fmt(text('en', 'activity', key), values);
const c = (key: string) => text('en', 'common', key);
const panel = (page: Page) => page.getByRole('region', { name: a('actions.title') });
const actionButton = (page: Page, labelKey: string) => panel(page).getByRole('button', { name: a(labelKey), exact: true });
const dialog = (page: Page, titleKey: string) => page.getByRole('alertdialog', { name: a(titleKey) });
const DIALOG_TITLES = {
  cancel: 'cancelTransactionDialog.title',
  reject: 'rejectTransactionDialog.title',
  rejectOrder: 'rejectOrderDialog.title',
  remind: 'sendReminderDialog.title',
} as const;

/** The fan buys the creator's $5 photo from their balance: an order awaiting the creator's reply, its money held. */
async function fanBuysPhoto(creator: Person, fan: Person, pricePointId: string): Promise<string> {
  await depositByCard(fan, '10.00');
  const bought = await fan.context.request.post(`/api/app/user/${fan.id}/payment/send/`, {
    headers: { 'idempotency-key': randomUUID() },
    data: { receiverUserId: creator.id, amount: '5.00', paymentMethodId: 'balance', pricePointId, message: 'For my sister' },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  return ((await bought.json()) as { data: [{ payment_id: string }] }).data[0].payment_id;
}

/** Withdraws the request or the order through the API as `who`, as another tab of theirs would (the same DELETE). */
async function withdrawMeanwhile(who: Person, paymentId: string): Promise<void> {
  const answer = await who.context.request.delete(`/api/app/user/${who.id}/payment/request/`, { data: { paymentId } });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** The open dialog's Yes or No. */
async function answerDialog(page: Page, answer: 'yes' | 'no'): Promise<void> {
  await page.getByRole('alertdialog').getByRole('button', { name: c(`confirmDialog.${answer}`), exact: true }).click();
}

export const paymentActionsDriver: Driver<ActionsWorld> = {
  name: 'payment-actions',
  machine: catalogue.fake(),
  input: catalogue.inputs!.myRequest,
  inputs: { [REQUEST_TO_ME]: catalogue.inputs![REQUEST_TO_ME], [ORDER_TO_ME]: catalogue.inputs![ORDER_TO_ME] },
  serializeState: (snapshot) => catalogue.serializeState!(snapshot),

  async start({ context, browser, input }) {
    await closeEarlierPeople();
    if (input === ORDER_TO_ME) {
      const me = personOf(context, await createAccount(context, { setUp: { fullName: 'Mia Costa' } }));
      const pricePointId = await offerPricePoint(context, me.id, { price: '5', description: 'A signed photo', media_type: 'photo' });
      const fan = await anotherPerson(browser, 'Fiona Fan');
      return { me, other: fan, paymentId: await fanBuysPhoto(me, fan, pricePointId) };
    }
    const me = personOf(context, await createAccount(context, { setUp: { fullName: 'Ana Souza' } }));
    const other = await anotherPerson(browser, 'Bo Lindqvist');
    if (input === REQUEST_TO_ME) return { me, other, paymentId: await requestMoney(other, me, '20.00', 'Concert tickets') };
    return { me, other, paymentId: await requestMoney(me, other, '20.00', 'Concert tickets') };
  },

  async open({ page, world }) {
    await holdEventStream(page);
    await page.goto(`/transactions/transaction-details?id=${world.paymentId}`);
    await expect(mainHeading(page)).toHaveText(a('details.title'));
  },

  events: {
    CANCEL: { perform: async ({ page }) => actionButton(page, 'actions.cancel').click() },
    REMIND: { perform: async ({ page }) => actionButton(page, 'actions.remind').click() },
    REJECT: { perform: async ({ page }) => actionButton(page, 'actions.reject').click() },
    DECLINE: { perform: async ({ page }) => actionButton(page, 'actions.rejectOrder').click() },
    // Reply leads to the upload screen (its own driver, upload-reply); Back returns to the order, where the panel
    // starts again on the same order, still awaiting the reply.
    REPLY: {
      async perform({ page }) {
        await actionButton(page, 'actions.reply').click();
        await expect(mainHeading(page)).toHaveText(a('upload.title'));
        await page.goBack();
        await expect(mainHeading(page)).toHaveText(a('details.title'));
      },
    },
    CONFIRM: { perform: async ({ page }) => answerDialog(page, 'yes') },
    DISMISS: { perform: async ({ page }) => answerDialog(page, 'no') },
  },

  outcomes: {
    cancelRequest: {
      done: [{ name: 'the request is cancelled', value: activity.myCancelledRequest }],
      error: [
        {
          name: 'the other person rejected the request meanwhile',
          value: activity.notAllowed,
          arrange: async ({ world }: Run) => withdrawMeanwhile(world.other, world.paymentId),
        },
      ],
    },
    remindRequest: {
      done: [{ name: 'the reminder goes out', value: activity.myRemindedRequest }],
      error: [
        {
          name: 'a reminder went out meanwhile (from another tab)',
          value: activity.tooSoon,
          async arrange({ world }: Run) {
            const { me, paymentId } = world;
            const reminded = await me.context.request.post(`/api/app/user/${me.id}/payment/request/reminder`, { data: { paymentId } });
            expect(reminded.status(), await reminded.text()).toBe(200);
          },
        },
      ],
    },
    rejectRequest: {
      error: [
        {
          name: 'the other person cancelled their request meanwhile',
          value: activity.notAllowed,
          arrange: async ({ world }: Run) => withdrawMeanwhile(world.other, world.paymentId),
        },
      ],
    },
    declineOrder: {
      done: [{ name: 'the order is rejected and the fan refunded', value: activity.rejectedPricePointToMe }],
      error: [
        {
          name: 'the order was rejected meanwhile (from another tab)',
          value: activity.notAllowed,
          arrange: async ({ world }: Run) => withdrawMeanwhile(world.me, world.paymentId),
        },
      ],
    },
  },

  leftOut: {},

  async screen({ page }, snapshot) {
    const view = paymentActionsView(snapshot);
    const state = `payment-actions in ${JSON.stringify(snapshot.value)}`;
    if (!view.shown) {
      await expectAbsent(panel(page), `${state}: the actions panel`);
      return;
    }
    // Under an open dialog the rest of the page is hidden from the accessibility tree: the dialog is what shows.
    if (!view.dialog) await expect(panel(page), `${state}: the actions panel`).toBeVisible();
    for (const b of view.buttons) {
      if (view.dialog) continue;
      await expectButton(actionButton(page, b.labelKey), b.enabled, `${state}: view.buttons ${b.event.type} "${a(b.labelKey)}"`);
    }
    if (!view.buttons.some((b) => b.event.type === 'REMIND') && !view.dialog) await expectAbsent(actionButton(page, 'actions.remind'), `${state}: "${a('actions.remind')}"`);
    for (const [which, titleKey] of Object.entries(DIALOG_TITLES)) {
      if (view.dialog === which) await expect(dialog(page, titleKey), `${state}: view.dialog ${which}`).toBeVisible();
      else await expectAbsent(dialog(page, titleKey), `${state}: the ${which} dialog`);
    }
  },
};
