import { PHONE_MAX_DIGITS, PHONE_MIN_DIGITS } from '../domain/limits';
import { phoneVerificationMachine, type PhoneDetails } from './phone-verification.machine';
import { apiFailure } from './forms/api-failure';
import { entry } from './catalogue-entry';
import { activeUser, fieldRefusal, offline, resolves, succeeds, tooMany } from './catalogue-samples';

/** Phone verification (issue 7): the details the user confirms. */
const phoneDetails: PhoneDetails = { phone: '+14155550100', username: 'ana', full_name: 'Ana Silva', email: 'ana@example.com', confirmed: false };

/** The flow atlas entry of `phone-verification` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: phoneVerificationMachine,
  purpose: `Phone verification: a number with its country code (${PHONE_MIN_DIGITS} to ${PHONE_MAX_DIGITS} digits) → a texted code → the code → confirm the details; resend and change number; 'The phone or email is not valid'.`,
  views: ['src/features/people/phone-verification-section.tsx'],
  operations: { sendCode: ['sendPhoneCode'], verifyCode: ['verifyPhoneCode'], confirmPhone: ['confirmPhone'] },
  tests: ['tests/e2e/people.spec.ts', 'tests/api/people-phone-invite.test.ts'],
  fake: () =>
    phoneVerificationMachine.provide({
      actors: { sendCode: succeeds(), verifyCode: resolves(phoneDetails), confirmPhone: resolves<PhoneDetails>({ ...phoneDetails, confirmed: true }) },
    }),
  inputs: { signedIn: { userId: activeUser.userId } },
  events: {
    // A good number typed with spaces, and one without its country code.
    CHANGE_PHONE: [
      { type: 'CHANGE_PHONE', value: '+1 415 555 0100' },
      { type: 'CHANGE_PHONE', value: '4155550100' },
    ],
    SEND_CODE: { type: 'SEND_CODE' },
    // A whole code, and a partial one with a letter (the letter reads as an empty box).
    CODE_CHANGED: [
      { type: 'CODE_CHANGED', digits: ['1', '2', '3', '4', '5', '6'] },
      { type: 'CODE_CHANGED', digits: ['1', 'x', '', '', '', ''] },
    ],
    VERIFY: { type: 'VERIFY' },
    RESEND: { type: 'RESEND' },
    CHANGE_NUMBER: { type: 'CHANGE_NUMBER' },
    CONFIRM: { type: 'CONFIRM' },
  },
  invokeResults: {
    sendFirstCode: {
      done: [undefined],
      error: [fieldRefusal(409, 'phone_taken', 'phone', 'Another account already uses this number.'), tooMany, offline],
    },
    resendCode: { done: [undefined], error: [tooMany] },
    verifyCode: {
      done: [phoneDetails],
      error: [
        fieldRefusal(400, 'otp_invalid', 'code', 'That code is not right. Check the text we sent or ask for a new code.'),
        apiFailure(410, { code: 'otp_locked', detail: 'Too many wrong codes. Ask for a new one.' }),
        offline,
      ],
    },
    confirmPhone: {
      done: [{ ...phoneDetails, confirmed: true }],
      error: [apiFailure(409, { code: 'phone_not_verified', detail: 'Enter your number again: the code is no longer valid.' }), offline],
    },
  },
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify({
      value: snapshot.value,
      phone: c.phone,
      digits: c.digits.join(''),
      errors: Object.keys(c.errors),
      message: c.message !== null,
      resent: c.resent,
      details: c.details?.confirmed ?? null,
    });
  },
});
