import { and, assign, setup } from 'xstate';
import { PIN_LENGTH } from '../domain/limits';
import { AccountInfoForm, normalizeEmail } from '../domain/rules/account-rules';
import type { SessionUser } from '../domain/session-user';
import type { ChangeEvent, SubmitEvent } from './forms/form-events';
import { formMessage, type FieldErrors, type FormMessage } from './forms/field-errors';
import { formActions, formIsValid } from './forms/form-actions';
import { hostActor } from './forms/host-actor';
import { ruleErrors } from './forms/rule-errors';
import { passwordGiven, passwordOf, passwordRefusal, refusedPassword, STEP_UP_RULE, type PasswordSubmitEvent } from './forms/step-up';
import { errorOf } from './forms/api-failure';

/**
 * Account info (/account-info): public name, username, country and email, read from the account and saved with
 * `PATCH app/user/{userId}/account-info`. Changing the email or the public name asks for the current password at
 * the moment of saving (issue 21 step-up: a stolen session must not take the account); a wrong one brings the
 * dialog back with the server's words, and everything typed in the form stays. A new email does not replace the
 * current one at once: it waits as `pendingEmail` until the 6-digit code sent to it is typed here (or resent); then
 * the account is read again and the session learns the new email.
 */
export interface AccountInfoValues {
  fullName: string;
  username: string;
  country: string;
  email: string;
}

const ACCOUNT_INFO_FIELDS = ['fullName', 'username', 'country', 'email'] as const satisfies readonly (keyof AccountInfoValues)[];
type Field = (typeof ACCOUNT_INFO_FIELDS)[number];

export interface AccountInfoResult {
  user: SessionUser;
  verificationSent: boolean;
  /** The new address waiting for its code; null when none. */
  pendingEmail: string | null;
}

/** What the screen loads: the editable fields come from the user; the verified phone is shown, not edited here. */
export interface AccountInfoLoaded {
  user: SessionUser;
  /** E.164, once verified through phone verification (/contacts); null before. */
  phoneNumber: string | null;
  /** A new email waiting for its code (also after a reload). */
  pendingEmail: string | null;
}

/** The call: the fields, and the password when the dialog asked for it (absent otherwise). */
export type AccountInfoSave = AccountInfoValues & { userId: string; current_password?: string };

export interface AccountInfoContext {
  userId: string;
  /** Read-only here: a number changes only by verifying a new one (the phone-verification flow). */
  phoneNumber: string | null;
  values: AccountInfoValues;
  /** The values as the account has them: what decides whether saving needs the password. */
  stored: AccountInfoValues;
  errors: FieldErrors<Field>;
  message: FormMessage | null;
  /** The password dialog's message (empty field, wrong password); the password itself is never kept. */
  passwordError: FormMessage | null;
  pendingEmail: string | null;
  /** The code for the pending email, one entry per box. */
  digits: string[];
  codeError: FormMessage | null;
  /** "We sent a new code" after a resend. */
  resent: boolean;
}

export type AccountInfoEvent =
  | ChangeEvent<AccountInfoValues>
  | SubmitEvent
  | { type: 'RETRY' }
  | PasswordSubmitEvent
  | { type: 'CANCEL' }
  | { type: 'CODE_CHANGED'; digits: string[] }
  | { type: 'VERIFY_CODE' }
  | { type: 'RESEND_CODE' };

export interface AccountInfoInput {
  userId: string;
}

const EMPTY: AccountInfoValues = { fullName: '', username: '', country: '', email: '' };
const blankDigits = () => Array.from({ length: PIN_LENGTH }, () => '');
const checked = (values: AccountInfoValues): AccountInfoValues => ({
  fullName: values.fullName.trim(),
  username: values.username.trim(),
  country: values.country,
  email: values.email.trim(),
});
const problems = (values: AccountInfoValues) => ruleErrors(AccountInfoForm, checked(values), ACCOUNT_INFO_FIELDS);
const valuesOf = (user: SessionUser): AccountInfoValues => ({
  fullName: user.fullName ?? '',
  username: user.username ?? '',
  country: user.country ?? '',
  email: user.email,
});

