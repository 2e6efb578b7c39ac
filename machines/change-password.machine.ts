import { assign, setup } from 'xstate';
import { ChangePasswordForm } from '../domain/rules/account-rules';
import { formActions, formIsValid, toggleVisibility } from './forms/form-actions';
import type { ChangeEvent, SubmitEvent, ToggleVisibilityEvent } from './forms/form-events';
import type { FieldErrors, FormMessage } from './forms/field-errors';
import { hostActor } from './forms/host-actor';
import type { FormTag } from './forms/form-view';
import { ruleErrors } from './forms/rule-errors';

/**
 * Change password (/change-password, signed in): current password, new password and confirmation →
 * `PATCH app/user/{userId}/account/change-password`. A wrong current password shows under its field; the server
 * counts it as a failed sign-in (429 after 10). Other sessions are signed out by the server; this one stays.
 */
export interface ChangePasswordValues {
  current_password: string;
  password_1: string;
  password_2: string;
}

const CHANGE_PASSWORD_FIELDS = ['current_password', 'password_1', 'password_2'] as const satisfies readonly (keyof ChangePasswordValues)[];
type Field = (typeof CHANGE_PASSWORD_FIELDS)[number];

export interface ChangePasswordContext {
  userId: string;
  values: ChangePasswordValues;
  errors: FieldErrors<Field>;
  message: FormMessage | null;
  visible: Record<Field, boolean>;
}

export type ChangePasswordEvent = ChangeEvent<ChangePasswordValues> | SubmitEvent | ToggleVisibilityEvent<Field>;

export interface ChangePasswordInput {
  userId: string;
}

const EMPTY: ChangePasswordValues = { current_password: '', password_1: '', password_2: '' };
const problems = (values: ChangePasswordValues) => ruleErrors(ChangePasswordForm, values, CHANGE_PASSWORD_FIELDS);

export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
    input: {} as ChangePasswordInput,
    tags: {} as FormTag,
  },
  actors: {
    changePassword: hostActor<void, ChangePasswordValues & { userId: string }>('changePassword'),
  },
  guards: {
    formIsValid: formIsValid((context: ChangePasswordContext) => problems(context.values)),
  },
  actions: {
    ...formActions<ChangePasswordContext, ChangePasswordEvent, Field>(CHANGE_PASSWORD_FIELDS, (context) => problems(context.values)),
    toggleVisibility: toggleVisibility<ChangePasswordContext, ChangePasswordEvent>(),
    // Passwords do not linger in memory once used.
    forgetPasswords: assign({ values: EMPTY }),
    // Host effects.
    focusFirstError: () => {},
    notifyChanged: () => {},
  },
}).createMachine({
  id: 'changePassword',
  context: ({ input }) => ({
    userId: input.userId,
    values: EMPTY,
    errors: {},
    message: null,
    visible: { current_password: false, password_1: false, password_2: false },
  }),
  initial: 'editing',
  states: {
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
        src: 'changePassword',
        input: ({ context }) => ({ userId: context.userId, ...context.values }),
        onDone: { target: 'changed', actions: ['forgetPasswords', 'notifyChanged'] },
        onError: { target: 'editing', actions: ['showServerErrors', 'focusFirstError'] },
      },
    },
    changed: { type: 'final' },
  },
});
