import { bankWizardMachine, type SavedBankAccount, type WizardValues } from './bank-wizard.machine';
import type { SnapshotFrom } from 'xstate';
import { apiFailure } from './forms/api-failure';
import { entry } from './catalogue-entry';
import { OPENS_AT, offline, resolves, stepUpFormKey, wrongPassword } from './catalogue-samples';

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
const wizardKey = (snapshot: SnapshotFrom<typeof bankWizardMachine>) => stepUpFormKey(snapshot);

/** The flow atlas entry of `bank-wizard` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: bankWizardMachine,
  purpose: "The bank-account wizard: Personal Info, Primary Address, Bank Account, Confirm Info; each step checked on Next, back and next keep what was typed; the password at saving, then 'bank account updated' and when withdrawals to it open; back to the withdraw-method screen, or to the withdrawal that opened it.",
  views: ['src/features/withdrawals/bank-wizard-page.tsx'],
  operations: { saveBankAccount: ['putBankAccount'] },
  tests: ['tests/e2e/withdrawals.spec.ts', 'tests/api/withdrawals.test.ts', 'tests/api/step-up.test.ts'],
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
    saveBankAccount: { done: [savedBankAccount], error: [birthdateRefusal, postalCodeRefusal, accountNumberRefusal, offline, wrongPassword] },
  },
  serializeState: wizardKey,
});