/** The email or the public name differs from the account's: the server wants the password (issue 21). */
export function needsPassword(values: AccountInfoValues, stored: AccountInfoValues): boolean {
  const now = checked(values);
  return (
    normalizeEmail(now.email) !== normalizeEmail(stored.email) ||
    now.fullName !== stored.fullName.trim() ||
    now.username.toLowerCase() !== stored.username.trim().toLowerCase()
  );
}

const CODE_RULE = { key: 'accounts:rules.otp_format' } as const satisfies FormMessage;

export const accountInfoMachine = setup({
  types: {
    context: {} as AccountInfoContext,
    events: {} as AccountInfoEvent,
    input: {} as AccountInfoInput,
  },
  actors: {
    loadUser: hostActor<AccountInfoLoaded, { userId: string }>('loadUser'),
    saveAccountInfo: hostActor<AccountInfoResult, AccountInfoSave>('saveAccountInfo'),
    /** Verifies the code for the pending email and reads the account again (its email is the new one then). */
    verifyEmailCode: hostActor<AccountInfoLoaded, { userId: string; email: string; otp: string }>('verifyEmailCode'),
    resendEmailCode: hostActor<void, { email: string }>('resendEmailCode'),
  },
  guards: {
    formIsValid: formIsValid((context: AccountInfoContext) => problems(context.values)),
    needsPassword: ({ context }) => needsPassword(context.values, context.stored),
    passwordGiven,
    refusedPassword: ({ event }) => refusedPassword(errorOf(event)),
    verificationSent: (_, result: AccountInfoResult) => result.verificationSent === true,
    hasPendingEmail: ({ context }) => context.pendingEmail !== null,
    codeComplete: ({ context }) => context.digits.join('').length === PIN_LENGTH,
  },
  actions: {
    setUser: assign((_, loaded: AccountInfoLoaded) => {
      const values = valuesOf(loaded.user);
      return { values, stored: values, phoneNumber: loaded.phoneNumber, pendingEmail: loaded.pendingEmail, errors: {}, message: null };
    }),
    ...formActions<AccountInfoContext, AccountInfoEvent, Field>(ACCOUNT_INFO_FIELDS, (context) => problems(context.values)),
    showPasswordRequired: assign({ passwordError: STEP_UP_RULE.required }),
    showPasswordRefusal: assign({ passwordError: ({ event }) => passwordRefusal(errorOf(event)) }),
    clearPasswordError: assign({ passwordError: null }),
    // A new code is for a new address: the boxes start empty.
    startCode: assign({ digits: () => blankDigits(), codeError: null, resent: false }),
    setDigits: assign(({ event }) =>
      event.type === 'CODE_CHANGED'
        ? { digits: blankDigits().map((blank, i) => (/^\d$/.test(event.digits[i] ?? '') ? event.digits[i]! : blank)), codeError: null, resent: false }
        : {},
    ),
    showCodeRule: assign({ codeError: CODE_RULE, resent: false }),
    showCodeError: assign(({ event }) => ({ codeError: formMessage(errorOf(event), {}), digits: blankDigits(), resent: false })),
    noteResent: assign({ resent: true, codeError: null }),
    // Host effects.
    focusFirstError: () => {},
    reportUser: (_, _params: { user: SessionUser }) => {},
    notifySaved: () => {},
    notifyCodeSent: (_, _params: { email: string }) => {},
    notifyEmailChanged: () => {},
  },
}).createMachine({
  id: 'accountInfo',
  context: ({ input }) => ({
    userId: input.userId,
    phoneNumber: null,
    values: EMPTY,
    stored: EMPTY,
    errors: {},
    message: null,
    passwordError: null,
    pendingEmail: null,
    digits: blankDigits(),
    codeError: null,
    resent: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadUser',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'editing', actions: { type: 'setUser', params: ({ event }) => event.output } },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      on: { RETRY: 'loading' },
    },
    editing: {
      on: {
        CHANGE: { actions: 'setValue' },
        SUBMIT: [
          { guard: and(['formIsValid', 'needsPassword']), target: 'confirmingPassword', actions: ['clearMessages', 'clearPasswordError'] },
          { guard: 'formIsValid', target: 'saving', actions: 'clearMessages' },
          { actions: ['showRuleErrors', 'focusFirstError'] },
        ],
        // The code for the pending email, typed right here.
        CODE_CHANGED: { guard: 'hasPendingEmail', actions: 'setDigits' },
        VERIFY_CODE: [
          { guard: and(['hasPendingEmail', 'codeComplete']), target: 'verifyingCode' },
          { guard: 'hasPendingEmail', actions: 'showCodeRule' },
        ],
        RESEND_CODE: { guard: 'hasPendingEmail', target: 'resendingCode' },
      },
    },
    // The password dialog over the form; Cancel closes it and keeps everything typed.
    confirmingPassword: {
      on: {
        PASSWORD_SUBMIT: [
          { guard: 'passwordGiven', target: 'saving', actions: 'clearPasswordError' },
          { actions: 'showPasswordRequired' },
        ],
        CANCEL: { target: 'editing', actions: 'clearPasswordError' },
      },
    },
    saving: {
      invoke: {
        src: 'saveAccountInfo',
        // The password comes from the dialog's event straight into the call; it is not kept anywhere.
        input: ({ context, event }) => {
          const password = passwordOf(event);
          return { userId: context.userId, ...checked(context.values), ...(password ? { current_password: password } : {}) };
        },
        onDone: [
          {
            // A new email: the account keeps the current one until the code sent to the new one is typed.
            guard: { type: 'verificationSent', params: ({ event }) => event.output },
            target: 'editing',
            actions: [
              { type: 'setUser', params: ({ context, event }) => ({ user: event.output.user, phoneNumber: context.phoneNumber, pendingEmail: event.output.pendingEmail }) },
              'startCode',
              { type: 'reportUser', params: ({ event }) => ({ user: event.output.user }) },
              { type: 'notifyCodeSent', params: ({ event }) => ({ email: event.output.pendingEmail ?? event.output.user.email }) },
            ],
          },
          {
            target: 'editing',
            actions: [
              // Saving never touches the phone: it stays as loaded.
              { type: 'setUser', params: ({ context, event }) => ({ user: event.output.user, phoneNumber: context.phoneNumber, pendingEmail: event.output.pendingEmail }) },
              { type: 'reportUser', params: ({ event }) => ({ user: event.output.user }) },
              'notifySaved',
            ],
          },
        ],
        onError: [
          // Wrong (or missing) password: the dialog again with the server's words; the form is as typed.
          { guard: 'refusedPassword', target: 'confirmingPassword', actions: 'showPasswordRefusal' },
          { target: 'editing', actions: ['showServerErrors', 'focusFirstError'] },
        ],
      },
    },
    verifyingCode: {
      invoke: {
        src: 'verifyEmailCode',
        input: ({ context }) => ({ userId: context.userId, email: context.pendingEmail ?? '', otp: context.digits.join('') }),
        onDone: {
          // Verified: the account, read again, has the new email; the session (and its cookie) learns it.
          target: 'editing',
          actions: [
            { type: 'setUser', params: ({ event }) => event.output },
            'startCode',
            { type: 'reportUser', params: ({ event }) => ({ user: event.output.user }) },
            'notifyEmailChanged',
          ],
        },
        onError: { target: 'editing', actions: 'showCodeError' },
      },
    },
    resendingCode: {
      invoke: {
        src: 'resendEmailCode',
        input: ({ context }) => ({ email: context.pendingEmail ?? '' }),
        onDone: { target: 'editing', actions: 'noteResent' },
        onError: { target: 'editing', actions: 'showCodeError' },
      },
    },
  },
});

