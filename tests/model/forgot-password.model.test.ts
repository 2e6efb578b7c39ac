import { expect } from 'vitest';
import { catalogue } from '../../machines/catalogue';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel } from '../support/model-based';
import { GOOD_PASSWORD, messageText, tooMany } from './support/accounts-fixtures';

describeModel('forgot-password machine (model-based)', {
  ...fromCatalogue(catalogue['forgot-password']),
  setup: () => ({ machine: catalogue['forgot-password'].fake(), fakes: {} }),
  states: {
    editing: ({ snapshot, step, event, actions, running }) => {
      const { values, errors, message } = snapshot.context;
      expect(running).toEqual([]);
      if (step === 'init' || step === 'EDIT') expect(errors).toEqual({});
      else if (step.startsWith('CHANGE')) expect([values.email, errors, message]).toEqual([event.value, {}, null]);
      else if (step === 'SUBMIT') {
        expect(['accounts:rules.required', 'accounts:rules.email_invalid']).toContain(messageText(errors.email));
        expect(actions).toEqual(['focusFirstError']);
      } else if (step.startsWith('sendResetLink:error')) {
        expect(messageText(message)).toBe(step === 'sendResetLink:error[0]' ? tooMany.detail : 'errors:generic');
        expect(actions).toEqual(['focusFirstError']);
      } else throw new Error(`unexpected way into editing: ${step}`);
    },
    sending: ({ running }) => {
      expect(running).toEqual([expect.objectContaining({ src: 'sendResetLink', input: { email: 'ana@example.com' } })]);
    },
    sent: ({ snapshot, running, step }) => {
      // The same words whether or not the address has an account; no error left over.
      expect(step).toBe('sendResetLink:done');
      expect(running).toEqual([]);
      expect([snapshot.context.errors, snapshot.context.message]).toEqual([{}, null]);
    },
  },
});
