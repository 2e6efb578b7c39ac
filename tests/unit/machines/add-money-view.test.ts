import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { addMoneyMachine, type AddCardActor, type Deposit, type UsdtAddress } from '../../../machines/add-money.machine';
import { addCardMachine, type AddCardValues } from '../../../machines/add-card.machine';
import { addCardStepBusy, addMoneyScreen, depositNoticeOf } from '../../../machines/add-money.view';
import type { PaymentCard } from '../../../machines/payments/funding';
import * as deposits from '../../../machines/deposits/samples';
import { gate, settle } from '../../support/gate';

/** A promise the test settles when it chooses: the request and the capture each take the time the test gives them. */

describe('add money by card: what the screen says while the deposit runs (issue 22.8)', () => {
  it('a neutral progress notice from the submit until the capture, the success tone only once complete', async () => {
    const request = gate<Deposit>();
    const capture = gate<Deposit>();
    const actor = createActor(
      addMoneyMachine.provide({
        actors: {
          loadCards: fromPromise(async () => [deposits.savedCard]),
          addCard: addCardMachine,
          createCardDeposit: fromPromise(() => request.promise),
          watchDeposit: fromPromise(() => capture.promise),
          loadUsdtAddress: fromPromise(async () => deposits.usdtAddress),
          watchUsdtArrival: fromPromise(() => new Promise<Deposit>(() => {})),
        },
      }),
      { input: { flowId: 'flow-1', today: deposits.TODAY, country: 'US' } },
    ).start();
    const notice = () => depositNoticeOf(actor.getSnapshot());

    expect(notice()).toBeNull();
    actor.send({ type: 'CHOOSE_CARD' });
    await settle();
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'CHANGE_AMOUNT', value: '50' });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().matches({ card: 'confirm' })).toBe(true);
    expect(notice()).toBeNull();

    actor.send({ type: 'CONFIRM' });
    // The card being authorised (the request in flight).
    expect(actor.getSnapshot().matches({ card: 'charging' })).toBe(true);
    expect(notice()).toEqual({ kind: 'progress', tone: 'neutral' });

    request.open(deposits.cardDeposit('processing'));
    await settle();
    // Authorised; the capture job has not run yet.
    expect(actor.getSnapshot().matches({ card: 'processing' })).toBe(true);
    expect(notice()).toEqual({ kind: 'progress', tone: 'neutral' });

    capture.open(deposits.cardDeposit('complete'));
    await settle();
    expect(actor.getSnapshot().matches('done')).toBe(true);
    expect(notice()).toEqual({ kind: 'added', tone: 'green' });
  });

  it('a declined capture is no success: no notice of either kind', async () => {
    const actor = createActor(
      addMoneyMachine.provide({
        actors: {
          loadCards: fromPromise(async () => [deposits.savedCard]),
          addCard: addCardMachine,
          createCardDeposit: fromPromise(async () => deposits.cardDeposit('processing')),
          watchDeposit: fromPromise(async () => deposits.cardDeposit('failed')),
          loadUsdtAddress: fromPromise(async () => deposits.usdtAddress),
          watchUsdtArrival: fromPromise(() => new Promise<Deposit>(() => {})),
        },
      }),
      { input: { flowId: 'flow-1', today: deposits.TODAY, country: 'US' } },
    ).start();
    actor.send({ type: 'CHOOSE_CARD' });
    await settle();
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'CHANGE_AMOUNT', value: '50' });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    await settle();
    expect(actor.getSnapshot().matches({ card: 'declined' })).toBe(true);
    expect(depositNoticeOf(actor.getSnapshot())).toBeNull();
  });
});

describe('add money: the way out leads back where the task started (issue 22 item 12)', () => {
  it('to Home when started from Home, else to the wallet', async () => {
    const { addMoneyExit } = await import('../../../machines/add-money.view');
    expect(addMoneyExit('home')).toEqual({ to: 'home', labelKey: 'addMoney.backHome' });
    expect(addMoneyExit(null)).toEqual({ to: 'wallet', labelKey: 'addMoney.backToWallet' });
  });
});

type Calls = {
  loadCards?: () => Promise<PaymentCard[]>;
  addCard?: () => Promise<PaymentCard>;
  createCardDeposit?: () => Promise<Deposit>;
  watchDeposit?: () => Promise<Deposit>;
  loadUsdtAddress?: () => Promise<UsdtAddress>;
  watchUsdtArrival?: () => Promise<Deposit>;
};
const never = () => new Promise<never>(() => {});

