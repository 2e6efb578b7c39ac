import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { addMoneyMachine, type Deposit } from '../../../machines/add-money.machine';
import { addCardMachine } from '../../../machines/add-card.machine';
import { depositNoticeOf } from '../../../machines/add-money.view';
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
