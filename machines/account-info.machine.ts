import { assign, setup } from 'xstate';
import { AccountInfoForm } from '../domain/rules/account-rules';
import type { SessionUser } from '../domain/session-user';
import type { ChangeEvent, SubmitEvent } from './forms/form-events';
import type { FieldErrors, FormMessage } from './forms/field-errors';
import { formActions, formIsValid } from './forms/form-actions';
import { hostActor } from './forms/host-actor';
import { ruleErrors } from './forms/rule-errors';

/**
 * Account info (/account-info): public name, username, country and email, read from the account and saved with
 * `PATCH app/user/{userId}/account-info`. A new email is verified again: the server sends a code to it, the session
 * learns the email is unverified, and the user continues with the email-verification flow (/check-email).
 */
export interface AccountInfoValues {
  fullName: string;
  username: string;
  country: string;
  email: string;
}

export const ACCOUNT_INFO_FIELDS = ['fullName', 'username', 'country', 'email'] as const satisfies readonly (keyof AccountInfoValues)[];
type Field = (typeof ACCOUNT_INFO_FIELDS)[number];

export interface AccountInfoResult {
  user: SessionUser;
  verificationSent: boolean;
}

/** What the screen loads: the editable fields come from the user; the verified phone is shown, not edited here. */
export interface AccountInfoLoaded {
  user: SessionUser;
  /** E.164, once verified through phone verification (/contacts); null before. */
  phoneNumber: string | null;
}

export interface AccountInfoContext {
  userId: string;
  /** Read-only here: a number changes only by verifying a new one (the phone-verification flow). */
  phoneNumber: string | null;
  values: AccountInfoValues;
  errors: FieldErrors<Field>;
  message: FormMessage | null;
}

export type AccountInfoEvent = ChangeEvent<AccountInfoValues> | SubmitEvent | { type: 'RETRY' };

export interface AccountInfoInput {
  userId: string;
}

const EMPTY: AccountInfoValues = { fullName: '', username: '', country: '', email: '' };
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

export const accountInfoMachine = setup({
  types: {
    context: {} as AccountInfoContext,
    events: {} as AccountInfoEvent,
    input: {} as AccountInfoInput,
  },
  actors: {
    loadUser: hostActor<AccountInfoLoaded, { userId: string }>('loadUser'),
    saveAccountInfo: hostActor<AccountInfoResult, AccountInfoValues & { userId: string }>('saveAccountInfo'),
  },
  guards: {
    formIsValid: formIsValid((context: AccountInfoContext) => problems(context.values)),
    verificationSent: ({ event }) => (event as { output?: AccountInfoResult }).output?.verificationSent === true,
  },
  actions: {
    setUser: assign((_, loaded: AccountInfoLoaded) => ({ values: valuesOf(loaded.user), phoneNumber: loaded.phoneNumber, errors: {}, message: null })),
    ...formActions<AccountInfoContext, AccountInfoEvent, Field>(ACCOUNT_INFO_FIELDS, (context) => problems(context.values)),
    // Host effects.
    focusFirstError: () => {},
    reportUser: (_, _params: { user: SessionUser }) => {},
    notifySaved: () => {},
    goToCheckEmail: (_, _params: { email: string }) => {},
  },
}).createMachine({
  id: 'accountInfo',
  context: ({ input }) => ({ userId: input.userId, phoneNumber: null, values: EMPTY, errors: {}, message: null }),
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
          { guard: 'formIsValid', target: 'saving', actions: 'clearMessages' },
          { actions: ['showRuleErrors', 'focusFirstError'] },
        ],
      },
    },
    saving: {
      invoke: {
        src: 'saveAccountInfo',
        input: ({ context }) => ({ userId: context.userId, ...checked(context.values) }),
        onDone: [
          {
            // A new email: the session sees it unverified, and the user types the code sent to it.
            guard: 'verificationSent',
            target: 'verifyingEmail',
            actions: [
              { type: 'reportUser', params: ({ event }) => ({ user: event.output.user }) },
              { type: 'goToCheckEmail', params: ({ event }) => ({ email: event.output.user.email }) },
            ],
          },
          {
            target: 'editing',
            actions: [
              // Saving never touches the phone: it stays as loaded.
              { type: 'setUser', params: ({ context, event }) => ({ user: event.output.user, phoneNumber: context.phoneNumber }) },
              { type: 'reportUser', params: ({ event }) => ({ user: event.output.user }) },
              'notifySaved',
            ],
          },
        ],
        onError: { target: 'editing', actions: ['showServerErrors', 'focusFirstError'] },
      },
    },
    verifyingEmail: { type: 'final' },
  },
});
