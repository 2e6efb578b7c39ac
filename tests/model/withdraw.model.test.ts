import { expect } from 'vitest';
import { acceptsAmountInput, centsFromInput } from '../../domain/money/amount-input';
import { catalogue } from '../../machines/catalogue';
import { GENERIC_ERROR } from '../../machines/forms/field-errors';
import { bankOnlySetup, createdWithdrawal, mismatchSetup, notOpenSetup, OPENS_AT, payoutNotOpenSetup, withdrawSetup } from '../../machines/wallet/withdraw-catalogue';
import {
  opensLater,
  WITHDRAW_WHOLE_DIGITS,
  withdrawAmountProblem,
  withdrawMachine,
  withdrawRequestOf,
  type WithdrawRequest,
} from '../../machines/withdraw.machine';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel, type StepContext } from '../support/model-based';
import { messageText } from './support/accounts-fixtures';

interface Fakes {
  announced: number;
  submits: WithdrawRequest[];
  /** The choice when the setup was (re)read: kept by the reload when still possible. */
  before: string | null;
}
type Ctx = StepContext<typeof withdrawMachine, Fakes>;

const RANGE = 'wallet:errors.withdrawal_amount_out_of_range';
const ABOVE = 'wallet:errors.withdrawal_above_balance';

function still({ running, scheduled }: Ctx) {
  expect(running).toEqual([]);
  expect(scheduled).toEqual([]);
}

