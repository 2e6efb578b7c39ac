import { expect } from 'vitest';
import { catalogue } from '../../machines/catalogue';
import type { payoutLinkingMachine, PayoutValues } from '../../machines/payout-linking.machine';
import { linkedAccount, payoutInfo } from '../../machines/payout-linking.catalogue';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel, type StepContext } from '../support/model-based';
import { messageText } from './support/accounts-fixtures';
import { expectedFieldErrors } from '../support/field-expectations';

interface Fakes {
  /** What the last linking call was given: the password must not outlive it. */
  sent: PayoutValues | null;
}
type Ctx = StepContext<typeof payoutLinkingMachine, Fakes>;

const blank = { email: '', password: '', bankAccountNumber: '' };

// Expectations written out, never computed by the machine module (issue 24 item 9): spec §5 'Required field',
// 'Must be a valid email', the bank fields' formats.
/** For every value the catalogue's CHANGE samples put in a field: its message key, or null when it passes. */
const CREDENTIAL_RULES: Record<keyof PayoutValues, Record<string, { key: string } | null>> = {
  email: { '': { key: 'accounts:rules.required' }, 'ana@example.com': null, 'not an email': { key: 'accounts:rules.email_invalid' } },
  password: { '': { key: 'wallet:rules.required' }, 'secret-1': null },
  // Spec §5: an empty required field reads 'Required field' (the format message only for something typed).
  bankAccountNumber: { '': { key: 'wallet:rules.required' }, '12345678': null },
};

function expectedErrors(values: PayoutValues) {
  return expectedFieldErrors(CREDENTIAL_RULES, values, 'CREDENTIAL_RULES');
}
/** The only credentials that pass: every good CHANGE sample. */
const GOOD = { email: 'ana@example.com', password: 'secret-1', bankAccountNumber: '12345678' };

function still({ running, scheduled }: Ctx) {
  expect(running).toEqual([]);
  expect(scheduled).toEqual([]);
}

describeModel('payout-linking machine (model-based)', {
  ...fromCatalogue(catalogue['payout-linking']),
  setup: () => ({ machine: catalogue['payout-linking'].fake(), fakes: { sent: null } as Fakes }),
  states: {
    loading: ({ step, running }) => {
      expect(['init', 'RETRY']).toContain(step);
      expect(running).toEqual([expect.objectContaining({ src: 'loadProvider' })]);
    },
    loadFailed: (ctx) => {
      still(ctx);
      expect(ctx.step).toBe('loadProvider:error');
    },
    credentials: (ctx) => {
      still(ctx);
      const { snapshot, step, event, fakes } = ctx;
      const { values, errors, failure, info } = snapshot.context;
      expect(info).toEqual(payoutInfo);
      if (step === 'loadProvider:done') {
        expect(values).toEqual(blank);
      } else if (event.type === 'CHANGE') {
        expect(values[event.field as keyof PayoutValues]).toBe(event.value);
        expect(errors[event.field as keyof typeof errors]).toBeUndefined();
      } else if (step === 'NEXT') {
        // Refused: the rules' messages under the fields (the email's syntax, the required password and number).
        expect(errors).toEqual(expectedErrors(values));
        expect(Object.keys(errors).length).toBeGreaterThan(0);
        expect(ctx.actions).toEqual(['focusFirstError']);
      } else if (step === 'linkAccount:error[1]') {
        // Wrong email or password: the server's words, the password field empty again, the rest kept.
        expect(messageText(failure)).toBe('The PayWorld email or password is incorrect.');
        expect(values).toEqual({ ...fakes.sent, password: '' });
      } else if (step === 'START_OVER') {
        // Start over: an empty form, no message.
        expect(values).toEqual(blank);
        expect(failure).toBeNull();
      } else {
        expect(step).toBe('BACK');
        expect(errors).toEqual({});
      }
    },
    confirm: (ctx) => {
      still(ctx);
      // CANCEL: the Tipjar password dialog closed, what was typed kept.
      expect(['NEXT', 'CANCEL']).toContain(ctx.step);
      expect(ctx.snapshot.context.values).toEqual(GOOD);
      expect(ctx.snapshot.context.failure).toBeNull();
      expect(ctx.snapshot.context.passwordError).toBeNull();
    },
    confirmingPassword: (ctx) => {
      // Issue 21: the caller's own password, asked at the moment of linking; nothing sent before it.
      still(ctx);
      const { snapshot, step } = ctx;
      expect(snapshot.context.values).toEqual(GOOD);
      expect(JSON.stringify(snapshot.context)).not.toContain('Current-pass-1');
      if (step === 'CONFIRM' || step === 'RETRY') expect(snapshot.context.passwordError).toBeNull();
      else if (step === 'PASSWORD_SUBMIT[0]') expect(messageText(snapshot.context.passwordError)).toBe('common:passwordDialog.required');
      else {
        // Wrong Tipjar password: the server's words in the dialog; the provider's credentials are kept.
        expect(step).toBe('linkAccount:error[3]');
        expect(messageText(snapshot.context.passwordError)).toBe('The password is not right.');
        expect(snapshot.context.values.password).not.toBe('');
      }
    },
    linking: ({ snapshot, step, running, fakes }) => {
      expect(step).toBe('PASSWORD_SUBMIT[1]');
      expect(running).toEqual([
        expect.objectContaining({ src: 'linkAccount', input: { ...GOOD, current_password: 'Current-pass-1' } }),
      ]);
      expect(JSON.stringify(snapshot.context)).not.toContain('Current-pass-1');
      fakes.sent = snapshot.context.values;
    },
    'error.notActivated': (ctx) => {
      still(ctx);
      expect(ctx.step).toBe('linkAccount:error[0]');
      // Log in to the provider and complete the account first: no retry, start over or visit the provider.
      expect(messageText(ctx.snapshot.context.failure)).toMatch(/not activated/u);
      expect(ctx.snapshot.can({ type: 'RETRY' })).toBe(false);
      expect(ctx.snapshot.can({ type: 'START_OVER' })).toBe(true);
      expect(ctx.snapshot.context.info?.providerUrl).toBe(payoutInfo.providerUrl);
    },
    'error.other': (ctx) => {
      still(ctx);
      expect(ctx.step).toBe('linkAccount:error[2]');
      expect(ctx.snapshot.context.failure).toEqual({ key: 'errors:generic' });
      expect(ctx.snapshot.can({ type: 'RETRY' })).toBe(true);
    },
    success: ({ snapshot, step, running }) => {
      expect(step).toBe('linkAccount:done');
      expect(running).toEqual([]);
      expect(snapshot.context.linked).toEqual(linkedAccount);
      // Linked: the password is forgotten at once.
      expect(snapshot.context.values.password).toBe('');
    },
  },
});
