import { accountInfoMachine, type AccountInfoLoaded, type AccountInfoResult } from './account-info.machine';
import type { SessionUser } from '../domain/session-user';
import { apiFailure } from './forms/api-failure';
import { entry } from './catalogue-entry';
import { marta, offline, resolves, succeeds, wrongPassword } from './catalogue-samples';

const martaAccount: AccountInfoLoaded = { user: marta, phoneNumber: '+34612345678', pendingEmail: null };
/** Reloaded while a new email waits for its code. */
const martaPending: AccountInfoLoaded = { ...martaAccount, pendingEmail: 'marta@new.example.com' };
/** After the code: the account's email is the new one. */
const martaMoved: AccountInfoLoaded = { user: { ...marta, email: 'marta@new.example.com' }, phoneNumber: '+34612345678', pendingEmail: null };
const renamed: SessionUser = { ...marta, fullName: 'Marta L.' };
const savedRenamed: AccountInfoResult = { user: renamed, verificationSent: false, pendingEmail: null };
/** A new email saved: the account keeps the current one, the new one waits for its code. */
const savedPending: AccountInfoResult = { user: marta, verificationSent: true, pendingEmail: 'marta@new.example.com' };
const otpInvalid = apiFailure(400, { code: 'otp_invalid', detail: 'That code is not right. Check the email we sent or ask for a new code.' });
const usernameTaken = apiFailure(409, { code: 'username_taken', detail: 'Username already exists', errors: [{ field: 'username', message: 'Username already exists' }] });

/** The flow atlas entry of `account-info` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: accountInfoMachine,
  purpose:
    'Account info (/account-info): public name, username, country and email; a new email or name asks for the password first; a new email waits, with its code typed here, until verified.',
  views: ['src/features/settings/account-info-page.tsx'],
  operations: { loadUser: ['getAccount'], saveAccountInfo: ['updateAccountInfo'], verifyEmailCode: ['verifyEmailOtp', 'getAccount'], resendEmailCode: ['resendEmailOtp'] },
  tests: ['tests/unit/machines/account-info-view.test.ts', 'tests/unit/machines/step-up-views.test.ts', 'tests/e2e/account-settings.spec.ts', 'tests/api/account-settings.test.ts'],
  fake: () =>
    accountInfoMachine.provide({
      actors: {
        loadUser: resolves<AccountInfoLoaded>(martaAccount),
        saveAccountInfo: resolves<AccountInfoResult>(savedRenamed),
        verifyEmailCode: resolves<AccountInfoLoaded>(martaMoved),
        resendEmailCode: succeeds(),
      },
    }),
  inputs: { signedIn: { userId: marta.userId } },
  events: {
    CHANGE: [
      { type: 'CHANGE', field: 'fullName', value: 'Marta L.' },
      { type: 'CHANGE', field: 'email', value: 'not-an-email' },
    ],
    SUBMIT: { type: 'SUBMIT' },
    RETRY: { type: 'RETRY' },
    PASSWORD_SUBMIT: [
      { type: 'PASSWORD_SUBMIT', password: '' },
      { type: 'PASSWORD_SUBMIT', password: 'Current-pass-1' },
    ],
    CANCEL: { type: 'CANCEL' },
    CODE_CHANGED: [
      { type: 'CODE_CHANGED', digits: ['4', '8', '1', '5', '1', '6'] },
      { type: 'CODE_CHANGED', digits: ['4', '8', '1'] },
    ],
    VERIFY_CODE: { type: 'VERIFY_CODE' },
    RESEND_CODE: { type: 'RESEND_CODE' },
  },
  invokeResults: {
    loadUser: { done: [martaAccount, martaPending], error: [offline] },
    saveAccountInfo: { done: [savedRenamed, savedPending], error: [usernameTaken, offline, wrongPassword] },
    verifyEmailCode: { done: [martaMoved], error: [otpInvalid] },
    resendEmailCode: { done: [undefined], error: [offline] },
  },
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      values: snapshot.context.values,
      errors: Object.keys(snapshot.context.errors),
      message: snapshot.context.message,
      passwordError: snapshot.context.passwordError,
      pendingEmail: snapshot.context.pendingEmail,
      code: snapshot.context.digits.join(''),
      codeError: snapshot.context.codeError,
      resent: snapshot.context.resent,
    }),
});