describeModel('withdraw machine (model-based)', {
  ...fromCatalogue(catalogue.withdraw),
  setup: () => {
    const fakes: Fakes = { announced: 0, submits: [], before: null };
    const machine = catalogue.withdraw.fake().provide({ actions: { announceCreated: () => void fakes.announced++ } });
    return { machine, fakes };
  },
  states: {
    loading: ({ step, running, snapshot, fakes }) => {
      fakes.before = snapshot.context.destination;
      // First thing, after RETRY, and when the server refused for the bank mismatch or a destination not open yet
      // (read again, then warn).
      expect(['init', 'RETRY', 'createWithdrawal:error[0]', 'createWithdrawal:error[3]']).toContain(step);
      expect(running).toEqual([expect.objectContaining({ src: 'loadSetup' })]);
      expect(snapshot.context.errors).toEqual({});
    },
    loadFailed: (ctx) => {
      still(ctx);
      expect(ctx.step).toBe('loadSetup:error');
      expect(ctx.snapshot.can({ type: 'RETRY' })).toBe(true);
    },
    blocked: (ctx) => {
      // Spec 8: the mismatch warning, and no way to an amount.
      still(ctx);
      expect(ctx.step).toBe('loadSetup:done[2]');
      expect(ctx.snapshot.context.setup).toEqual(mismatchSetup);
      expect(ctx.snapshot.can({ type: 'CHANGE_AMOUNT', value: '25' })).toBe(false);
      expect(ctx.snapshot.can({ type: 'NEXT' })).toBe(false);
    },
    notOpenYet: (ctx) => {
      // Issue 21: the only destination was set less than 24 hours ago — when it opens, and no way to an amount.
      still(ctx);
      expect(ctx.step).toBe('loadSetup:done[3]');
      expect(ctx.snapshot.context.setup).toEqual(notOpenSetup);
      expect(opensLater(ctx.snapshot.context.setup, 'bank_account')).toBe(OPENS_AT);
      expect(ctx.snapshot.context.destination).toBeNull();
      expect(ctx.snapshot.can({ type: 'CHANGE_AMOUNT', value: '25' })).toBe(false);
      expect(ctx.snapshot.can({ type: 'NEXT' })).toBe(false);
      expect(ctx.snapshot.can({ type: 'RETRY' })).toBe(true);
    },
    amount: (ctx) => {
      still(ctx);
      const { snapshot, step, event } = ctx;
      const { amount, setup, errors } = snapshot.context;
      expect([withdrawSetup, bankOnlySetup, payoutNotOpenSetup]).toContainEqual(setup);
      if (step.startsWith('loadSetup:done')) {
        // With one open destination it is chosen already (a payout account linked an hour ago is not open); with
        // two the user chooses (a choice made before a reload stays).
        const { destination } = snapshot.context;
        if (!setup!.payoutAccount || opensLater(setup, 'payout_account')) expect(destination).toBe('bank_account');
        else expect(destination).toBe(ctx.fakes.before);
      } else if (step.startsWith('CHANGE_AMOUNT')) {
        expect(amount).toBe(event.value);
        expect(acceptsAmountInput(amount, WITHDRAW_WHOLE_DIGITS)).toBe(true);
        expect(errors).toEqual({});
      } else if (step === 'NEXT') {
        // Refused here with the spec's messages: nothing typed, the range (20.00, 10000), or above the $150 balance.
        const cents = centsFromInput(amount);
        const expected = cents === null ? 'wallet:rules.required' : cents <= 2000 || cents >= 1_000_000 ? RANGE : ABOVE;
        expect(messageText(errors.amount)).toBe(expected);
        expect(withdrawAmountProblem(amount, setup!.availableCents)).toEqual(errors.amount);
        expect(ctx.actions).toEqual(['focusFirstError']);
      } else if (step === 'createWithdrawal:error[1]') {
        // The server found less than the amount under its lock.
        expect(messageText(errors.amount)).toBe(ABOVE);
        expect(ctx.actions).toEqual(['focusFirstError']);
      } else {
        expect(step).toBe('BACK');
        expect(errors).toEqual({});
      }
    },
    destination: (ctx) => {
      still(ctx);
      const { snapshot, step, event } = ctx;
      const { amount, setup, destination, errors } = snapshot.context;
      // Only an amount the rules take gets here: more than $20, less than $10,000, within the balance.
      expect(withdrawAmountProblem(amount, setup!.availableCents)).toBeNull();
      if (step.startsWith('SELECT_DESTINATION')) {
        expect(destination).toBe(event.destination);
        expect(destination === 'payout_account' ? setup!.payoutAccount : setup!.bankAccount).not.toBeNull();
        // Never a destination that does not take withdrawals yet.
        expect(opensLater(setup, destination!)).toBeNull();
      } else if (step === 'NEXT' && ctx.actions.length > 0) {
        expect(destination).toBeNull();
        expect(messageText(errors.destination)).toBe('withdrawals:rules.destination_required');
        expect(ctx.actions).toEqual(['focusFirstError']);
      } else {
        expect(['NEXT', 'BACK']).toContain(step);
        expect(errors).toEqual({});
      }
    },
    confirm: (ctx) => {
      still(ctx);
      const { snapshot } = ctx;
      expect(withdrawAmountProblem(snapshot.context.amount, snapshot.context.setup!.availableCents)).toBeNull();
      expect(snapshot.context.destination).not.toBeNull();
      expect(opensLater(snapshot.context.setup, snapshot.context.destination!)).toBeNull();
      expect(snapshot.context.errors).toEqual({});
      expect(snapshot.context.failure).toBeNull();
    },
    submitting: ({ snapshot, step, running, input, fakes }) => {
      expect(['CONFIRM', 'RETRY']).toContain(step);
      const request = withdrawRequestOf(snapshot.context);
      expect(running).toEqual([expect.objectContaining({ src: 'createWithdrawal', input: request })]);
      expect(request.body.amount).toMatch(/^\d+\.\d\d$/u);
      expect(request.body.destination).toBe(snapshot.context.destination);
      expect(request.idempotencyKey.startsWith(`${input.flowId}.`)).toBe(true);
      // A retry is the same withdrawal under the same key; another amount or destination gets another key.
      const previous = fakes.submits.at(-1);
      if (step === 'RETRY') expect(request).toEqual(previous);
      else if (previous && JSON.stringify(previous.body) !== JSON.stringify(request.body)) expect(request.idempotencyKey).not.toBe(previous.idempotencyKey);
      fakes.submits.push(request);
    },
    failed: (ctx) => {
      still(ctx);
      expect(ctx.step).toBe('createWithdrawal:error[2]');
      expect(ctx.snapshot.context.failure).toEqual(GENERIC_ERROR);
      expect(ctx.actions).toEqual(['focusFirstError']);
      expect(ctx.snapshot.can({ type: 'RETRY' })).toBe(true);
    },
    created: ({ snapshot, step, running, fakes, actions }) => {
      expect(step).toBe('createWithdrawal:done');
      expect(running).toEqual([]);
      expect(snapshot.context.created).toEqual(createdWithdrawal);
      expect(actions).toEqual(['announceCreated']);
      expect(fakes.announced).toBe(1);
    },
  },
});
