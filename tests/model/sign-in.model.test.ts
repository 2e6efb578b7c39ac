import { expect } from 'vitest';
import { apiFailure } from '../../machines/forms/api-failure';
import { signInMachine, type SignedInOutput } from '../../machines/sign-in.machine';
import { catalogue } from '../../machines/catalogue';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel, type StepContext } from '../support/model-based';
import { expectedFieldErrors, type FieldTable } from '../support/field-expectations';
import { GOOD_PASSWORD, fieldRefusal, messageText, offline, tooMany, unverifiedUser, completeUser } from './support/accounts-fixtures';

interface Fakes {
  reported: SignedInOutput[];
}
type Ctx = StepContext<typeof signInMachine, Fakes>;

const wrong = apiFailure(401, { code: 'invalid_credentials', detail: 'Email or password is incorrect' });

/**
 * For every value the catalogue's samples put in a field (blank, or the good one): its message under the field, or
 * null. Written out (issue 24 item 9); a value the table lacks throws.
 */
const REQUIRED = { key: 'accounts:rules.required' };
const SIGN_IN_RULES: FieldTable = {
  email: { '': REQUIRED, ' Ana@Example.com ': null },
  password: { '': REQUIRED, [GOOD_PASSWORD]: null },
};

function editing({ snapshot, step, event, actions, running }: Ctx) {
  const { values, errors, message } = snapshot.context;
  expect(running).toEqual([]);
  if (step === 'init') {
    expect([values, errors, message]).toEqual([{ email: '', password: '' }, {}, null]);
  } else if (step.startsWith('CHANGE')) {
    // The value is taken and the old message about that field is gone.
    expect(values[event.field as 'email']).toBe(event.value);
    expect(errors[event.field as 'email']).toBeUndefined();
    expect(message).toBeNull();
  } else if (step === 'SUBMIT') {
    // The rules refused: messages under the fields, focus to the first.
    expect(Object.keys(errors).length).toBeGreaterThan(0);
    expect(errors).toEqual(expectedFieldErrors(SIGN_IN_RULES, values, 'SIGN_IN_RULES'));
    expect(actions).toEqual(['focusFirstError']);
  } else if (step.startsWith('signIn:error')) {
    // The server refused: its message (wrong credentials, the rate limit, offline) or field errors; the
    // password is emptied for the next try.
    expect(values.password).toBe('');
    expect(message !== null || Object.keys(errors).length > 0).toBe(true);
    if (step === 'signIn:error[0]') expect(messageText(message)).toBe(wrong.detail);
    if (step === 'signIn:error[1]') expect(messageText(message)).toBe(tooMany.detail);
    if (step === 'signIn:error[2]') expect(messageText(errors.email)).toBe('Must be a valid email');
    if (step === 'signIn:error[3]') expect(messageText(message)).toBe('errors:generic');
    expect(actions).toEqual(['focusFirstError']);
  } else if (step === 'TOGGLE_VISIBILITY') {
    expect(actions).toEqual([]);
  } else {
    throw new Error(`unexpected way into editing: ${step}`);
  }
}

describeModel('sign-in machine (model-based)', {
  ...fromCatalogue(catalogue['sign-in']),
  setup: () => {
    const fakes: Fakes = { reported: [] };
    const machine = catalogue['sign-in'].fake().provide({
      actions: { reportSignedIn: (_, params) => void fakes.reported.push(params) },
    });
    return { machine, fakes };
  },
  states: {
    editing,
    submitting: ({ snapshot, running, actions }) => {
      // One sign-in call with the normalised email; no stale message while it runs.
      expect(running).toEqual([
        expect.objectContaining({ src: 'signIn', input: { email: 'ana@example.com', password: snapshot.context.values.password } }),
      ]);
      expect(snapshot.context.errors).toEqual({});
      expect(snapshot.context.message).toBeNull();
      expect(actions).toEqual([]);
    },
    signedIn: ({ event, actions, fakes }) => {
      // The session gets the user; an unverified email is taken to /check-email first.
      const output = event.output as SignedInOutput;
      expect(fakes.reported.at(-1)).toEqual(output);
      expect(actions).toEqual(output.user.emailStatus === 'verified' ? ['reportSignedIn'] : ['goToCheckEmail', 'reportSignedIn']);
    },
  },
});
