import { assign, setup } from 'xstate';
import { normalizeEmail, SignInForm } from '../domain/rules/account-rules';
import type { SessionUser } from '../domain/session-user';
import type { ChangeEvent, SubmitEvent, ToggleVisibilityEvent } from './forms/form-events';
import type { FieldErrors, FormMessage } from './forms/field-errors';
import type { FormTag } from './forms/form-view';
import { formActions, formIsValid } from './forms/form-actions';
import { hostActor } from './forms/host-actor';
import { ruleErrors } from './forms/rule-errors';

/**
 * Sign-in (/sign-in, the login path): email and password → `POST app/user/login/` → SIGNED_IN to the session,
 * which then routes (set-up gate or home). A wrong password and an unknown email get the same message; the
 * rate limit (429) shows the server's "try again in N minutes". An unverified email may sign in
 * (docs/decisions.md) and is taken to /check-email first.
 */
export interface SignInValues {
  email: string;
  password: string;
}

const SIGN_IN_FIELDS = ['email', 'password'] as const satisfies readonly (keyof SignInValues)[];
type Field = (typeof SIGN_IN_FIELDS)[number];

export interface SignInContext {
  values: SignInValues;
  errors: FieldErrors<Field>;
  message: FormMessage | null;
  passwordVisible: boolean;
}

export type SignInEvent = ChangeEvent<SignInValues> | SubmitEvent | ToggleVisibilityEvent<'password'>;

export interface SignInInput {
  /** Prefilled from `?email=` (e.g. after a password reset). */
  email?: string;
}

/** What is checked and sent: the email as the server stores it (trimmed, lower-case). */
const signInPayload = (values: SignInValues): SignInValues => ({ ...values, email: normalizeEmail(values.email) });
const problems = (values: SignInValues) => ruleErrors(SignInForm, signInPayload(values), SIGN_IN_FIELDS);

export interface SignedInOutput {
  user: SessionUser;
}

export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    input: {} as SignInInput,
    tags: {} as FormTag,
  },
  actors: {
    signIn: hostActor<SignedInOutput, SignInValues>('signIn'),
  },
  guards: {
    formIsValid: formIsValid((context: SignInContext) => problems(context.values)),
    emailUnverified: (_, signedIn: SignedInOutput) => signedIn.user.emailStatus !== 'verified',
  },
  actions: {
    ...formActions<SignInContext, SignInEvent, Field>(SIGN_IN_FIELDS, (context) => problems(context.values)),
    togglePassword: assign({ passwordVisible: ({ context }) => !context.passwordVisible }),
    // A failed sign-in keeps the email and empties the password: the next try is typed afresh.
    forgetPassword: assign({ values: ({ context }) => ({ ...context.values, password: '' }) }),
    // Host effects.
    focusFirstError: () => {},
    reportSignedIn: (_, _params: SignedInOutput) => {},
    goToCheckEmail: () => {},
  },
}).createMachine({
  id: 'signIn',
  context: ({ input }) => ({
    values: { email: input.email ?? '', password: '' },
    errors: {},
    message: null,
    passwordVisible: false,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        CHANGE: { actions: 'setValue' },
        TOGGLE_VISIBILITY: { actions: 'togglePassword' },
        SUBMIT: [
          { guard: 'formIsValid', target: 'submitting', actions: 'clearMessages' },
          { actions: ['showRuleErrors', 'focusFirstError'] },
        ],
      },
    },
    submitting: {
      tags: 'busy',
      invoke: {
        src: 'signIn',
        input: ({ context }) => signInPayload(context.values),
        onDone: [
          {
            guard: { type: 'emailUnverified', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: ['goToCheckEmail', { type: 'reportSignedIn', params: ({ event }) => event.output }],
          },
          { target: 'signedIn', actions: [{ type: 'reportSignedIn', params: ({ event }) => event.output }] },
        ],
        onError: { target: 'editing', actions: ['showServerErrors', 'forgetPassword', 'focusFirstError'] },
      },
    },
    // The session takes over: it routes away from /sign-in (the button keeps its working words until then).
    signedIn: { type: 'final', tags: 'busy' },
  },
});
