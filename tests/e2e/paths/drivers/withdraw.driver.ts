import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { apiFailure } from '../../../../machines/forms/api-failure';
import catalogue, { bankOnlySetup, createdWithdrawal, mismatchSetup, nothingSetUp, notOpenSetup, withdrawSetup } from '../../../../machines/withdraw.catalogue';
import type { WithdrawContext, WithdrawSetup } from '../../../../machines/withdraw.machine';
import { withdrawScreen } from '../../../../machines/withdraw.view';
import { createAccount, mainHeading, PASSWORD, text, uniqueEmail, type TestAccount } from '../../support/app';
import { addMoneyByCard, available, followServerClock, moveClock, putBankAccount, w, walletText } from '../../support/withdrawals';
import type { Driver, PathRun } from '../driver';
import { forceServerProblem, UNAVAILABLE_FAILURE } from '../forced-answers';
import { escapeRegExp, expectAbsent, expectButton, expectFieldError, expectStep } from '../screen-checks';

/**
 * Withdraw, /withdraw-funds/withdraw (machines/withdraw.machine.ts, its view-model machines/withdraw.view.ts), driven
 * as a person: a fresh signed-in account per path, given what the path's first read of the setup needs — money by
 * the sandbox card, a bank account in the user's name or another's, a linked payout account — and, for a destination
 * that must be open, the server's test clock moved past its 24 hours (so these paths run as a clock spec). The
 * refusals at submit are caused for real between the screen's read and the Withdraw button: the user's name changed,
 * the bank account changed, another withdrawal spending the balance; only a 503 is forced (page.route).
 */
type Prepared = 'money' | 'bank' | 'otherName' | 'payout' | 'open';

interface WithdrawWorld {
  account: TestAccount;
  /** What was set up for the account so far: a second read of the setup in one path builds on the first. */
  prepared: Set<Prepared>;
}

type Run = PathRun<WithdrawWorld>;

/** The account's money: the model's samples say $50.00 too, so the amount rules agree. */
const BALANCE = '50.00';
const withBalance = (setup: WithdrawSetup): WithdrawSetup => ({ ...setup, availableCents: 50_00 });
const SAMPLE_AMOUNT = '20.01';

/** Sets up what a read of the setup must find, in the order the server needs it (money and accounts, then 24 h). */
async function prepare({ page, context, world }: Run, wanted: Prepared[]): Promise<void> {
  const userId = world.account.user.userId;
  const todo = (what: Prepared) => {
    if (!wanted.includes(what) || world.prepared.has(what)) return false;
    world.prepared.add(what);
    return true;
  };
  if (todo('money')) await addMoneyByCard(context, userId, BALANCE);
  if (todo('bank')) await putBankAccount(context, userId, { firstName: 'Ana', lastName: 'Souza' });
  if (todo('otherName')) await putBankAccount(context, userId, { firstName: 'Maria', lastName: 'Lopez' });
  if (todo('payout')) {
    const linked = await context.request.post(`/api/app/user/${userId}/payout-account`, {
      data: { current_password: PASSWORD, email: uniqueEmail('payout'), password: 'secret-pass', bankAccountNumber: '12345678' },
    });
    expect(linked.status(), await linked.text()).toBe(200);
  }
  if (todo('open')) await moveClock(page, world.account.email);
}

const stepNames = () => [w('steps.amount'), w('steps.destination'), w('steps.confirm')];
const button = (page: Page, name: string | RegExp) => page.getByRole('main').getByRole('button', { name, exact: typeof name === 'string' });
/** "Withdraw $20.01", "Withdrawing…": the label's words with any amount. */
const withdrawButton = (page: Page, labelKey: string) =>
  button(page, new RegExp(`^${escapeRegExp(text('en', 'withdrawals', labelKey)).replace('\\{\\{amount\\}\\}', '.+')}$`, 'u'));
const amountField = (page: Page) => page.getByLabel(w('fields.amount'), { exact: true });
/** "Bank account: First Bank ••••6789": the destination's kind, then the account. */
const destinationRadio = (page: Page, destination: string) =>
  page.getByRole('radio', { name: new RegExp(`^${escapeRegExp(w(`destination.${destination}`))}:`, 'u') });
const heading = (page: Page, name: string) => page.getByRole('main').getByRole('heading', { name, exact: true });

