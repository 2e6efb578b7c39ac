import { fromPromise, type SnapshotFrom } from 'xstate';
import { centsFromInput } from '../../domain/money/amount-input';
import { entry } from '../catalogue-entry';
import { apiFailure } from '../forms/api-failure';
import { bankWizardMachine, type SavedBankAccount, type WizardValues } from '../bank-wizard.machine';
import { resourceViewMachine } from '../resource-view.machine';
import { payoutLinkingMachine, type LinkedPayoutAccount, type PayoutProviderInfo } from '../payout-linking.machine';
import { opensLater, withdrawMachine, type CreatedWithdrawal, type WithdrawSetup } from '../withdraw.machine';

/**
 * The flow-atlas entries of the withdrawal side of the wallet (issue 6, part 2): withdraw, the bank-account wizard
 * and payout linking. Kept in their own module and spread into machines/catalogue.ts, with the same rules as the
 * entries there (fakes, inputs, one sample per guard branch, a graph key that keeps only what guards read).
 */
const resolves = <T>(value: T) => fromPromise<T, any>(async () => value);
const offline = new Error('Failed to fetch');

// ---- resource view

export const resourceSample = { id: 'wd-1', status: 'processing' };
export const resourceReloaded = { id: 'wd-1', status: 'complete' };

// ---- withdraw

/** When the setups were read; destinations set two days before are open, one set an hour before is not. */
const CHECKED_AT = '2025-01-02T12:00:00.000Z';
const OPEN_SINCE = '2024-12-31T12:00:00.000Z';
export const OPENS_AT = '2025-01-03T11:00:00.000Z';

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

// ---- bank wizard

/** A Chilean holder with a RUT, a Santiago address and a Chilean account: every step valid. */
export const wizardValues: WizardValues = {
  firstName: 'Ana',
  lastName: 'Souza',
  birthdate: '1990-05-17',
  idType: 'rut_vista',
  idNumber: '12.345.678-5',
  addressLine1: 'Av. Providencia 1234',
  addressLine2: '',
  city: 'Santiago',
  region: '',
  postalCode: '7500000',
  country: 'CL',
  bankCountry: 'CL',
  bankName: 'Banco Estado',
  accountType: 'checking',
  accountNumber: '12345678',
};
const WIZARD_TODAY = '2025-01-02';
export const savedBankAccount: SavedBankAccount = {
  bankName: 'Banco Estado',
  accountNumberMasked: '••••5678',
  nameMismatch: false,
  withdrawalsOpenAt: OPENS_AT,
};
/** Issue 21: the caller's Tipjar password was wrong (the step-up dialog says so under its field). */
const stepUpRefusal = apiFailure(403, {
  code: 'wrong_password',
  detail: 'The password is not right.',
  errors: [{ field: 'current_password', message: 'The password is not right.' }],
});
const accountNumberRefusal = apiFailure(400, {
  code: 'validation_failed',
  detail: "This account number does not have the format of the bank's country",
  errors: [{ field: 'body.accountNumber', message: "This account number does not have the format of the bank's country" }],
});
const birthdateRefusal = apiFailure(400, {
  code: 'validation_failed',
  detail: 'You must be 18 or older',
  errors: [{ field: 'body.birthdate', message: 'You must be 18 or older' }],
});
const postalCodeRefusal = apiFailure(400, {
  code: 'validation_failed',
  detail: 'Enter a valid postal code',
  errors: [{ field: 'body.postalCode', message: 'Enter a valid postal code' }],
});

/** A form machine's state for the model tests: where it is, what is typed, which fields are refused, the dialog's error. */
const formKey = (snapshot: SnapshotFrom<typeof bankWizardMachine> | SnapshotFrom<typeof payoutLinkingMachine>) =>
  JSON.stringify({
    value: snapshot.value,
    values: snapshot.context.values,
    errors: Object.keys(snapshot.context.errors),
    failure: snapshot.context.failure !== null,
    passwordError: snapshot.context.passwordError,
  });
const wizardKey = (snapshot: SnapshotFrom<typeof bankWizardMachine>) => formKey(snapshot);

// ---- payout linking

export const payoutInfo: PayoutProviderInfo = { provider: 'PayWorld', providerUrl: 'https://payworld.example', linkedEmail: null };
export const linkedAccount: LinkedPayoutAccount = { emailMasked: 'a***@example.com', bankAccountLast4: '5678', withdrawalsOpenAt: OPENS_AT };
const notActivatedRefusal = apiFailure(422, {
  code: 'payout_account_not_activated',
  detail: 'Your PayWorld account is not activated. Log in to PayWorld and complete your account first, then link it again.',
});
const wrongPasswordRefusal = apiFailure(422, { code: 'payout_account_invalid_credentials', detail: 'The PayWorld email or password is incorrect.' });

