import { expect } from 'vitest';
import type { bankWizardMachine, BankWizardContext, WizardField } from '../../machines/bank-wizard.machine';
import { catalogue } from '../../machines/catalogue';
import { savedBankAccount, wizardValues } from '../../machines/bank-wizard.catalogue';
import { OPENS_AT } from '../../machines/catalogue-samples';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel, type StepContext } from '../support/model-based';
import { messageText } from './support/accounts-fixtures';
import { expectedFieldErrors } from '../support/field-expectations';

interface Fakes {
  /** When withdrawals open, as each 'bank account updated' notice said. */
  announced: string[];
  /** The amounts handed back to the withdrawal that opened the wizard. */
  resumed: string[];
  /** The values after every step, to check that moving between steps never loses what was typed. */
  last: BankWizardContext['values'] | null;
}
type Ctx = StepContext<typeof bankWizardMachine, Fakes>;

// Expectations written out, never computed by the machine module (issue 24 item 9): spec §5 "Required field",
// "Age must be 18 or older", the bank fields' formats; wallet:rules.* are the message keys the locales translate.
const REQUIRED = { key: 'wallet:rules.required' };
const UNDERAGE = { key: 'wallet:rules.underage' };
const ACCOUNT_NUMBER_FORMAT = { key: 'wallet:rules.account_number_format' };

/**
 * Each step's fields, and for every value the catalogue's samples can put in them (the blank and filled inputs, the
 * CHANGE samples), the message it earns or null when it passes; with today 2025-01-02.
 */
const STEP_RULES: Record<'personal' | 'address' | 'bank', Partial<Record<WizardField, Record<string, { key: string } | null>>>> = {
  personal: {
    firstName: { '': REQUIRED, Ana: null },
    lastName: { '': REQUIRED, Souza: null },
    birthdate: { '': REQUIRED, '2010-01-01': UNDERAGE, '1990-05-17': null },
    idType: { '': REQUIRED, rut_vista: null },
    idNumber: { '': REQUIRED, '12.345.678-5': null },
  },
  address: {
    addressLine1: { 'Av. Providencia 1234': null },
    addressLine2: { '': null }, // optional
    city: { '': REQUIRED, Santiago: null },
    region: { '': null }, // optional
    postalCode: { '7500000': null },
    country: { CL: null },
  },
  bank: {
    bankCountry: { CL: null },
    bankName: { 'Banco Estado': null },
    accountType: { checking: null },
    accountNumber: { '12-34': ACCOUNT_NUMBER_FORMAT, '12345678': null },
  },
};

/** The messages a step should show for these values, from the table above. */
function expectedErrors(values: BankWizardContext['values'], step: keyof typeof STEP_RULES) {
  return expectedFieldErrors(STEP_RULES[step], values, 'STEP_RULES');
}

const BLANK = {
  firstName: '', lastName: '', birthdate: '', idType: '', idNumber: '',
  addressLine1: '', addressLine2: '', city: '', region: '', postalCode: '', country: '',
  bankCountry: '', bankName: '', accountType: '', accountNumber: '',
};
/** The catalogue's filled input (machines/bank-wizard.catalogue.ts wizardValues), written out. */
const FILLED = {
  firstName: 'Ana', lastName: 'Souza', birthdate: '1990-05-17', idType: 'rut_vista', idNumber: '12.345.678-5',
  addressLine1: 'Av. Providencia 1234', addressLine2: '', city: 'Santiago', region: '', postalCode: '7500000', country: 'CL',
  bankCountry: 'CL', bankName: 'Banco Estado', accountType: 'checking', accountNumber: '12345678',
};
/** What Confirm Info sends for FILLED: the empty optional lines as null, the rest as typed. */
const FILLED_BODY = {
  firstName: 'Ana', lastName: 'Souza', birthdate: '1990-05-17', idType: 'rut_vista', idNumber: '12.345.678-5',
  addressLine1: 'Av. Providencia 1234', addressLine2: null, city: 'Santiago', region: null, postalCode: '7500000', country: 'CL',
  bankCountry: 'CL', bankName: 'Banco Estado', accountType: 'checking', accountNumber: '12345678',
};

/**
 * What every step of the wizard means: CHANGE sets exactly one value; moving between steps keeps every value;
 * NEXT refused shows the step's own rule messages (and only those) and stays.
 */
function onStep(ctx: Ctx, step: 'personal' | 'address' | 'bank') {
  const { snapshot, event, fakes } = ctx;
  const { values, errors } = snapshot.context;
  expect(ctx.running).toEqual([]);
  if (event.type === 'CHANGE') {
    expect(values).toEqual({ ...fakes.last, [event.field]: event.value });
    expect(errors[event.field as keyof typeof errors]).toBeUndefined();
  } else if (fakes.last) {
    expect(values).toEqual(fakes.last); // back, next, a refusal: nothing typed is lost
  }
  if (ctx.step === 'NEXT' && ctx.actions.includes('focusFirstError')) {
    // Refused here: the messages are this step's rules, and there is at least one.
    expect(errors).toEqual(expectedErrors(values, step));
    expect(Object.keys(errors).length).toBeGreaterThan(0);
  } else if (ctx.step.startsWith('saveBankAccount:error')) {
    // The server explained the refusal on a field of this step: its words under that field.
    const refused = Object.keys(errors);
    expect(refused.length).toBe(1);
    expect(messageText(errors[refused[0] as keyof typeof errors])).toMatch(/./u);
    expect(snapshot.context.failure).toBeNull();
  } else if (event.type !== 'CHANGE') {
    expect(errors).toEqual({});
  }
  fakes.last = values;
}

