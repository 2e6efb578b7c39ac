import { expect } from 'vitest';
import { apiFailure } from '../../machines/forms/api-failure';
import { emailVerificationMachine } from '../../machines/email-verification.machine';
import { catalogue } from '../../machines/catalogue';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel, type StepContext } from '../support/model-based';
import { completeUser, messageText, offline, tooMany } from './support/accounts-fixtures';

interface Fakes {
  reported: unknown[];
}
type Ctx = StepContext<typeof emailVerificationMachine, Fakes>;

const wrong = apiFailure(400, { code: 'otp_invalid', detail: 'That code is not right.', errors: [{ field: 'otp', message: 'That code is not right.' }] });
const expired = apiFailure(410, { code: 'otp_expired', detail: 'This code has expired. Ask for a new one.' });
const used = apiFailure(409, { code: 'otp_already_used', detail: 'This code was already used.' });
const blank = ['', '', '', '', '', ''];

function assertEnteringCode({ snapshot, step, event, actions, running }: Ctx) {
  const { digits, errors, message, resent } = snapshot.context;
  expect(digits).toHaveLength(6);
  if (snapshot.matches({ enteringCode: 'idle' })) expect(running).toEqual([]);
  if (step === 'init') {
    expect(digits).toEqual(blank);
  } else if (step.startsWith('CODE_CHANGED')) {
    // Digits only: anything else in a box reads as empty.
    expect(digits.every((d) => /^\d?$/.test(d))).toBe(true);
    expect([errors, message, resent]).toEqual([{}, null, false]);
  } else if (step === 'SUBMIT') {
    // An empty code is 'Required field'; a partial one asks for the 6 digits.
    expect(messageText(errors.otp)).toBe(digits.join('') === '' ? 'accounts:rules.required' : 'accounts:rules.otp_format');
    expect(actions).toEqual(['focusFirstError']);
  } else if (step.startsWith('verifyTyped:error') || step.startsWith('verifyLink:error')) {
    // The boxes are emptied for the next try; a wrong code under them, anything else above.
    expect(digits).toEqual(blank);
    if ((event.error as { code?: string }).code === 'otp_invalid') expect(messageText(errors.otp)).toBe(wrong.detail);
    else expect(message).not.toBeNull();
  } else if (step === 'RESEND') {
    expect(running).toEqual([expect.objectContaining({ src: 'resendCode', input: { email: 'ana@example.com' } })]);
  } else if (step.startsWith('resendFromCode:done') || step.startsWith('resendFromLink:done')) {
    expect([digits, resent]).toEqual([blank, true]);
    expect(actions).toContain('notifyResent');
    // From /expired-link the user is taken to the code page.
    expect(actions.includes('goToCheckEmail')).toBe(step.startsWith('resendFromLink'));
  } else if (step.startsWith('resendFromCode:error')) {
    // The rate limit's message ("try again in N minutes") or the generic one.
    expect(messageText(message)).toBe(step === 'resendFromCode:error[0]' ? tooMany.detail : 'errors:generic');
  } else {
    throw new Error(`unexpected way into enteringCode: ${step}`);
  }
}

describeModel('email verification machine (model-based)', {
  ...fromCatalogue(catalogue['email-verification']),
  setup: () => {
    const fakes: Fakes = { reported: [] };
    return { machine: catalogue['email-verification'].fake().provide({ actions: { reportUser: (_, p) => void fakes.reported.push(p) } }), fakes };
  },
  states: {
    'enteringCode.idle': assertEnteringCode,
    'enteringCode.resending': assertEnteringCode,
    verifying: ({ snapshot, running }) => {
      expect(running).toEqual([expect.objectContaining({ src: 'verifyCode', input: { email: 'ana@example.com', otp: '123456' } })]);
      expect(snapshot.context.errors).toEqual({});
    },
    verifyingLink: ({ step, running }) => {
      // The emailed link verifies at once, with its own code.
      expect(step).toBe('init');
      expect(running).toEqual([expect.objectContaining({ src: 'verifyCode', input: { email: 'ana@example.com', otp: '123456' } })]);
    },
    'linkExpired.idle': ({ step, actions, snapshot }) => {
      // Reached from the start (/expired-link) or from a link whose code died; resend is offered.
      if (step === 'init') expect(actions).toEqual([]);
      else if (step.startsWith('verifyLink:error')) expect(actions).toEqual(['goToExpiredLink']);
      else expect(messageText(snapshot.context.message)).toBe(tooMany.detail);
    },
    'linkExpired.resending': ({ running }) => {
      expect(running).toEqual([expect.objectContaining({ src: 'resendCode', input: { email: 'ana@example.com' } })]);
    },
    refreshingUser: ({ snapshot, running }) => {
      // Verified while signed in: the account is re-read so the session sees the new status.
      expect(snapshot.context.signedIn).toBe(true);
      expect(running).toEqual([expect.objectContaining({ src: 'loadUser' })]);
    },
    done: ({ snapshot, step, actions, fakes }) => {
      if (!snapshot.context.signedIn) {
        expect(actions).toEqual(['goToVerifiedElsewhere']);
      } else if (step === 'loadUser:done') {
        expect(actions).toEqual(['reportUser', 'goToApp']);
        expect(fakes.reported.at(-1)).toEqual({ user: completeUser });
      } else {
        expect(step).toBe('loadUser:error');
        expect(actions).toEqual(['goToApp']);
      }
    },
  },
});
