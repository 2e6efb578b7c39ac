import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { bankWizardMachine, type SavedBankAccount } from '../../../machines/bank-wizard.machine';
import { bankWizardView } from '../../../machines/bank-wizard.view';
import { savedBankAccount, wizardValues } from '../../../machines/bank-wizard.catalogue';
import { gate, settle } from '../../support/gate';

function start(save: () => Promise<SavedBankAccount>) {
  return createActor(
    bankWizardMachine.provide({
      actors: { saveBankAccount: fromPromise(save) },
      actions: { focusFirstError: () => {}, announceSaved: () => {}, returnToMethods: () => {}, resumeWithdrawal: () => {} },
    }),
    { input: { today: '2025-01-02', initial: wizardValues } },
  ).start();
}

describe('the bank-account wizard as its machine shows it (issue 24 item 6)', () => {
  it('steps 0 to 3 from meta.step; Back from the second step on; Next, then Save on the summary', () => {
    const actor = start(() => new Promise(() => {}));
    const view = () => bankWizardView(actor.getSnapshot());
    const next = { event: 'NEXT', submits: true, labelKey: 'actions.next', enabled: true };
    expect(view()).toEqual({ step: 0, section: 'personal', back: false, primary: next, failed: false, password: { open: false, busy: false } });
    actor.send({ type: 'NEXT' });
    expect(view()).toMatchObject({ step: 1, section: 'address', back: true, primary: next });
    actor.send({ type: 'NEXT' });
    expect(view()).toMatchObject({ step: 2, section: 'bank', back: true, primary: next });
    actor.send({ type: 'NEXT' });
    expect(view()).toEqual({
      step: 3,
      section: 'confirm',
      back: true,
      primary: { event: 'SAVE', submits: true, labelKey: 'wizard.save', enabled: true },
      failed: false,
      password: { open: false, busy: false },
    });
  });

  it('the password dialog holds the bar; saving says so; a failure offers Retry and Back', async () => {
    const saved = gate<SavedBankAccount>();
    const actor = start(() => saved.promise);
    const view = () => bankWizardView(actor.getSnapshot());
    for (let i = 0; i < 3; i++) actor.send({ type: 'NEXT' });
    actor.send({ type: 'SAVE' });
    expect(view()).toEqual({
      step: 3,
      section: 'confirm',
      back: false,
      primary: { event: 'SAVE', submits: true, labelKey: 'wizard.save', enabled: false },
      failed: false,
      password: { open: true, busy: false },
    });
    actor.send({ type: 'PASSWORD_SUBMIT', password: 'Current-pass-1' });
    expect(view()).toEqual({
      step: 3,
      section: 'confirm',
      back: false,
      primary: { event: 'SAVE', submits: true, labelKey: 'wizard.saving', enabled: false },
      failed: false,
      password: { open: true, busy: true },
    });
    saved.fail(new Error('Failed to fetch'));
    await settle();
    expect(view()).toEqual({
      step: 3,
      section: 'confirm',
      back: true,
      primary: { event: 'RETRY', submits: false, labelKey: 'actions.retry', enabled: true },
      failed: true,
      password: { open: false, busy: false },
    });
  });

  it('saved: still the last step, nothing left to press', async () => {
    const actor = start(async () => savedBankAccount);
    for (let i = 0; i < 3; i++) actor.send({ type: 'NEXT' });
    actor.send({ type: 'SAVE' });
    actor.send({ type: 'PASSWORD_SUBMIT', password: 'Current-pass-1' });
    await settle();
    expect(bankWizardView(actor.getSnapshot())).toMatchObject({ step: 3, back: false, primary: { enabled: false } });
  });
});
