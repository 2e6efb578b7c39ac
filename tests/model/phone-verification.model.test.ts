import { expect } from 'vitest';
import { catalogue } from '../../machines/catalogue';
import { phoneVerificationMachine } from '../../machines/phone-verification.machine';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel, type StepContext } from '../support/model-based';
import { messageText, tooMany } from './support/accounts-fixtures';

type Ctx = StepContext<typeof phoneVerificationMachine, Record<string, never>>;

const blank = ['', '', '', '', '', ''];
const E164 = '+14155550100';
const details = { phone: E164, username: 'ana', full_name: 'Ana Silva', email: 'ana@example.com' };

function assertEnteringPhone({ snapshot, step, actions, running }: Ctx) {
  const { phone, errors, message, details: shown } = snapshot.context;
  expect(running).toEqual([]);
  expect(shown).toBeNull();
  if (step === 'init') {
    expect([phone, errors, message]).toEqual(['', {}, null]);
  } else if (step.startsWith('CHANGE_PHONE')) {
    expect([errors, message]).toEqual([{}, null]);
  } else if (step === 'SEND_CODE') {
    // Empty: 'Required field'; no country code: 'The phone or email is not valid'. Nothing is texted.
    expect(messageText(errors.phone)).toBe(phone === '' ? 'people:rules.required' : 'people:rules.phone_or_email_invalid');
    // The samples refused: nothing typed, or the number without its country code (never the good one).
    expect(['', '4155550100']).toContain(phone);
    expect(actions).toEqual(['focusFirstError']);
  } else if (step.startsWith('sendFirstCode:error')) {
    // A number someone else confirmed under the field; the rate limit or offline above the button.
    if (step === 'sendFirstCode:error[0]') expect(messageText(errors.phone)).toBe('Another account already uses this number.');
    else expect(messageText(message)).toBe(step === 'sendFirstCode:error[1]' ? tooMany.detail : 'errors:generic');
    expect(actions).toEqual(['focusFirstError']);
  } else if (step === 'CHANGE_NUMBER') {
    // Back from the code or the details: the number is kept to be edited, the code is forgotten.
    expect(snapshot.context.digits).toEqual(blank);
    expect([errors, message]).toEqual([{}, null]);
  } else if (step === 'confirmPhone:error[0]') {
    // Too late to confirm: start again, with the server's reason.
    expect(messageText(message)).toBe('Enter your number again: the code is no longer valid.');
  } else {
    throw new Error(`unexpected way into enteringPhone: ${step}`);
  }
}

function assertEnteringCode({ snapshot, step, actions, running, event }: Ctx) {
  const { digits, errors, message, resent, phone } = snapshot.context;
  // Only a good number, stored as E.164, reaches this step.
  expect(phone).toBe(E164);
  if (snapshot.matches({ enteringCode: 'idle' })) expect(running).toEqual([]);
  if (step === 'sendFirstCode:done') {
    expect([digits, errors, message, resent]).toEqual([blank, {}, null, false]);
  } else if (step.startsWith('CODE_CHANGED')) {
    expect(digits.every((d) => /^\d?$/.test(d))).toBe(true);
    expect([errors, message, resent]).toEqual([{}, null, false]);
  } else if (step === 'VERIFY') {
    expect(messageText(errors.code)).toBe(digits.join('') === '' ? 'accounts:rules.required' : 'accounts:rules.otp_format');
    expect(actions).toEqual(['focusFirstError']);
  } else if (step.startsWith('verifyCode:error')) {
    // Boxes emptied; a wrong code under them, a dead code or offline above them.
    expect(digits).toEqual(blank);
    if ((event.error as { code?: string }).code === 'otp_invalid') expect(errors.code).toBeDefined();
    else expect(message).not.toBeNull();
  } else if (step === 'RESEND') {
    expect(running).toEqual([expect.objectContaining({ src: 'sendCode', input: { userId: 'u-1', phone: E164 } })]);
  } else if (step === 'resendCode:done') {
    expect([digits, resent]).toEqual([blank, true]);
    expect(actions).toEqual(['notifyResent']);
  } else if (step.startsWith('resendCode:error')) {
    expect(messageText(message)).toBe(tooMany.detail);
    expect(resent).toBe(false);
  } else {
    throw new Error(`unexpected way into enteringCode: ${step}`);
  }
}

describeModel('phone-verification machine (model-based)', {
  ...fromCatalogue(catalogue['phone-verification']),
  setup: () => ({ machine: catalogue['phone-verification'].fake(), fakes: {} }),
  states: {
    enteringPhone: assertEnteringPhone,
    sendingCode: ({ step, running, snapshot }) => {
      // Spaces dropped: the number goes out as E.164.
      expect(step).toBe('SEND_CODE');
      expect(snapshot.context.phone).toBe(E164);
      expect(running).toEqual([expect.objectContaining({ src: 'sendCode', input: { userId: 'u-1', phone: E164 } })]);
    },
    'enteringCode.idle': assertEnteringCode,
    'enteringCode.resending': assertEnteringCode,
    verifying: ({ step, running }) => {
      expect(step).toBe('VERIFY');
      expect(running).toEqual([expect.objectContaining({ src: 'verifyCode', input: { userId: 'u-1', phone: E164, code: '123456' } })]);
    },
    'confirming.idle': ({ snapshot, step, running }) => {
      // The details to confirm, as the server answered them.
      expect(running).toEqual([]);
      expect(snapshot.context.details).toMatchObject({ ...details, confirmed: false });
      if (step === 'verifyCode:done') expect(snapshot.context.message).toBeNull();
      else expect([step, messageText(snapshot.context.message)]).toEqual(['confirmPhone:error[1]', 'errors:generic']);
    },
    'confirming.saving': ({ step, running, snapshot }) => {
      expect(step).toBe('CONFIRM');
      // No way back to the number while the server confirms it (it may already have).
      expect(snapshot.can({ type: 'CHANGE_NUMBER' })).toBe(false);
      expect(running).toEqual([expect.objectContaining({ src: 'confirmPhone', input: { userId: 'u-1', phone: E164 } })]);
    },
    verified: ({ snapshot, step, actions }) => {
      expect(step).toBe('confirmPhone:done');
      expect(actions).toEqual(['notifyVerified']);
      expect(snapshot.context.details).toEqual({ ...details, confirmed: true });
    },
  },
});
