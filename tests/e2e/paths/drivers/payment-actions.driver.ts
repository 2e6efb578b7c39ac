import { expect, type Page } from '@playwright/test';
import * as activity from '../../../../machines/activity/samples';
import catalogue from '../../../../machines/payment-actions.catalogue';
import { paymentActionsView } from '../../../../machines/payment-actions.view';
import { createAccount, fmt, mainHeading, text } from '../../support/app';
import type { Driver, PathRun } from '../driver';
import { holdEventStream } from '../live-stream';
import { anotherPerson, closeEarlierPeople, type Person, personOf, requestMoney } from '../people';
import { expectAbsent, expectButton } from '../screen-checks';

/**
 * The actions on one payment, the panel of /transactions/transaction-details?id= (machines/payment-actions.machine.ts,
 * its view-model machines/payment-actions.view.ts), driven as a person on their own request: a fresh signed-in
 * account asks another person for money through the API, and the page opens on that request. The refusals are real,
 * caused between the page's read and the Yes: the other person rejects the request meanwhile (409 on cancel), a
 * reminder already went out through the API (429 on remind). The page's live stream is held back (live-stream.ts) so
 * that the other person's change does not reload the page under the open dialog: these paths are about the refusal.
 */
interface ActionsWorld {
  me: Person;
  other: Person;
  paymentId: string;
}

type Run = PathRun<ActionsWorld>;

const a = (key: string, values: Record<string, string | number> = {}) => fmt(text('en', 'activity', key), values);
const c = (key: string) => text('en', 'common', key);
const panel = (page: Page) => page.getByRole('region', { name: a('actions.title') });
const actionButton = (page: Page, labelKey: string) => panel(page).getByRole('button', { name: a(labelKey), exact: true });
const dialog = (page: Page, titleKey: string) => page.getByRole('alertdialog', { name: a(titleKey) });
const DIALOG_TITLES = { cancel: 'cancelTransactionDialog.title', reject: 'rejectTransactionDialog.title', remind: 'sendReminderDialog.title' } as const;

/** The open dialog's Yes or No. */
async function answerDialog(page: Page, answer: 'yes' | 'no'): Promise<void> {
  await page.getByRole('alertdialog').getByRole('button', { name: c(`confirmDialog.${answer}`), exact: true }).click();
}

export const paymentActionsDriver: Driver<ActionsWorld> = {
  name: 'payment-actions',
  machine: catalogue.fake(),
  input: catalogue.inputs!.myRequest,
  serializeState: (snapshot) => catalogue.serializeState!(snapshot),

  async start({ context, browser }) {
    await closeEarlierPeople();
    const me = personOf(context, await createAccount(context, { setUp: { fullName: 'Ana Souza' } }));
    const other = await anotherPerson(browser, 'Bo Lindqvist');
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
          async arrange({ world }: Run) {
            const { other, paymentId } = world;
            const rejected = await other.context.request.delete(`/api/app/user/${other.id}/payment/request/`, { data: { paymentId } });
            expect(rejected.status(), await rejected.text()).toBe(200);
          },
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
  },

  leftOut: {
    'askedToPay.rejecting rejectRequest:error#0':
      'a request made to the user (input requestToMe): a driver starts from one input, this one’s is the user’s own request; the same refusal, the other person changing the request meanwhile (409 payment_action_not_allowed), is driven here for Cancel',
  },

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
