import { expect } from 'vitest';
import { catalogue } from '../../machines/catalogue';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel } from '../support/model-based';
import { messageText } from './support/accounts-fixtures';

describeModel('close-account machine (model-based)', {
  ...fromCatalogue(catalogue['close-account']),
  setup: () => ({ machine: catalogue['close-account'].fake(), fakes: {} }),
  states: {
    idle: ({ snapshot, step, running }) => {
      expect(['init', 'CANCEL']).toContain(step);
      // Nothing is called before the dialog's Close.
      expect(running).toEqual([]);
      expect(snapshot.context.message).toBeNull();
      expect(snapshot.context.passwordError).toBeNull();
    },
    confirming: ({ snapshot, step, running }) => {
      expect(running).toEqual([]);
      expect(JSON.stringify(snapshot.context)).not.toContain('Current-pass-1');
      if (step === 'CLOSE') {
        // A new attempt starts without the old reason.
        expect(snapshot.context.message).toBeNull();
        expect(snapshot.context.passwordError).toBeNull();
      } else if (step === 'PASSWORD_SUBMIT[0]') {
        // Nothing typed: the rule under the field, no call.
        expect(messageText(snapshot.context.passwordError)).toBe('common:passwordDialog.required');
      } else {
        // Wrong password (issue 21): the dialog again with the server's words under the field.
        expect(step).toBe('closeAccount:error[1]');
        expect(messageText(snapshot.context.passwordError)).toBe('The password is not right.');
        expect(snapshot.context.message).toBeNull();
      }
    },
    closing: ({ running, snapshot, step }) => {
      expect(step).toBe('PASSWORD_SUBMIT[1]');
      // The password goes from the dialog's event into the call, and nowhere else.
      expect(running).toEqual([expect.objectContaining({ src: 'closeAccount', input: { userId: 'u-1', current_password: 'Current-pass-1' } })]);
      expect(JSON.stringify(snapshot.context)).not.toContain('Current-pass-1');
    },
    refused: ({ snapshot, actions }) => {
      // The server's reason, word for word; the session goes on.
      expect(messageText(snapshot.context.message)).toBe('Your wallet still holds money. Withdraw or spend it before closing your account.');
      expect(actions).toEqual([]);
    },
    closed: ({ actions }) => {
      expect(actions).toEqual(['endSession', 'notifyClosed']);
    },
  },
});