export const withdrawDriver: Driver<WithdrawWorld> = {
  name: 'withdraw',
  clock: true,
  machine: catalogue.fake(),
  input: catalogue.inputs!.screen,
  serializeState: (snapshot) => catalogue.serializeState!(snapshot),

  async start({ page, context }) {
    // The screen judges when a destination opens by the browser's clock: it follows the server's test clock.
    await followServerClock(page);
    return { account: await createAccount(context, { setUp: { fullName: 'Ana Souza' } }), prepared: new Set() };
  },

  async open({ page }) {
    await page.goto('/withdraw-funds/withdraw');
    await expect(mainHeading(page)).toHaveText(w('withdraw.title'));
  },

  events: {
    CHANGE_AMOUNT: {
      // Taken, and refused by the range rule ($20 is not more than $20).
      samples: [{ value: SAMPLE_AMOUNT }, { value: '20.00' }],
      perform: async ({ page }, { value }) => amountField(page).fill(String(value)),
    },
    SELECT_DESTINATION: {
      samples: [{ destination: 'bank_account' }, { destination: 'payout_account' }],
      // A radio already chosen (the only open destination is chosen for the user) cannot be chosen again.
      possible: (before, { destination }) => before.context.destination !== destination,
      perform: async ({ page }, { destination }) => destinationRadio(page, String(destination)).click(),
    },
    NEXT: { perform: async ({ page }) => button(page, w('actions.next')).click() },
    BACK: { perform: async ({ page }) => button(page, w('actions.back')).click() },
    CONFIRM: { perform: async ({ page }) => withdrawButton(page, 'actions.withdraw').click() },
    RETRY: {
      // "Check again" where the screen explains why not, "Try again" after a failure.
      perform: async ({ page }, _payload, before) =>
        button(page, before.matches('blocked') || before.matches('notOpenYet') ? w('withdraw.checkAgain') : w('actions.retry')).click(),
    },
  },

  outcomes: {
    loadSetup: {
      done: [
        { name: 'a bank account in the user’s name, open, and $50', value: withBalance(bankOnlySetup), arrange: (run) => prepare(run, ['money', 'bank', 'open']) },
        {
          name: 'a bank account and a payout account, both open, and $50',
          value: withBalance(withdrawSetup),
          arrange: (run) => prepare(run, ['money', 'bank', 'payout', 'open']),
        },
        { name: 'a bank account in another person’s name', value: mismatchSetup, arrange: (run) => prepare(run, ['otherName']) },
        { name: 'nowhere to send money, and $50', value: withBalance(nothingSetUp), arrange: (run) => prepare(run, ['money']) },
        { name: 'a bank account set a moment ago, and $50', value: withBalance(notOpenSetup), arrange: (run) => prepare(run, ['money', 'bank']) },
      ],
      error: [
        {
          name: 'the server is unavailable',
          value: UNAVAILABLE_FAILURE,
          arrange: async ({ page }) => forceServerProblem(page, 'GET', /\/api\/app\/user\/[^/?]+\/bank-account(\?.*)?$/),
          logs: 503,
        },
      ],
    },
    createWithdrawal: {
      done: [{ name: 'the withdrawal is created', value: createdWithdrawal }],
      error: [
        {
          name: 'the user changed their name since the screen read the setup',
          value: apiFailure(409, { code: 'bank_info_mismatch', detail: walletText('errors.bank_info_mismatch') }),
          async arrange({ context, world }) {
            const { user, email } = world.account;
            const changed = await context.request.patch(`/api/app/user/${user.userId}/account-info`, {
              data: { current_password: PASSWORD, fullName: 'Ana Lima', username: user.username ?? '', country: user.country ?? '', email },
            });
            expect(changed.status(), await changed.text()).toBe(200);
          },
        },
        {
          name: 'the bank account was changed since the screen read the setup',
          value: apiFailure(409, { code: 'destination_not_open_yet', detail: 'Withdrawals to this account open on Fri, Jan 3, 11:00 AM.' }),
          arrange: async ({ context, world }) => putBankAccount(context, world.account.user.userId, { firstName: 'Ana', lastName: 'Souza' }, '000987654321'),
        },
        {
          name: 'another withdrawal spent the balance since the screen read it',
          value: apiFailure(422, { code: 'withdrawal_above_balance', detail: walletText('errors.withdrawal_above_balance') }),
          // Leaves $20.00, less than the amount the path typed.
          async arrange({ context, world }) {
            const userId = world.account.user.userId;
            const made = await context.request.post(`/api/app/user/${userId}/withdrawals`, {
              headers: { 'idempotency-key': randomUUID() },
              data: { amount: '30.00', destination: 'bank_account' },
            });
            expect(made.status(), await made.text()).toBe(201);
            expect(await available(context, userId)).toBe('20.00');
          },
          logs: 422,
        },
        {
          name: 'the server is unavailable',
          value: UNAVAILABLE_FAILURE,
          arrange: async ({ page }) => forceServerProblem(page, 'POST', /\/api\/app\/user\/[^/?]+\/withdrawals(\?.*)?$/),
          logs: 503,
        },
      ],
    },
  },

  // Every transition can be caused from the screen.
  leftOut: {},

  async screen({ page }, snapshot) {
    const view = withdrawScreen(snapshot);
    const { errors, destination }: WithdrawContext = snapshot.context;
    const state = `withdraw in ${JSON.stringify(snapshot.value)} (stage ${view.stage})`;
    const back = button(page, w('actions.back'));
    switch (view.stage) {
      case 'loadFailed':
        await expect(heading(page, w('withdraw.loadFailed')), `${state}: the heading`).toBeVisible();
        await expectButton(button(page, w('actions.retry')), view.retry, `${state}: "${w('actions.retry')}"`);
        return;
      case 'blocked':
        await expect(heading(page, w('withdraw.blockedTitle')), `${state}: the heading`).toBeVisible();
        await expectButton(button(page, w('withdraw.checkAgain')), view.retry, `${state}: "${w('withdraw.checkAgain')}"`);
        return;
      case 'notOpenYet':
        await expect(heading(page, w('withdraw.notOpenTitle')), `${state}: the heading`).toBeVisible();
        await expectButton(button(page, w('withdraw.checkAgain')), view.retry, `${state}: "${w('withdraw.checkAgain')}"`);
        return;
      case 'created':
        await expect(heading(page, w('withdraw.createdTitle')), `${state}: the heading`).toBeVisible();
        return;
      case 'leaving':
        await expect(mainHeading(page), `${state}: the bank account form`).toHaveText(w('wizard.title'));
        return;
    }
    // The three steps (and the failure on the last).
    await expectStep(page.getByRole('main'), stepNames(), view.step ?? 0, state);
    if (view.back) await expectButton(back, true, `${state}: view.back "${w('actions.back')}"`);
    else await expectAbsent(back, `${state}: "${w('actions.back')}"`);
    if (view.stage === 'amount') {
      await expect(amountField(page), `${state}: the amount field`).toBeVisible();
      await expectFieldError(amountField(page), Boolean(errors.amount), `${state}: the amount field`);
    } else {
      await expectAbsent(amountField(page), `${state}: the amount field`);
    }
    if (view.submit === 'NEXT') await expectButton(button(page, w('actions.next')), true, `${state}: view.submit NEXT "${w('actions.next')}"`);
    else await expectAbsent(button(page, w('actions.next')), `${state}: "${w('actions.next')}"`);
    if (view.stage === 'destination') {
      await expect(page.getByRole('group', { name: w('fields.destination') }), `${state}: the destinations`).toBeVisible();
      if (destination) await expect(destinationRadio(page, destination), `${state}: the destination chosen`).toBeChecked();
    }
    if (view.stage === 'confirm') {
      await expectButton(withdrawButton(page, view.withdraw.labelKey), view.withdraw.enabled, `${state}: view.withdraw "${text('en', 'withdrawals', view.withdraw.labelKey)}"`);
    } else {
      await expectAbsent(withdrawButton(page, 'actions.withdraw'), `${state}: "${text('en', 'withdrawals', 'actions.withdraw')}"`);
    }
    if (view.stage === 'failed') {
      await expect(heading(page, w('withdraw.failedTitle')), `${state}: the heading`).toBeVisible();
      await expectButton(button(page, w('actions.retry')), view.retry, `${state}: view.retry "${w('actions.retry')}"`);
    }
  },
};
