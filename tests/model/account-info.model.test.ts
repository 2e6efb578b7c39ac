import { expect } from 'vitest';
import { catalogue } from '../../machines/catalogue';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel } from '../support/model-based';
import { messageText } from './support/accounts-fixtures';

describeModel('account-info machine (model-based)', {
  ...fromCatalogue(catalogue['account-info']),
  setup: () => {
    const fakes = { reported: [] as unknown[], checkEmail: [] as string[] };
    const machine = catalogue['account-info'].fake().provide({
      actions: {
        reportUser: (_, params) => void fakes.reported.push((params as { user: unknown }).user),
        goToCheckEmail: (_, params) => void fakes.checkEmail.push((params as { email: string }).email),
      },
    });
    return { machine, fakes };
  },
  states: {
    loading: ({ running }) => {
      expect(running).toEqual([expect.objectContaining({ src: 'loadUser', input: { userId: 'u-1' } })]);
    },
    loadFailed: ({ step }) => expect(step).toBe('loadUser:error'),
    editing: ({ snapshot, step, event, actions, fakes }) => {
      const { values, errors, message } = snapshot.context;
      if (step === 'loadUser:done') {
        expect(values).toEqual({ fullName: 'Marta Lopez', username: 'marta', country: 'ES', email: 'marta@example.com' });
        expect(snapshot.context.phoneNumber).toBe('+34612345678');
      } else if (step.startsWith('CHANGE')) {
        expect(values[event.field as 'email']).toBe(event.value);
        expect(errors[event.field as 'email']).toBeUndefined();
      } else if (step === 'SUBMIT') {
        expect(messageText(errors.email)).toBe('accounts:rules.email_invalid');
        expect(actions).toEqual(['focusFirstError']);
      } else if (step === 'saveAccountInfo:done[0]') {
        expect(values.fullName).toBe('Marta L.');
        expect(actions).toEqual(['reportUser', 'notifySaved']);
        expect(fakes.reported.at(-1)).toMatchObject({ fullName: 'Marta L.', emailStatus: 'verified' });
      } else if (step === 'saveAccountInfo:error[0]') {
        expect(messageText(errors.username)).toBe('Username already exists');
        expect(message).toBeNull();
        expect(actions).toEqual(['focusFirstError']);
      } else if (step === 'saveAccountInfo:error[1]') {
        expect(messageText(message)).toBe('errors:generic');
      } else throw new Error(`unexpected way into editing: ${step}`);
    },
    saving: ({ running, snapshot }) => {
      expect(running).toEqual([expect.objectContaining({ src: 'saveAccountInfo', input: { userId: 'u-1', ...snapshot.context.values } })]);
    },
    verifyingEmail: ({ step, actions, fakes }) => {
      // A new email: the session learns it is unverified, and the code page opens for the new address.
      expect(step).toBe('saveAccountInfo:done[1]');
      expect(actions).toEqual(['reportUser', 'goToCheckEmail']);
      expect(fakes.reported.at(-1)).toMatchObject({ email: 'marta@new.example.com', emailStatus: 'unverified' });
      expect(fakes.checkEmail.at(-1)).toBe('marta@new.example.com');
    },
  },
});
