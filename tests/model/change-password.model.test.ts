import { expect } from 'vitest';
import { changePasswordMachine } from '../../machines/change-password.machine';
import { catalogue } from '../../machines/catalogue';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel } from '../support/model-based';
import { GOOD_PASSWORD, fieldRefusal, messageText, offline, tooMany } from './support/accounts-fixtures';

const NEW_PASSWORD = 'An0ther#pass';
const wrongCurrent = fieldRefusal(400, 'current_password_wrong', 'current_password', 'The current password is incorrect');

describeModel('change-password machine (model-based)', {
  ...fromCatalogue(catalogue['change-password']),
  setup: () => ({ machine: catalogue['change-password'].fake(), fakes: {} }),
  states: {
    editing: ({ snapshot, step, event, actions }) => {
      const { values, errors, message } = snapshot.context;
      if (step === 'init') expect(values).toEqual({ current_password: '', password_1: '', password_2: '' });
      else if (step.startsWith('CHANGE')) expect(values[event.field as 'password_1']).toBe(event.value);
      else if (step === 'TOGGLE_VISIBILITY') expect(snapshot.context.visible.current_password).toBe(true);
      else if (step === 'SUBMIT') {
        expect(Object.keys(errors).length).toBeGreaterThan(0);
        expect(actions).toEqual(['focusFirstError']);
      } else if (step === 'changePassword:error[0]') {
        expect(messageText(errors.current_password)).toBe('The current password is incorrect');
        expect(message).toBeNull();
      } else if (step.startsWith('changePassword:error')) {
        expect(messageText(message)).toBe(step === 'changePassword:error[1]' ? tooMany.detail : 'errors:generic');
      } else throw new Error(`unexpected way into editing: ${step}`);
    },
    saving: ({ running }) => {
      expect(running).toEqual([
        expect.objectContaining({
          src: 'changePassword',
          input: { userId: 'u-1', current_password: GOOD_PASSWORD, password_1: NEW_PASSWORD, password_2: NEW_PASSWORD },
        }),
      ]);
    },
    changed: ({ snapshot, actions }) => {
      // Success is announced and the passwords are gone from memory.
      expect(actions).toEqual(['notifyChanged']);
      expect(snapshot.context.values).toEqual({ current_password: '', password_1: '', password_2: '' });
    },
  },
});
