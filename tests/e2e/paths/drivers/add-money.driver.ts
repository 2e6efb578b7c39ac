import { expect, type Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import catalogue from '../../../../machines/add-money.catalogue';
import type { AddMoneyContext } from '../../../../machines/add-money.machine';
import { addMoneyScreen } from '../../../../machines/add-money.view';
import * as deposits from '../../../../machines/deposits/samples';
import type { PaymentCard } from '../../../../machines/payments/funding';
import { createAccount, fmt, mainHeading, text, type TestAccount } from '../../support/app';
import { addCard } from '../../support/payments';
import type { Driver, PathRun } from '../driver';
import { forceServerProblem, UNAVAILABLE_FAILURE } from '../forced-answers';
import { escapeRegExp, expectAbsent, expectButton, expectFieldError, expectStep } from '../screen-checks';

/**
 * Add money, /withdraw-funds/add-money (machines/add-money.machine.ts, its view-model machines/add-money.view.ts),
 * driven as a person: a fresh signed-in, verified account per path, given the cards the path's read of them must find
 * (added through the API with the sandbox processor's test numbers: 4242… is authorised, 5555…4444 a second good card,
 * 4000…0341 is declined when charged). A USDT transfer comes from the sandbox network (the dev endpoint `npm run
 * sandbox -- usdt` calls), sent once the screen has read the deposits already there. Only the 503s are forced
 * (page.route).
 */
type CardKind = 'good' | 'second' | 'declines';

interface AddMoneyWorld {
  account: TestAccount;
  /** The user's cards so far, in the order the server lists them (oldest first). */
  cards: Array<{ kind: CardKind; id: string }>;
}

type Run = PathRun<AddMoneyWorld>;

const NUMBERS: Record<CardKind, string> = { good: '4242 4242 4242 4242', second: '5555 5555 5555 4444', declines: '4000 0000 0000 0341' };
/** The model's cards for each kind (their ids are the model's; the screen shows brand and last four). */
const GOOD = deposits.savedCard;
const SECOND = deposits.addedCard;
const DECLINES: PaymentCard = { id: 'card-declines', brand: 'visa', last4: '0341', expMonth: 12, expYear: 2030 };

/** The USDT transfer the paths receive (final after 20 blocks of 3 s: a path ends long before). */
const USDT_AMOUNT = '25.00';

const USER_API = '/api/app/user/[^/?]+';
const CARDS_URL = new RegExp(`${USER_API}/payment-methods/cards(\\?.*)?$`);
const CARD_DEPOSIT_URL = new RegExp(`${USER_API}/deposits/card(\\?.*)?$`);
const DEPOSIT_URL = new RegExp(`${USER_API}/deposits/[0-9a-f-]{36}(\\?.*)?$`);
const DEPOSITS_URL = new RegExp(`${USER_API}/deposits(\\?.*)?$`);
const ADDRESS_URL = new RegExp(`${USER_API}/deposits/usdt/address(\\?.*)?$`);

/** The user's cards on the server become exactly `kinds`, in that order. */
async function haveCards({ context, world }: Run, kinds: CardKind[]): Promise<void> {
  const have = world.cards.map((c) => c.kind);
  if (have.length <= kinds.length && have.every((kind, i) => kind === kinds[i])) {
    for (const kind of kinds.slice(have.length)) world.cards.push({ kind, id: await addCard(context, world.account.user.userId, NUMBERS[kind]) });
  } else {
    for (const card of world.cards) {
      const removed = await context.request.delete(`/api/app/user/${world.account.user.userId}/payment-methods/cards/${card.id}`);
      expect(removed.status(), await removed.text()).toBe(200);
    }
    world.cards = [];
    for (const kind of kinds) world.cards.push({ kind, id: await addCard(context, world.account.user.userId, NUMBERS[kind]) });
  }
  const listed = (await (await context.request.get(`/api/app/user/${world.account.user.userId}/payment-methods/cards`)).json()) as { cards: Array<{ id: string }> };
  expect(listed.cards.map((c) => c.id), 'the cards the screen will read, oldest first').toEqual(world.cards.map((c) => c.id));
}

const chosen = (snapshot: AnyMachineSnapshot) => (snapshot.context as AddMoneyContext).cardId;

const w = (key: string, values: Record<string, string | number> = {}) => fmt(text('en', 'wallet', key), values);
const pay = (key: string) => text('en', 'payments', key);
const main = (page: Page) => page.getByRole('main');
const button = (page: Page, name: string | RegExp) => main(page).getByRole('button', { name, exact: typeof name === 'string' });
/** The method buttons: their name is the method, then its detail. */
const methodButton = (page: Page, method: 'card' | 'usdt') => button(page, new RegExp(`^${escapeRegExp(w(`addMoney.method.${method}`))}`, 'u'));
/** "Add $52.50": the confirm button with any total (not "Add a card"). */
const confirmButton = (page: Page) =>
  button(page, new RegExp(`^${escapeRegExp(text('en', 'wallet', 'addMoney.confirm')).replace('\\{\\{amount\\}\\}', '\\$[0-9,.]+')}$`, 'u'));
const amountField = (page: Page) => page.getByLabel(w('addMoney.amountLabel'), { exact: true });
const cardRadio = (page: Page, card: PaymentCard) =>
  page.getByRole('radio', { name: new RegExp(`^${escapeRegExp(w('addMoney.card.option', { brand: card.brand.toUpperCase(), last4: card.last4 }))}`, 'u') });
const heading = (page: Page, name: string) => main(page).getByRole('heading', { name, exact: true });

export const addMoneyDriver: Driver<AddMoneyWorld> = {
  name: 'add-money',
  machine: catalogue.fake(),
  input: catalogue.inputs!.signedIn,
  serializeState: (snapshot) => catalogue.serializeState!(snapshot),

  async start({ context }) {
    // Copy puts the address on the clipboard.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    return { account: await createAccount(context, { setUp: { fullName: 'Ana Souza' } }), cards: [] };
  },

  async open({ page }) {
    await page.goto('/withdraw-funds/add-money');
    await expect(mainHeading(page)).toHaveText(text('en', 'common', 'routes.addMoney'));
  },

  events: {
    CHOOSE_CARD: { perform: async ({ page }) => methodButton(page, 'card').click() },
    CHOOSE_USDT: { perform: async ({ page }) => methodButton(page, 'usdt').click() },
    SELECT_CARD: {
      // The second card (the first is chosen for the user).
      samples: [{ cardId: SECOND.id }],
      possible: (before, { cardId }) => chosen(before) !== cardId,
      async perform({ page }, { cardId }, before) {
        const card = (before.context as AddMoneyContext).cards.find((c) => c.id === cardId)!;
        await cardRadio(page, card).check();
      },
    },
    ADD_CARD: { perform: async ({ page }) => button(page, w('addMoney.card.add')).click() },
    CANCEL: { perform: async ({ page }) => button(page, w('addMoney.card.cancelAdd')).click() },
    CHANGE_AMOUNT: {
      samples: [{ value: '50' }],
      perform: async ({ page }, { value }) => amountField(page).fill(String(value)),
    },
    NEXT: { perform: async ({ page }) => button(page, pay('actions.next')).click() },
    BACK: {
      // While the cards or the address are read (milliseconds) there is no Back to press in time.
      possible: (before) => !before.matches({ usdt: 'loading' }) && !before.matches({ card: 'loading' }),
      perform: async ({ page }, _payload, before) => button(page, before.matches('usdt') ? w('addMoney.back') : pay('actions.back')).click(),
    },
    CONFIRM: { perform: async ({ page }) => confirmButton(page).click() },
    RETRY: { perform: async ({ page }) => button(page, w('addMoney.retry')).click() },
    COPY: { perform: async ({ page }) => button(page, w('addMoney.usdt.copy')).click() },
    CHANGE_CARD: { perform: async ({ page }) => button(page, w('addMoney.changeCard')).click() },
  },

  outcomes: {
    loadCards: {
      done: [
        { name: 'the user’s card (4242…)', value: [GOOD], arrange: (run) => haveCards(run, ['good']) },
        { name: 'two cards (4242…, then 5555…4444)', value: [GOOD, SECOND], arrange: (run) => haveCards(run, ['good', 'second']) },
        { name: 'a card the processor declines when charged (4000…0341)', value: [DECLINES], arrange: (run) => haveCards(run, ['declines']) },
      ],
      error: [
        {
          name: 'the server is unavailable',
          value: UNAVAILABLE_FAILURE,
          arrange: async ({ page }) => forceServerProblem(page, 'GET', CARDS_URL),
          logs: 503,
        },
      ],
    },
    createCardDeposit: {
      done: [{ name: 'the card is authorised', value: deposits.cardDeposit('processing'), possible: (before) => chosen(before) !== DECLINES.id }],
      error: [
        { name: 'the processor declines the card', value: deposits.cardDeclined, possible: (before) => chosen(before) === DECLINES.id },
        {
          name: 'the server is unavailable',
          value: UNAVAILABLE_FAILURE,
          arrange: async ({ page }) => forceServerProblem(page, 'POST', CARD_DEPOSIT_URL),
          logs: 503,
        },
      ],
    },
    watchDeposit: {
      error: [
        {
          name: 'the server is unavailable',
          value: UNAVAILABLE_FAILURE,
          arrange: async ({ page }) => forceServerProblem(page, 'GET', DEPOSIT_URL),
          logs: 503,
        },
      ],
    },
    loadUsdtAddress: {
      done: [{ name: 'the user’s deposit address', value: deposits.usdtAddress }],
      error: [
        {
          name: 'the server is unavailable',
          value: UNAVAILABLE_FAILURE,
          arrange: async ({ page }) => forceServerProblem(page, 'GET', ADDRESS_URL),
          logs: 503,
        },
      ],
    },
    watchUsdtArrival: {
      done: [
        {
          name: `a transfer of $${USDT_AMOUNT} reaches the address`,
          value: { ...deposits.usdtDeposit('created', 0), amount: USDT_AMOUNT, total: USDT_AMOUNT, charged_amount: USDT_AMOUNT },
          // Sent once the screen has read the deposits already there (the watch looks for a new one), while the path goes on.
          async arrange({ page, context, world }) {
            const listed = page.waitForResponse((r) => DEPOSITS_URL.test(r.url()) && r.request().method() === 'GET', { timeout: 20_000 });
            void listed
              .then(() => context.request.post('/api/dev/sandbox/usdt-transfers', { data: { user: world.account.email, amount: USDT_AMOUNT } }))
              .then(async (sent) => expect(sent.status(), await sent.text()).toBe(201))
              // A failure shows as the path's next step not taken.
              .catch(() => {});
          },
        },
      ],
      error: [
        {
          name: 'the server is unavailable',
          value: UNAVAILABLE_FAILURE,
          arrange: async ({ page }) => forceServerProblem(page, 'GET', DEPOSITS_URL),
          logs: 503,
        },
      ],
    },
  },

  leftOut: {
    'card.loading BACK#0':
      'the cards are read in milliseconds and the screen shows only "Loading your cards…" meanwhile; Back is offered once they are listed, or failed to load',
    'card.processing watchDeposit:done#1':
      'a capture refused after the card was authorised (the authorisation lapsed before the capture job ran, 72 h): no person can cause it, the capture runs at once; covered in tests/api/cards.test.ts "a capture refused" and the model tests',
    'usdt.pending watchDeposit:done#1':
      'a person causes it (the sandbox network drops a transfer whose cents are .66), but the server sees the drop only at the confirm job\'s second look, 15 s after the transfer arrived: longer than a generated step waits (7 s) without a change to the runner; the drop is covered in tests/api/deposits.test.ts (failure_code usdt_dropped) and the dropped screen in tests/unit/machines/add-money-view.test.ts and the model tests',
  },

  async screen({ page, world }, snapshot) {
    const view = addMoneyScreen(snapshot);
    const state = `add-money in ${JSON.stringify(snapshot.value)} (stage ${view.stage})`;
    switch (view.stage) {
      case 'method':
        await expect(heading(page, w('addMoney.method.legend')), `${state}: the heading`).toBeVisible();
        await expectButton(methodButton(page, 'card'), view.method!.card, `${state}: view.method.card`);
        await expectButton(methodButton(page, 'usdt'), view.method!.usdt, `${state}: view.method.usdt`);
        return;
      case 'stillProcessing':
        await expect(heading(page, w('addMoney.stillProcessing.title')), `${state}: the heading`).toBeVisible();
        return;
      case 'added':
        await expect(heading(page, w('addMoney.done.title')), `${state}: the heading`).toBeVisible();
        return;
      case 'usdt': {
        const usdt = view.usdt!;
        await expect(heading(page, w('addMoney.usdt.title')), `${state}: the heading`).toBeVisible();
        await expectButton(button(page, w('addMoney.back')), usdt.back, `${state}: view.usdt.back "${w('addMoney.back')}"`);
        const failed = main(page).getByRole('alert').filter({ hasText: w('addMoney.usdt.loadFailed') });
        if (usdt.retry) {
          await expect(failed, `${state}: "${w('addMoney.usdt.loadFailed')}"`).toBeVisible();
          await expectButton(button(page, w('addMoney.retry')), true, `${state}: view.usdt.retry "${w('addMoney.retry')}"`);
        } else {
          await expectAbsent(failed, `${state}: the failed read`);
        }
        if (usdt.address) {
          const address = (await (await page.request.get(`/api/app/user/${world.account.user.userId}/deposits/usdt/address`)).json()) as { address: string };
          await expect(main(page).getByText(address.address, { exact: true }), `${state}: the address`).toBeVisible();
          await expectButton(button(page, w('addMoney.usdt.copy')), usdt.copy, `${state}: view.usdt.copy "${w('addMoney.usdt.copy')}"`);
        } else {
          await expectAbsent(button(page, w('addMoney.usdt.copy')), `${state}: "${w('addMoney.usdt.copy')}"`);
        }
        if (usdt.status?.key === 'addMoney.usdt.pending') {
          const pending = w('addMoney.usdt.pending', { amount: `$${USDT_AMOUNT}` });
          await expect(main(page).getByRole('status').filter({ hasText: pending }), `${state}: "${pending}"`).toBeVisible();
        }
        const dropped = main(page).getByRole('alert').filter({ hasText: w('addMoney.usdt.dropped') });
        if (usdt.dropped) await expect(dropped, `${state}: "${w('addMoney.usdt.dropped')}"`).toBeVisible();
        else await expectAbsent(dropped, `${state}: the dropped notice`);
        return;
      }
    }
    // The card steps.
    const card = view.card!;
    await expectStep(main(page), [w('addMoney.steps.card'), w('addMoney.steps.amount'), w('addMoney.steps.confirm')], card.step, state);
    const back = button(page, pay('actions.back'));
    const next = button(page, pay('actions.next'));
    if (card.panel === 'addingCard') {
      await expect(heading(page, w('addMoney.card.addTitle')), `${state}: the add-card form`).toBeVisible();
      await expect(page.getByLabel(w('addCard.fields.number'), { exact: true }), `${state}: the card number field`).toBeVisible();
      await expectButton(button(page, w('addMoney.card.cancelAdd')), true, `${state}: "${w('addMoney.card.cancelAdd')}"`);
      return;
    }
    const hasBack = card.back && ['loadFailed', 'choosing', 'amount', 'confirm'].includes(card.panel);
    if (hasBack) await expectButton(back, true, `${state}: view.card.back "${pay('actions.back')}"`);
    else await expectAbsent(back, `${state}: "${pay('actions.back')}"`);
    if (card.submit === 'NEXT') await expectButton(next, true, `${state}: view.card.submit NEXT "${pay('actions.next')}"`);
    else await expectAbsent(next, `${state}: "${pay('actions.next')}"`);

    if (card.panel === 'loadFailed') {
      await expect(main(page).getByRole('alert').filter({ hasText: w('addMoney.card.loadFailed') }), `${state}: "${w('addMoney.card.loadFailed')}"`).toBeVisible();
      await expectButton(button(page, w('addMoney.retry')), true, `${state}: "${w('addMoney.retry')}"`);
    }
    if (card.panel === 'choosing') {
      await expectButton(button(page, w('addMoney.card.add')), true, `${state}: "${w('addMoney.card.add')}"`);
      if (card.choice.cards.length === 0) await expect(main(page).getByText(w('addMoney.card.none')), `${state}: no cards yet`).toBeVisible();
      for (const c of card.choice.cards) {
        const radio = cardRadio(page, c);
        if (c.id === card.choice.cardId) await expect(radio, `${state}: the card chosen`).toBeChecked();
        else await expect(radio, `${state}: a card not chosen`).not.toBeChecked();
      }
    }
    if (card.panel === 'amount') {
      await expect(amountField(page), `${state}: the amount field`).toBeVisible();
      await expectFieldError(amountField(page), Boolean(card.amount.error), `${state}: the amount field`);
    } else {
      await expectAbsent(amountField(page), `${state}: the amount field`);
    }
    if (card.panel === 'confirm') await expectButton(confirmButton(page), card.confirm, `${state}: view.card.confirm`);
    else await expectAbsent(confirmButton(page), `${state}: the confirm button`);
    if (card.failure) {
      const title = card.panel === 'declined' ? w('addMoney.declined') : w('addMoney.failed');
      await expect(main(page).getByRole('alert').filter({ has: page.getByRole('heading', { name: title, exact: true }) }), `${state}: "${title}"`).toBeVisible();
      await expectButton(button(page, w('addMoney.changeCard')), card.failure.changeCard, `${state}: view.card.failure.changeCard`);
      if (card.failure.retry) await expectButton(button(page, w('addMoney.retry')), true, `${state}: view.card.failure.retry`);
      else await expectAbsent(button(page, w('addMoney.retry')), `${state}: "${w('addMoney.retry')}"`);
    }
  },
};
