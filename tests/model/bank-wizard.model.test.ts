import { expect } from 'vitest';
import { bankAccountBody, bankWizardMachine, stepErrors, WIZARD_FIELDS, type BankWizardContext } from '../../machines/bank-wizard.machine';
import { catalogue } from '../../machines/catalogue';
import { GENERIC_ERROR } from '../../machines/forms/field-errors';
import { OPENS_AT, savedBankAccount, wizardValues } from '../../machines/wallet/withdraw-catalogue';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel, type StepContext } from '../support/model-based';
import { messageText } from './support/accounts-fixtures';

interface Fakes {
  /** When withdrawals open, as each 'bank account updated' notice said. */
  announced: string[];
  /** The values after every step, to check that moving between steps never loses what was typed. */
  last: BankWizardContext['values'] | null;
}
type Ctx = StepContext<typeof bankWizardMachine, Fakes>;

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
    expect(errors).toEqual(stepErrors(snapshot.context, step));
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
    const fakes: Fakes = { announced: [], last: null };
    const machine = catalogue['bank-wizard'].fake().provide({
      actions: { announceSaved: (_, params) => void fakes.announced.push((params as { withdrawalsOpenAt: string }).withdrawalsOpenAt) },
    });
    return { machine, fakes };
  },
  states: {
    personal: (ctx) => {
      if (ctx.step === 'init') {
        expect(ctx.snapshot.context.values).toEqual(ctx.input.initial ?? Object.fromEntries(WIZARD_FIELDS.map((f) => [f, ''])));
      }
      onStep(ctx, 'personal');
      if (ctx.step === 'saveBankAccount:error[0]') expect(Object.keys(ctx.snapshot.context.errors)).toEqual(['birthdate']);
    },
    address: (ctx) => {
      // Only reached with Personal Info valid.
      expect(stepErrors(ctx.snapshot.context, 'personal')).toEqual({});
      onStep(ctx, 'address');
      if (ctx.step === 'saveBankAccount:error[1]') expect(Object.keys(ctx.snapshot.context.errors)).toEqual(['postalCode']);
    },
    bank: (ctx) => {
      expect(stepErrors(ctx.snapshot.context, 'personal')).toEqual({});
      expect(stepErrors(ctx.snapshot.context, 'address')).toEqual({});
      onStep(ctx, 'bank');
      if (ctx.step === 'saveBankAccount:error[2]') expect(Object.keys(ctx.snapshot.context.errors)).toEqual(['accountNumber']);
    },
    confirm: ({ snapshot, running, step, fakes }) => {
      // Every step is valid: the stepper shows three checks, and the summary is what SAVE sends.
      expect(running).toEqual([]);
      for (const s of ['personal', 'address', 'bank'] as const) expect(stepErrors(snapshot.context, s)).toEqual({});
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
        expect.objectContaining({ src: 'saveBankAccount', input: { ...bankAccountBody(snapshot.context.values), current_password: 'Current-pass-1' } }),
      ]);
      expect(JSON.stringify(snapshot.context)).not.toContain('Current-pass-1');
      // The optional lines go as null when empty; the rest exactly as typed (the server trims and normalises).
      expect(bankAccountBody(snapshot.context.values)).toMatchObject({ addressLine2: null, region: null, idType: 'rut_vista', accountType: 'checking' });
    },
    failed: ({ snapshot, step, actions }) => {
      expect(step).toBe('saveBankAccount:error[3]');
      expect(snapshot.context.failure).toEqual(GENERIC_ERROR);
      expect(snapshot.context.errors).toEqual({});
      expect(actions).toEqual(['focusFirstError']);
    },
    saved: ({ snapshot, step, actions, fakes }) => {
      expect(step).toBe('saveBankAccount:done');
      expect(snapshot.context.saved).toEqual(savedBankAccount);
      expect(snapshot.context.values).toMatchObject({ firstName: wizardValues.firstName, accountNumber: wizardValues.accountNumber });
      expect(actions).toEqual(['announceSaved']);
      expect(fakes.announced).toEqual([OPENS_AT]);
    },
  },
});
