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
      // Nothing is called before the dialog's Yes.
      expect(running).toEqual([]);
      expect(snapshot.context.message).toBeNull();
    },
    confirming: ({ snapshot, step, running }) => {
      expect(step).toBe('CLOSE');
      expect(running).toEqual([]);
      // A new attempt starts without the old reason.
      expect(snapshot.context.message).toBeNull();
    },
    closing: ({ running }) => {
      expect(running).toEqual([expect.objectContaining({ src: 'closeAccount', input: { userId: 'u-1' } })]);
    },
    refused: ({ snapshot, actions }) => {
      // The server's reason, word for word; the session goes on.
      expect(messageText(snapshot.context.message)).toBe('Your wallet still holds money. Withdraw or spend it before closing your account.');
      expect(actions).toEqual([]);
    },
    closed: ({ actions }) => {
      expect(actions).toEqual(['notifyClosed', 'endSession']);
    },
  },
});