function startScreen(calls: Calls) {
  return createActor(
    addMoneyMachine.provide({
      actors: {
        loadCards: fromPromise(calls.loadCards ?? never),
        addCard: addCardMachine.provide({ actors: { addCard: fromPromise(calls.addCard ?? never) } }),
        createCardDeposit: fromPromise(calls.createCardDeposit ?? never),
        watchDeposit: fromPromise(calls.watchDeposit ?? never),
        loadUsdtAddress: fromPromise(calls.loadUsdtAddress ?? never),
        watchUsdtArrival: fromPromise(calls.watchUsdtArrival ?? never),
      },
    }),
    { input: { flowId: 'flow-1', today: deposits.TODAY, country: 'US' } },
  ).start();
}

const visa: PaymentCard = { id: 'card-1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 };
/** $50.00 by card: the 5% fee is $2.50, the card is charged $52.50 (spec, docs/money.md). */
const fifty = { amountCents: 5000, feeCents: 250, totalCents: 5250 };

describe('the add-money screen as its machine shows it (issue 24 item 6)', () => {
  it('first the method: by card or by USDT, nothing else', () => {
    const actor = startScreen({});
    expect(addMoneyScreen(actor.getSnapshot())).toEqual({
      stage: 'method',
      method: { card: true, usdt: true },
      card: null,
      usdt: null,
      added: null,
      deposit: null,
    });
  });

  it('by card: the stepper follows the steps, the submit sends Next then Confirm, a wait after, then the money in', async () => {
    const cards = gate<PaymentCard[]>();
    const request = gate<Deposit>();
    const capture = gate<Deposit>();
    const actor = startScreen({ loadCards: () => cards.promise, createCardDeposit: () => request.promise, watchDeposit: () => capture.promise });
    const screen = () => addMoneyScreen(actor.getSnapshot());
    actor.send({ type: 'CHOOSE_CARD' });
    expect(screen()).toEqual({
      stage: 'card',
      method: null,
      card: {
        step: 0,
        panel: 'loading',
        submit: null,
        back: true,
        choice: { cards: [], cardId: null, error: undefined },
        amount: { value: '', error: undefined },
        summary: { card: null, charge: { amountCents: 0, feeCents: 0, totalCents: 0 } },
        confirm: false,
        failure: null,
      },
      usdt: null,
      added: null,
      deposit: null,
    });
    cards.open([visa]);
    await settle();
    expect(screen().card).toMatchObject({ step: 0, panel: 'choosing', submit: 'NEXT', back: true, choice: { cards: [visa], cardId: 'card-1' } });

    actor.send({ type: 'NEXT' });
    actor.send({ type: 'CHANGE_AMOUNT', value: '50' });
    expect(screen().card).toMatchObject({ step: 1, panel: 'amount', submit: 'NEXT', back: true, amount: { value: '50', error: undefined } });

    actor.send({ type: 'NEXT' });
    expect(screen().card).toMatchObject({
      step: 2,
      panel: 'confirm',
      submit: 'CONFIRM',
      back: true,
      confirm: true,
      summary: { card: visa, charge: fifty },
      failure: null,
    });

    actor.send({ type: 'CONFIRM' });
    expect(screen().card).toMatchObject({ step: 2, panel: 'processing', submit: null, back: false, confirm: false, failure: null });
    request.open(deposits.cardDeposit('processing'));
    await settle();
    expect(screen().card).toMatchObject({ step: 3, panel: 'processing', submit: null, back: false, confirm: false, failure: null });

    capture.open(deposits.cardDeposit('complete'));
    await settle();
    expect(screen()).toEqual({
      stage: 'added',
      method: null,
      card: null,
      usdt: null,
      added: { deposit: deposits.cardDeposit('complete'), amountCents: 5000, tone: 'green' },
      deposit: deposits.cardDeposit('complete'),
    });
  });

  async function toConfirm(calls: Calls) {
    const actor = startScreen({ loadCards: async () => [visa], ...calls });
    actor.send({ type: 'CHOOSE_CARD' });
    await settle();
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'CHANGE_AMOUNT', value: '50' });
    actor.send({ type: 'NEXT' });
    return actor;
  }

  it('a lost answer: "try again" with the same card, or another card', async () => {
    const actor = await toConfirm({ createCardDeposit: () => Promise.reject(new Error('Failed to fetch')) });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(addMoneyScreen(actor.getSnapshot()).card).toMatchObject({
      step: 2,
      panel: 'failed',
      submit: null,
      failure: { message: { key: 'errors:generic' }, retry: true, changeCard: true },
      summary: { card: visa, charge: fifty },
    });
  });

  it("a decline: the processor's words, another card only", async () => {
    const actor = await toConfirm({ createCardDeposit: () => Promise.reject(deposits.cardDeclined) });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(addMoneyScreen(actor.getSnapshot()).card).toMatchObject({
      panel: 'declined',
      failure: { message: { text: deposits.DECLINE_TEXT }, retry: false, changeCard: true },
    });
  });

  it('a capture that fails after the authorisation: "your card was not charged"', async () => {
    const actor = await toConfirm({ createCardDeposit: async () => deposits.cardDeposit('processing'), watchDeposit: async () => deposits.cardDeposit('failed') });
    actor.send({ type: 'CONFIRM' });
    await settle();
    await settle();
    expect(addMoneyScreen(actor.getSnapshot()).card).toMatchObject({
      panel: 'declined',
      failure: { message: { key: 'wallet:addMoney.captureFailed' }, retry: false, changeCard: true },
    });
  });

  it('lost track of the deposit: still processing, with a link to it', async () => {
    const actor = await toConfirm({ createCardDeposit: async () => deposits.cardDeposit('processing'), watchDeposit: () => Promise.reject(new Error('Failed to fetch')) });
    actor.send({ type: 'CONFIRM' });
    await settle();
    await settle();
    expect(addMoneyScreen(actor.getSnapshot())).toEqual({
      stage: 'stillProcessing',
      method: null,
      card: null,
      usdt: null,
      added: null,
      deposit: deposits.cardDeposit('processing'),
    });
  });

  it('adding a card inside: its Add is held while the processor checks the card', async () => {
    const checked = gate<PaymentCard>();
    const actor = startScreen({ loadCards: async () => [], addCard: () => checked.promise });
    actor.send({ type: 'CHOOSE_CARD' });
    await settle();
    actor.send({ type: 'ADD_CARD' });
    expect(addMoneyScreen(actor.getSnapshot()).card).toMatchObject({ step: 0, panel: 'addingCard', submit: null });
    const child = actor.getSnapshot().children.addCard as AddCardActor;
    expect(addCardStepBusy(child.getSnapshot())).toBe(false);
    for (const [field, value] of Object.entries(deposits.goodCard)) child.send({ type: 'CHANGE', field: field as keyof AddCardValues, value });
    child.send({ type: 'SUBMIT' });
    expect(addCardStepBusy(child.getSnapshot())).toBe(true);
  });

  it('by USDT: the address and Copy while a transfer is watched for, its amount while confirmed, then dropped', async () => {
    const address = gate<UsdtAddress>();
    const arrival = gate<Deposit>();
    const confirmed = gate<Deposit>();
    const actor = startScreen({ loadUsdtAddress: () => address.promise, watchUsdtArrival: () => arrival.promise, watchDeposit: () => confirmed.promise });
    const usdt = () => addMoneyScreen(actor.getSnapshot()).usdt;
    actor.send({ type: 'CHOOSE_USDT' });
    expect(addMoneyScreen(actor.getSnapshot()).stage).toBe('usdt');
    expect(usdt()).toEqual({ loading: true, retry: false, address: null, copy: false, status: null, dropped: false, back: true });
    address.open(deposits.usdtAddress);
    await settle();
    expect(usdt()).toEqual({
      loading: false,
      retry: false,
      address: deposits.usdtAddress,
      copy: true,
      status: { key: 'addMoney.usdt.waiting' },
      dropped: false,
      back: true,
    });
    arrival.open(deposits.usdtDeposit('processing', 3));
    await settle();
    expect(usdt()).toEqual({
      loading: false,
      retry: false,
      address: deposits.usdtAddress,
      copy: true,
      status: { key: 'addMoney.usdt.pending', amountCents: 2500 },
      dropped: false,
      back: true,
    });
    confirmed.open(deposits.usdtDeposit('failed', 3, 'dropped'));
    await settle();
    expect(usdt()).toEqual({ loading: false, retry: false, address: null, copy: false, status: null, dropped: true, back: true });
  });

  it('by USDT: an address that could not be read offers "try again"', async () => {
    const actor = startScreen({ loadUsdtAddress: () => Promise.reject(new Error('Failed to fetch')) });
    actor.send({ type: 'CHOOSE_USDT' });
    await settle();
    expect(addMoneyScreen(actor.getSnapshot()).usdt).toEqual({ loading: false, retry: true, address: null, copy: false, status: null, dropped: false, back: true });
  });
});
