import { expect, type Page } from '@playwright/test';
import { apiFailure } from '../../../../machines/forms/api-failure';
import { ann } from '../../../../machines/catalogue-samples';
import catalogue from '../../../../machines/send-payment.catalogue';
import type { Funding } from '../../../../machines/payments/funding';
import { sendParts } from '../../../../machines/payments/send-form.view';
import type { SendPaymentContext, SentPayment } from '../../../../machines/send-payment.machine';
import { createAccount, fmt, mainHeading, text } from '../../support/app';
import type { Driver, PathRun } from '../driver';
import { forceServerProblem, UNAVAILABLE_FAILURE } from '../forced-answers';
import { anotherPerson, closeEarlierPeople, depositByCard, type Person, personOf, sendFromBalance } from '../people';
import { escapeRegExp, expectAbsent, expectButton } from '../screen-checks';

/**
 * Send money, /payment/send (machines/send-payment.machine.ts, its view-model machines/payments/send-form.view.ts),
 * driven as a person: a fresh signed-in account per path, given $12.50 by the sandbox card when the path pays from
 * the balance, and another person to pay (found by typing their username in the recipient field). The balance spent
 * through the API between the screen's read and Pay is the server's real refusal (422 insufficient_funds). Pay
 * pressed before the balance and cards arrive: their read is held back (a slow network), never answered for the
 * server. Forced: the 503s.
 */
interface SendWorld {
  me: Person;
  other: Person | null;
  /** Whether the money for the payment was added already. */
  funded: boolean;
  /** The screen's read of the balance and cards is held back (a path that presses Pay before it arrives). */
  holdFunding: boolean;
}

type Run = PathRun<SendWorld>;

const p = (key: string, values: Record<string, string | number> = {}) => fmt(text('en', 'payments', key), values);
const unavailable = UNAVAILABLE_FAILURE;
const AMOUNT = '12.50';
const EMPTY_WALLET: Funding = { availableCents: 0, cards: [] };
const FUNDED_WALLET: Funding = { availableCents: 12_50, cards: [] };
const SENT: SentPayment = { paymentId: 'pay-42', status: 'complete', amount: AMOUNT, fee: '0.00', totalCharge: AMOUNT, holdExpiresAt: null };

const form = (page: Page) => page.getByRole('main');
/** "Pay $12.50", "Paying…": the label's words with any amount. */
const payButton = (page: Page, labelKey: string) =>
  form(page).getByRole('button', { name: new RegExp(`^${escapeRegExp(text('en', 'payments', labelKey)).replace('\\{\\{amount\\}\\}', '.+')}$`, 'u') });
const methodRadio = (page: Page, labelKey: string) => form(page).getByRole('radio', { name: new RegExp(`^${escapeRegExp(p(labelKey))}`, 'u') });
const retryButton = (page: Page) => form(page).getByRole('button', { name: p('actions.retry'), exact: true });

async function other({ browser, world }: Run): Promise<Person> {
  world.other ??= await anotherPerson(browser, 'Bo Lindqvist');
  return world.other;
}

/** The screen's read of the balance and cards answers as the server answers it (not held back). */
const readFreely = async ({ world }: Run) => void (world.holdFunding = false);