const payoutKey = (snapshot: SnapshotFrom<typeof payoutLinkingMachine>) => formKey(snapshot);

export const withdrawCatalogue = {
  'bank-wizard': entry({
    machine: bankWizardMachine,
    purpose: "The bank-account wizard: Personal Info, Primary Address, Bank Account, Confirm Info; each step checked on Next, back and next keep what was typed; the password at saving, then 'bank account updated' and when withdrawals to it open; back to the withdraw-method screen, or to the withdrawal that opened it.",
    fake: () => bankWizardMachine.provide({ actors: { saveBankAccount: resolves(savedBankAccount) } }),
    inputs: {
      blank: { today: WIZARD_TODAY },
      filled: { today: WIZARD_TODAY, initial: wizardValues },
      // Opened by a withdrawal with nowhere to send it: once saved, back to it with its amount (issue 22 item 12).
      fromWithdrawal: { today: WIZARD_TODAY, initial: wizardValues, resume: { amount: '30.00' } },
    },
    events: {
      // One bad and one good value per step, so each step's Next is refused and then accepted.
      CHANGE: [
        { type: 'CHANGE', field: 'birthdate', value: '2010-01-01' },
        { type: 'CHANGE', field: 'birthdate', value: '1990-05-17' },
        { type: 'CHANGE', field: 'city', value: '' },
        { type: 'CHANGE', field: 'city', value: 'Santiago' },
        { type: 'CHANGE', field: 'accountNumber', value: '12-34' },
        { type: 'CHANGE', field: 'accountNumber', value: '12345678' },
      ],
      NEXT: { type: 'NEXT' },
      BACK: { type: 'BACK' },
      SAVE: { type: 'SAVE' },
      RETRY: { type: 'RETRY' },
      PASSWORD_SUBMIT: [
        { type: 'PASSWORD_SUBMIT', password: '' },
        { type: 'PASSWORD_SUBMIT', password: 'Current-pass-1' },
      ],
      CANCEL: { type: 'CANCEL' },
    },
    invokeResults: {
      saveBankAccount: { done: [savedBankAccount], error: [birthdateRefusal, postalCodeRefusal, accountNumberRefusal, offline, stepUpRefusal] },
    },
    serializeState: wizardKey,
  }),
  'payout-linking': entry({
    machine: payoutLinkingMachine,
    purpose: 'Connect the payout account: credentials (email, password, bank account number), confirm, the Tipjar password, then success, or not activated (start over, visit the provider), wrong credentials, another failure.',
    fake: () => payoutLinkingMachine.provide({ actors: { loadProvider: resolves(payoutInfo), linkAccount: resolves(linkedAccount) } }),
    events: {
      CHANGE: [
        { type: 'CHANGE', field: 'email', value: 'ana@example.com' },
        { type: 'CHANGE', field: 'password', value: 'secret-1' },
        { type: 'CHANGE', field: 'bankAccountNumber', value: '12345678' },
        { type: 'CHANGE', field: 'email', value: 'not an email' },
      ],
      NEXT: { type: 'NEXT' },
      BACK: { type: 'BACK' },
      CONFIRM: { type: 'CONFIRM' },
      START_OVER: { type: 'START_OVER' },
      RETRY: { type: 'RETRY' },
      PASSWORD_SUBMIT: [
        { type: 'PASSWORD_SUBMIT', password: '' },
        { type: 'PASSWORD_SUBMIT', password: 'Current-pass-1' },
      ],
      CANCEL: { type: 'CANCEL' },
    },
    invokeResults: {
      loadProvider: { done: [payoutInfo], error: [offline] },
      linkAccount: { done: [linkedAccount], error: [notActivatedRefusal, wrongPasswordRefusal, offline, stepUpRefusal] },
    },
    serializeState: payoutKey,
  }),
  'resource-view': entry({
    machine: resourceViewMachine,
    purpose: "A read-only screen of one thing from the server (a withdrawal's details, the withdraw method): shown, not found (never whose), or failed with a retry; reloads keep the last answer on screen.",
    fake: () => resourceViewMachine.provide({ actors: { load: resolves<unknown>(resourceSample) } }),
    events: { RETRY: { type: 'RETRY' }, RELOAD: { type: 'RELOAD' } },
    invokeResults: {
      load: { done: [resourceSample, resourceReloaded], error: [apiFailure(404, { code: 'withdrawal_not_found', detail: 'Could not find the transaction' }), offline] },
    },
  }),
  withdraw: entry({
    machine: withdrawMachine,
    purpose: 'Withdraw: an amount above $20, below $10,000 and within the balance, the bank account or the payout account, confirm, created — blocked while the bank holder name mismatches; a destination set less than 24 hours ago says when it opens; with none at all, Next opens the bank wizard, which brings the amount back.',
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
  }),
};
