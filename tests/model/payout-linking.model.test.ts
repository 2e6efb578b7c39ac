import { expect } from 'vitest';
import { catalogue } from '../../machines/catalogue';
import { GENERIC_ERROR } from '../../machines/forms/field-errors';
import { credentialErrors, payoutLinkingMachine, type PayoutValues } from '../../machines/payout-linking.machine';
import { linkedAccount, payoutInfo } from '../../machines/wallet/withdraw-catalogue';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel, type StepContext } from '../support/model-based';
import { messageText } from './support/accounts-fixtures';

interface Fakes {
  /** What the last linking call was given: the password must not outlive it. */
  sent: PayoutValues | null;
}
type Ctx = StepContext<typeof payoutLinkingMachine, Fakes>;

const blank = { email: '', password: '', bankAccountNumber: '' };

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
        expect(errors).toEqual(credentialErrors(values));
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
      expect(credentialErrors(ctx.snapshot.context.values)).toEqual({});
      expect(ctx.snapshot.context.failure).toBeNull();
      expect(ctx.snapshot.context.passwordError).toBeNull();
    },
    confirmingPassword: (ctx) => {
      // Issue 21: the caller's own password, asked at the moment of linking; nothing sent before it.
      still(ctx);
      const { snapshot, step } = ctx;
      expect(credentialErrors(snapshot.context.values)).toEqual({});
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
        expect.objectContaining({ src: 'linkAccount', input: { ...snapshot.context.values, current_password: 'Current-pass-1' } }),
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
      expect(ctx.snapshot.context.failure).toEqual(GENERIC_ERROR);
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