export const sendPaymentDriver: Driver<SendWorld> = {
  name: 'send-payment',
  machine: catalogue.fake(),
  input: catalogue.inputs!.blank,
  // The catalogue's key judges the amount against one sample balance; here two balances are read (none, $12.50).
  serializeState: (snapshot) => `${catalogue.serializeState!(snapshot)} ${(snapshot.context as SendPaymentContext).funding?.availableCents ?? 'unread'}`,

  async start({ context }) {
    await closeEarlierPeople();
    return { me: personOf(context, await createAccount(context, { setUp: { fullName: 'Ana Souza' } })), other: null, funded: false, holdFunding: true };
  },

  async open({ page, world }) {
    // On the context: the runner's `page.unrouteAll` before each event would let a request a page route holds through.
    if (world.holdFunding) await page.context().route(/\/api\/app\/user\/[^/?]+\/wallet(\?.*)?$/, () => new Promise<void>(() => {}));
    await page.goto('/payment/send');
    await expect(mainHeading(page)).toHaveText(p('send.title'));
  },

  events: {
    SET_RECIPIENT: {
      samples: [{ person: ann }],
      async perform(run) {
        const { username } = await other(run);
        const field = run.page.getByRole('combobox', { name: p('fields.recipient') });
        // The whole name: a long run makes many people whose names begin alike, more than the list shows.
        await field.fill(username);
        await run.page.getByRole('option', { name: new RegExp(`@${username}\\b`, 'u') }).click();
        await expect(field).toHaveValue(`@${username}`);
      },
    },
    CHANGE_AMOUNT: { samples: [{ value: AMOUNT }], perform: async ({ page }, { value }) => page.getByLabel(p('fields.amount'), { exact: true }).fill(String(value)) },
    SELECT_METHOD: { samples: [{ methodId: 'new-card' }], perform: async ({ page }) => methodRadio(page, 'method.newCard').check() },
    SUBMIT: { perform: async ({ page }) => payButton(page, 'actions.pay').click() },
    RETRY: { perform: async ({ page }) => retryButton(page).click() },
  },

  outcomes: {
    loadFunding: {
      done: [
        { name: 'a new account’s empty wallet', value: EMPTY_WALLET, arrange: readFreely },
        {
          name: 'money for the payment, $12.50',
          value: FUNDED_WALLET,
          async arrange(run) {
            await readFreely(run);
            if (run.world.funded) return;
            await depositByCard(run.world.me, AMOUNT);
            run.world.funded = true;
          },
        },
      ],
      error: [
        {
          name: 'the server is unavailable',
          value: unavailable,
          async arrange(run) {
            await readFreely(run);
            await forceServerProblem(run.page, 'GET', /\/api\/app\/user\/[^/?]+\/payment-methods\/cards(\?.*)?$/);
          },
          logs: 503,
        },
      ],
    },
    sendPayment: {
      done: [{ name: 'the payment goes through', value: SENT }],
      error: [
        {
          name: 'the balance was spent meanwhile',
          value: apiFailure(422, { code: 'insufficient_funds', detail: 'Send amount cannot exceed available balance' }),
          // $5.00 of the $12.50 paid to the other person through the API: $7.50 is left.
          arrange: async (run) => void (await sendFromBalance(run.world.me, await other(run), '5.00', 'Taxi')),
          logs: 422,
        },
        {
          name: 'the server is unavailable',
          value: unavailable,
          arrange: async ({ page }) => forceServerProblem(page, 'POST', /\/api\/app\/user\/[^/?]+\/payment\/send\/(\?.*)?$/),
          logs: 503,
        },
      ],
    },
  },

  leftOut: {
    'findingReceiver findReceiver:error#0':
      'the screen opened from a pay page’s link (?to=, input fromLink) naming nobody: a driver starts from one input, this one’s is the plain screen; payments.spec.ts “a pay page’s link naming nobody” takes it',
  },

  async screen({ page }, snapshot) {
    const parts = sendParts(snapshot);
    const context: SendPaymentContext = snapshot.context;
    const state = `send-payment in ${JSON.stringify(snapshot.value)}`;
    if (parts.sent) {
      await expect(form(page).getByRole('heading', { name: p('sent.title') }), `${state}: the done screen`).toBeVisible();
      return;
    }
    await expectButton(payButton(page, parts.pay.labelKey), parts.pay.enabled, `${state}: view.pay "${p(parts.pay.labelKey)}"`);
    if (parts.methods === 'loadFailed') {
      await expect(form(page).getByRole('alert').filter({ hasText: p('method.loadFailed') }), `${state}: "${p('method.loadFailed')}"`).toBeVisible();
      await expectButton(retryButton(page), true, `${state}: "${p('actions.retry')}"`);
    } else {
      await expectAbsent(retryButton(page), `${state}: "${p('actions.retry')}"`);
    }
    if (context.funding) {
      const chosen = context.methodId === 'new-card' ? 'method.newCard' : 'method.balance';
      await expect(methodRadio(page, chosen), `${state}: the method chosen`).toBeChecked();
    }
    const failure = form(page).getByRole('alert').filter({ hasText: p('failed.other') });
    if (context.failure && !context.declined) await expect(failure, `${state}: "${p('failed.other')}"`).toBeVisible();
    else await expectAbsent(failure, `${state}: "${p('failed.other')}"`);
  },
};
