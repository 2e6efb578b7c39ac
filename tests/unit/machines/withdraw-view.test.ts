import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { withdrawMachine, type WithdrawSetup } from '../../../machines/withdraw.machine';
import { withdrawalTimeline, withdrawScreen } from '../../../machines/withdraw.view';

describe('withdraw view-model: when the money leaves (issue 22 item 12)', () => {
  it('can be cancelled for the first 10 minutes (docs/money.md), until the moment it is sent', () => {
    expect(withdrawalTimeline('2026-11-28T14:05:00.000Z')).toEqual({ cancelMinutes: 10, cancellableUntil: '2026-11-28T14:15:00.000Z' });
  });
});

const nothing: WithdrawSetup = { availableCents: 50_00, checkedAt: '2026-11-28T14:00:00.000Z', bankAccount: null, payoutAccount: null };
const newBank: WithdrawSetup = {
  ...nothing,
  bankAccount: { label: 'First Bank ····6789', nameMismatch: false, withdrawalsOpenAt: '2026-11-29T14:00:00.000Z' },
};

function start(setup: WithdrawSetup, amount?: string) {
  const opened: string[] = [];
  const actor = createActor(
    withdrawMachine.provide({
      actors: { loadSetup: fromPromise(async () => setup) },
      actions: { openBankWizard: (_, { amount: carried }) => void opened.push(carried) },
    }),
    { input: { flowId: 'f-1', amount } },
  ).start();
  return { actor, opened };
}

describe('withdraw machine: the bank wizard in the middle of a withdrawal', () => {
  it('with nowhere to send money, asks the amount first and opens the wizard with it', async () => {
    const { actor, opened } = start(nothing);
    await waitFor(actor, (s) => s.matches('amount'));
    actor.send({ type: 'CHANGE_AMOUNT', value: '30.00' });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('toBankWizard');
    expect(opened).toEqual(['30.00']);
  });

  it('an amount the rules refuse is explained first, the wizard is not opened', async () => {
    const { actor, opened } = start(nothing);
    await waitFor(actor, (s) => s.matches('amount'));
    actor.send({ type: 'CHANGE_AMOUNT', value: '20.00' });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('amount');
    expect(actor.getSnapshot().context.errors.amount).toEqual({ key: 'wallet:errors.withdrawal_amount_out_of_range' });
    expect(opened).toEqual([]);
  });

  it('back from the wizard, the amount is kept; the new account is not open yet and the screen says so', async () => {
    const { actor } = start(newBank, '30.00');
    await waitFor(actor, (s) => s.matches('notOpenYet'));
    expect(actor.getSnapshot().context.amount).toBe('30.00');
  });
});

describe('the withdraw screen as its machine shows it (issue 24 item 6)', () => {
  const ready: WithdrawSetup = {
    availableCents: 50_00,
    checkedAt: '2026-11-28T14:00:00.000Z',
    bankAccount: { label: 'First Bank ····6789', nameMismatch: false, withdrawalsOpenAt: '2026-11-20T14:00:00.000Z' },
    payoutAccount: null,
  };
  const settle = () => new Promise((r) => setTimeout(r, 0));

  it('amount, destination, confirm: the step, what Enter sends, Back, Withdraw; a failure offers Retry and Back', async () => {
    let fail!: (error: unknown) => void;
    const actor = createActor(
      withdrawMachine.provide({
        actors: {
          loadSetup: fromPromise(async () => ready),
          createWithdrawal: fromPromise(() => new Promise((_, reject) => (fail = reject))),
        },
        actions: { openBankWizard: () => {}, focusFirstError: () => {} },
      }),
      { input: { flowId: 'f-1' } },
    ).start();
    const screen = () => withdrawScreen(actor.getSnapshot());
    const idle = { enabled: false, labelKey: 'actions.withdraw' };
    expect(screen()).toEqual({ stage: 'loading', step: null, submit: null, back: false, withdraw: idle, retry: false });
    await settle();
    expect(screen()).toEqual({ stage: 'amount', step: 0, submit: 'NEXT', back: false, withdraw: idle, retry: false });
    actor.send({ type: 'CHANGE_AMOUNT', value: '20.01' });
    actor.send({ type: 'NEXT' });
    expect(screen()).toEqual({ stage: 'destination', step: 1, submit: 'NEXT', back: true, withdraw: idle, retry: false });
    actor.send({ type: 'SELECT_DESTINATION', destination: 'bank_account' });
    actor.send({ type: 'NEXT' });
    expect(screen()).toEqual({
      stage: 'confirm',
      step: 2,
      submit: 'CONFIRM',
      back: true,
      withdraw: { enabled: true, labelKey: 'actions.withdraw' },
      retry: false,
    });
    actor.send({ type: 'CONFIRM' });
    expect(screen()).toEqual({
      stage: 'confirm',
      step: 2,
      submit: null,
      back: false,
      withdraw: { enabled: false, labelKey: 'actions.withdrawing' },
      retry: false,
    });
    fail(new Error('Failed to fetch'));
    await settle();
    expect(screen()).toEqual({ stage: 'failed', step: 2, submit: null, back: true, withdraw: idle, retry: true });
  });
});
