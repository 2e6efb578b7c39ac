import { apiFailure } from './forms/api-failure';
import { emailVerificationMachine } from './email-verification.machine';
import { entry } from './catalogue-entry';
import { activeUser, fieldRefusal, offline, resolves, succeeds, tooMany } from './catalogue-samples';

/** The flow atlas entry of `email-verification` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: emailVerificationMachine,
  purpose: 'Email verification: the 6-digit code typed or carried by the emailed link, resend, the expired link; then the session refreshed or "verified elsewhere".',
  views: ['src/features/auth/email-verification-view.tsx', 'src/features/auth/check-email-page.tsx'],
  operations: { verifyCode: ['verifyEmailOtp'], resendCode: ['resendEmailOtp'], loadUser: ['getAccount'] },
  tests: ['tests/unit/machines/email-verification-view.test.ts', 'tests/e2e/accounts.spec.ts', 'tests/api/accounts-signup.test.ts'],
  fake: () =>
    emailVerificationMachine.provide({
      actors: { verifyCode: succeeds(), resendCode: succeeds(), loadUser: resolves(activeUser) },
    }),
  inputs: {
    typedSignedIn: { email: 'Ana@example.com', code: null, start: 'code', signedIn: true },
    linkVisitor: { email: 'ana@example.com', code: '123456', start: 'link', signedIn: false },
    expiredLink: { email: 'ana@example.com', code: null, start: 'expiredLink', signedIn: false },
  },
  events: {
    // A whole code, and a partial one with a letter (the letter reads as an empty box).
    CODE_CHANGED: [
      { type: 'CODE_CHANGED', digits: ['1', '2', '3', '4', '5', '6'] },
      { type: 'CODE_CHANGED', digits: ['1', 'x', '', '', '', ''] },
    ],
    SUBMIT: { type: 'SUBMIT' },
    RESEND: { type: 'RESEND' },
  },
  invokeResults: {
    verifyTyped: {
      done: [undefined],
      error: [
        fieldRefusal(400, 'otp_invalid', 'otp', 'That code is not right.'),
        apiFailure(410, { code: 'otp_expired', detail: 'This code has expired. Ask for a new one.' }),
        apiFailure(409, { code: 'otp_already_used', detail: 'This code was already used.' }),
        offline,
      ],
    },
    verifyLink: {
      done: [undefined],
      error: [
        fieldRefusal(400, 'otp_invalid', 'otp', 'That code is not right.'),
        apiFailure(410, { code: 'otp_expired', detail: 'This code has expired. Ask for a new one.' }),
        apiFailure(409, { code: 'otp_already_used', detail: 'This code was already used.' }),
      ],
    },
    resendFromCode: { done: [undefined], error: [tooMany, offline] },
    resendFromLink: { done: [undefined], error: [tooMany] },
    loadUser: { done: [activeUser], error: [offline] },
  },
});
