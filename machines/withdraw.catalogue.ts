import { opensLater, withdrawMachine, type CreatedWithdrawal, type WithdrawSetup } from './withdraw.machine';
import type { SnapshotFrom } from 'xstate';
import { apiFailure } from './forms/api-failure';
import { centsFromInput } from '../domain/money/amount-input';
import { entry } from './catalogue-entry';
import { OPENS_AT, offline, resolves } from './catalogue-samples';

/** When the setups were read; destinations set two days before are open, one set an hour before is not. */
const CHECKED_AT = '2025-01-02T12:00:00.000Z';
const OPEN_SINCE = '2024-12-31T12:00:00.000Z';
/** $150.00 available, both destinations; a second setup whose bank holder's name is not the user's. */
export const withdrawSetup: WithdrawSetup = {
  availableCents: 150_00,
  checkedAt: CHECKED_AT,
  bankAccount: { label: 'Banco Estado ····5678', nameMismatch: false, withdrawalsOpenAt: OPEN_SINCE },
  payoutAccount: { label: 'PayWorld a***@example.com', withdrawalsOpenAt: OPEN_SINCE },
};
export const bankOnlySetup: WithdrawSetup = { ...withdrawSetup, payoutAccount: null };
export const mismatchSetup: WithdrawSetup = { ...withdrawSetup, bankAccount: { label: 'Banco Estado ····5678', nameMismatch: true, withdrawalsOpenAt: OPEN_SINCE } };
/** Issue 21: the only destination was set an hour ago — nothing to withdraw to until OPENS_AT. */
export const notOpenSetup: WithdrawSetup = { ...bankOnlySetup, bankAccount: { ...bankOnlySetup.bankAccount!, withdrawalsOpenAt: OPENS_AT } };
/** Both destinations, the payout account linked an hour ago: only the bank account can be chosen. */
export const payoutNotOpenSetup: WithdrawSetup = { ...withdrawSetup, payoutAccount: { ...withdrawSetup.payoutAccount!, withdrawalsOpenAt: OPENS_AT } };
/** Issue 22 item 12: nowhere to send money yet; Next after a good amount opens the bank wizard. */
export const nothingSetUp: WithdrawSetup = { ...withdrawSetup, bankAccount: null, payoutAccount: null };
const notOpenYetRefusal = apiFailure(409, { code: 'destination_not_open_yet', detail: 'Withdrawals to this account open on Fri, Jan 3, 11:00 AM.' });
export const createdWithdrawal: CreatedWithdrawal = { id: 'wd-1', status: 'created', amount: '20.01', createdAt: '2025-01-02T12:00:00.000Z' };
const aboveBalanceRefusal = apiFailure(422, { code: 'withdrawal_above_balance', detail: 'Withdrawal amount must be less than balance' });
const mismatchRefusal = apiFailure(409, {
  code: 'bank_info_mismatch',
  detail: 'The name on your bank account does not match your name. Update your bank information to withdraw.',
});
/** The step, which setup, the amount text while typing it (afterwards only whether it passes), the choice, messages. */
const withdrawKey = (snapshot: SnapshotFrom<typeof withdrawMachine>) => {
  const c = snapshot.context;
  return JSON.stringify({
    value: snapshot.value,
    setup:
      c.setup === null
        ? null
        : [c.setup.bankAccount?.nameMismatch, c.setup.payoutAccount !== null, opensLater(c.setup, 'bank_account'), opensLater(c.setup, 'payout_account')],
    amount: snapshot.value === 'amount' ? c.amount : centsFromInput(c.amount),
    destination: c.destination,
    errors: c.errors,
    failure: c.failure !== null,
  });
};

/** The flow atlas entry of `withdraw` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: withdrawMachine,
  purpose: 'Withdraw: an amount above $20, below $10,000 and within the balance, the bank account or the payout account, confirm, created — blocked while the bank holder name mismatches; a destination set less than 24 hours ago says when it opens; with none at all, Next opens the bank wizard, which brings the amount back.',
  views: ['src/features/withdrawals/withdraw-page.tsx'],
  operations: { loadSetup: ['getWallet', 'getBankAccount', 'getPayoutAccount'], createWithdrawal: ['createWithdrawal'] },
  tests: ['tests/unit/machines/withdraw-view.test.ts', 'tests/unit/machines/step-meta.test.ts', 'tests/e2e/withdrawals.spec.ts', 'tests/e2e/withdrawals.clock.spec.ts', 'tests/api/withdrawals.test.ts'],
  fake: () => withdrawMachine.provide({ actors: { loadSetup: resolves(withdrawSetup), createWithdrawal: resolves(createdWithdrawal) } }),
  inputs: { screen: { flowId: 'flow-w' }, backFromWizard: { flowId: 'flow-w', amount: '20.01' } },
  events: {
    // The boundaries: 20.00 and 10000 refused, 20.01 taken, 150.01 above the $150 balance, nothing typed, and a
    // keystroke the field refuses (three decimals).
    CHANGE_AMOUNT: [
      { type: 'CHANGE_AMOUNT', value: '20.01' },
      { type: 'CHANGE_AMOUNT', value: '20.00' },
      { type: 'CHANGE_AMOUNT', value: '10000' },
      { type: 'CHANGE_AMOUNT', value: '150.01' },
      { type: 'CHANGE_AMOUNT', value: '' },
      { type: 'CHANGE_AMOUNT', value: '20.011' },
    ],
    SELECT_DESTINATION: [
      { type: 'SELECT_DESTINATION', destination: 'bank_account' },
      { type: 'SELECT_DESTINATION', destination: 'payout_account' },
    ],
    NEXT: { type: 'NEXT' },
    BACK: { type: 'BACK' },
    CONFIRM: { type: 'CONFIRM' },
    RETRY: { type: 'RETRY' },
  },
  invokeResults: {
    loadSetup: { done: [withdrawSetup, bankOnlySetup, mismatchSetup, notOpenSetup, payoutNotOpenSetup, nothingSetUp], error: [offline] },
    createWithdrawal: { done: [createdWithdrawal], error: [mismatchRefusal, aboveBalanceRefusal, offline, notOpenYetRefusal] },
  },
  serializeState: withdrawKey,
});