describeModel('bank-wizard machine (model-based)', {
  ...fromCatalogue(catalogue['bank-wizard']),
  setup: () => {
    const fakes: Fakes = { announced: [], resumed: [], last: null };
    const machine = catalogue['bank-wizard'].fake().provide({
      actions: {
        announceSaved: (_, params) => void fakes.announced.push((params as { withdrawalsOpenAt: string }).withdrawalsOpenAt),
        resumeWithdrawal: (_, params) => void fakes.resumed.push((params as { amount: string }).amount),
      },
    });
    return { machine, fakes };
  },
  states: {
    personal: (ctx) => {
      if (ctx.step === 'init') {
        expect(ctx.snapshot.context.values).toEqual(ctx.input.initial ? FILLED : BLANK);
      }
      onStep(ctx, 'personal');
      if (ctx.step === 'saveBankAccount:error[0]') expect(Object.keys(ctx.snapshot.context.errors)).toEqual(['birthdate']);
    },
    address: (ctx) => {
      // Only reached with Personal Info valid.
      expect(expectedErrors(ctx.snapshot.context.values, 'personal')).toEqual({});
      onStep(ctx, 'address');
      if (ctx.step === 'saveBankAccount:error[1]') expect(Object.keys(ctx.snapshot.context.errors)).toEqual(['postalCode']);
    },
    bank: (ctx) => {
      expect(expectedErrors(ctx.snapshot.context.values, 'personal')).toEqual({});
      expect(expectedErrors(ctx.snapshot.context.values, 'address')).toEqual({});
      onStep(ctx, 'bank');
      if (ctx.step === 'saveBankAccount:error[2]') expect(Object.keys(ctx.snapshot.context.errors)).toEqual(['accountNumber']);
    },
    confirm: ({ snapshot, running, step, fakes }) => {
      // Every step is valid: the stepper shows three checks, and the summary is what SAVE sends.
      expect(running).toEqual([]);
      for (const s of ['personal', 'address', 'bank'] as const) expect(expectedErrors(snapshot.context.values, s)).toEqual({});
      // CANCEL: the password dialog closed, every step as typed.
      expect(['NEXT', 'BACK', 'CANCEL']).toContain(step);
      if (fakes.last) expect(snapshot.context.values).toEqual(fakes.last);
      expect(snapshot.context.errors).toEqual({});
      expect(snapshot.context.passwordError).toBeNull();
      fakes.last = snapshot.context.values;
    },
    confirmingPassword: ({ snapshot, running, step, fakes }) => {
      // Issue 21: the password dialog over Confirm Info; nothing is sent before it, nothing typed is lost.
      expect(running).toEqual([]);
      expect(JSON.stringify(snapshot.context)).not.toContain('Current-pass-1');
      if (fakes.last) expect(snapshot.context.values).toEqual(fakes.last);
      if (step === 'SAVE' || step === 'RETRY') expect(snapshot.context.passwordError).toBeNull();
      else if (step === 'PASSWORD_SUBMIT[0]') expect(messageText(snapshot.context.passwordError)).toBe('common:passwordDialog.required');
      else {
        expect(step).toBe('saveBankAccount:error[4]');
        expect(messageText(snapshot.context.passwordError)).toBe('The password is not right.');
      }
    },
    saving: ({ snapshot, running, step }) => {
      expect(step).toBe('PASSWORD_SUBMIT[1]');
      // The password from the dialog's event goes into the call and is not kept.
      expect(running).toEqual([
        expect.objectContaining({ src: 'saveBankAccount', input: { ...FILLED_BODY, current_password: 'Current-pass-1' } }),
      ]);
      // Only the filled form, every CHANGE sample put back to a valid value, gets past Confirm Info.
      expect(snapshot.context.values).toEqual(FILLED);
      expect(JSON.stringify(snapshot.context)).not.toContain('Current-pass-1');
    },
    failed: ({ snapshot, step, actions }) => {
      expect(step).toBe('saveBankAccount:error[3]');
      expect(snapshot.context.failure).toEqual({ key: 'errors:generic' });
      expect(snapshot.context.errors).toEqual({});
      expect(actions).toEqual(['focusFirstError']);
    },
    saved: ({ snapshot, step, actions, fakes, input }) => {
      expect(step).toBe('saveBankAccount:done');
      expect(snapshot.context.saved).toEqual(savedBankAccount);
      expect(snapshot.context.values).toMatchObject({ firstName: wizardValues.firstName, accountNumber: wizardValues.accountNumber });
      expect(fakes.announced).toEqual([OPENS_AT]);
      // Back where the wizard was opened from: the withdrawal, with its amount, or the withdraw-method screen.
      if (input.resume) {
        expect(actions).toEqual(['announceSaved', 'resumeWithdrawal']);
        expect(fakes.resumed).toEqual([input.resume.amount]);
      } else {
        expect(actions).toEqual(['announceSaved', 'returnToMethods']);
        expect(fakes.resumed).toEqual([]);
      }
    },
  },
});
