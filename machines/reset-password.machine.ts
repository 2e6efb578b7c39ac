import { assign, setup } from 'xstate';
import { normalizeEmail, ResetPasswordForm } from '../domain/rules/account-rules';
import type { ProblemCode } from '../domain/problem-code';
import { errorOf, failedWith } from './forms/api-failure';
import type { ChangeEvent, SubmitEvent, ToggleVisibilityEvent } from './forms/form-events';
import { formMessage, type FieldErrors, type FormMessage } from './forms/field-errors';
import { formActions, formIsValid, toggleVisibility } from './forms/form-actions';
import { hostActor } from './forms/host-actor';
import type { FormTag } from './forms/form-view';
import { ruleErrors } from './forms/rule-errors';

/**
 * Reset password (/reset-password?email=&saltcode=, the emailed link): a new password and its confirmation →
 * `PATCH app/user/reset-password` → /sign-in with "password changed". A link without its parts, or one the server
 * calls invalid, expired or used, ends in `linkUnusable` with the reason and a way to ask for a new link.
 */
export interface ResetPasswordValues {
  password_1: string;
  password_2: string;
}

const RESET_FIELDS = ['password_1', 'password_2'] as const satisfies readonly (keyof ResetPasswordValues)[];
type Field = (typeof RESET_FIELDS)[number];

export interface ResetPasswordContext {
  email: string;
  saltcode: string;
  values: ResetPasswordValues;
  errors: FieldErrors<Field>;
  message: FormMessage | null;
  visible: Record<Field, boolean>;
}

export type ResetPasswordEvent = ChangeEvent<ResetPasswordValues> | SubmitEvent | ToggleVisibilityEvent<Field>;

export interface ResetPasswordInput {
  email: string | null;
  saltcode: string | null;
}

export interface ResetPasswordRequest {
  email: string;
  saltcode: string;
  password_1: string;
  password_2: string;
}

/** The server's words for a link that cannot be used (docs/decisions.md "Email codes and reset links"). */
const DEAD_LINK_CODES: readonly ProblemCode[] = ['reset_link_invalid', 'reset_link_expired', 'reset_link_used'];

const LINK_INCOMPLETE: FormMessage = { key: 'accounts:errors.reset_link_invalid' };

const request = (context: ResetPasswordContext): ResetPasswordRequest => ({
  email: normalizeEmail(context.email),
  saltcode: context.saltcode,
  ...context.values,
});
const problems = (context: ResetPasswordContext) => ruleErrors(ResetPasswordForm, request(context), RESET_FIELDS);

export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    input: {} as ResetPasswordInput,
    tags: {} as FormTag,
  },
  actors: {
    resetPassword: hostActor<void, ResetPasswordRequest>('resetPassword'),
  },
  guards: {
    linkIsComplete: ({ context }) => context.email.trim() !== '' && context.saltcode !== '',
    formIsValid: formIsValid(problems),
    linkIsDead: ({ event }) => failedWith(errorOf(event), DEAD_LINK_CODES),
  },
  actions: {
    ...formActions<ResetPasswordContext, ResetPasswordEvent, Field>(RESET_FIELDS, problems),
    toggleVisibility: toggleVisibility<ResetPasswordContext, ResetPasswordEvent>(),
    showIncompleteLink: assign({ message: LINK_INCOMPLETE }),
    showDeadLink: assign({ message: ({ event }) => formMessage(errorOf(event), {}) }),
    // Host effects.
    focusFirstError: () => {},
    goToSignIn: () => {},
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({
    email: input.email ?? '',
    saltcode: input.saltcode ?? '',
    values: { password_1: '', password_2: '' },
    errors: {},
    message: null,
    visible: { password_1: false, password_2: false },
  }),
  initial: 'checkingLink',
  states: {
    checkingLink: {
      always: [{ guard: 'linkIsComplete', target: 'editing' }, { target: 'linkUnusable', actions: 'showIncompleteLink' }],
    },
    editing: {
      on: {
        CHANGE: { actions: 'setValue' },
        TOGGLE_VISIBILITY: { actions: 'toggleVisibility' },
        SUBMIT: [
          { guard: 'formIsValid', target: 'saving', actions: 'clearMessages' },
          { actions: ['showRuleErrors', 'focusFirstError'] },
        ],
      },
    },
    saving: {
      tags: 'busy',
      invoke: {
        src: 'resetPassword',
        input: ({ context }) => request(context),
        onDone: { target: 'changed' },
        onError: [
          { guard: 'linkIsDead', target: 'linkUnusable', actions: 'showDeadLink' },
          { target: 'editing', actions: ['showServerErrors', 'focusFirstError'] },
        ],
      },
    },
    // Signed out everywhere by the server; the user signs in with the new password (the host leaves for /sign-in).
    changed: { type: 'final', tags: 'busy', entry: 'goToSignIn' },
    // Invalid, expired or used: the message says which, and the page offers a new link.
    linkUnusable: { type: 'final' },
  },
});
