import { expect } from 'vitest';
import { catalogue } from '../../machines/catalogue';
import { inviteFriendsMachine } from '../../machines/invite-friends.machine';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel, type StepContext } from '../support/model-based';
import { messageText, tooMany } from './support/accounts-fixtures';

interface Fakes {
  sent: string[];
}
type Ctx = StepContext<typeof inviteFriendsMachine, Fakes>;

function assertEditing({ snapshot, step, actions, running, fakes }: Ctx) {
  const { email, errors, message } = snapshot.context;
  expect(running).toEqual([]);
  if (step === 'init') {
    expect([email, errors, message]).toEqual(['', {}, null]);
  } else if (step.startsWith('CHANGE')) {
    expect([errors, message]).toEqual([{}, null]);
  } else if (step === 'SUBMIT') {
    // Nothing sent: empty is 'Required field', a bad address 'The phone or email is not valid'.
    expect(messageText(errors.email)).toBe(email === '' ? 'people:rules.required' : 'people:rules.phone_or_email_invalid');
    expect(actions).toEqual(['focusFirstError']);
  } else if (step === 'invite:done') {
    // 'invitation sent' naming the friend, and an empty field for the next one.
    expect(actions).toEqual(['notifySent']);
    expect(fakes.sent.at(-1)).toBe('friend@example.com');
    expect([email, errors, message]).toEqual(['', {}, null]);
  } else if (step === 'invite:error[0]') {
    expect(messageText(errors.email)).toBe('The phone or email is not valid');
    expect(message).toBeNull();
  } else if (step.startsWith('invite:error')) {
    expect(messageText(message)).toBe(step === 'invite:error[1]' ? tooMany.detail : 'errors:generic');
    // The address stays, to try again.
    expect(email).toBe('friend@example.com');
  } else {
    throw new Error(`unexpected way into editing: ${step}`);
  }
}

describeModel('invite-friends machine (model-based)', {
  ...fromCatalogue(catalogue['invite-friends']),
  setup: () => {
    const fakes: Fakes = { sent: [] };
    return { machine: catalogue['invite-friends'].fake().provide({ actions: { notifySent: (_, p) => void fakes.sent.push(p.email) } }), fakes };
  },
  states: {
    editing: assertEditing,
    sending: ({ step, running }) => {
      expect(step).toBe('SUBMIT');
      expect(running).toEqual([expect.objectContaining({ src: 'invite', input: { userId: 'u-1', email: 'friend@example.com' } })]);
    },
  },
});
