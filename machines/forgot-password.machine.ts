import { assign, setup } from 'xstate';
import { EmailForm, normalizeEmail } from '../domain/rules/account-rules';
import { type ChangeEvent, type SubmitEvent } from './forms/form-events';
import {
  formMessage,
  hasErrors,
  serverFieldErrors,
  type FieldErrors,
  type FormMessage,
} from './forms/field-errors';
import { ruleErrors } from './forms/rule-errors';
import { errorOf } from './forms/api-failure';
import { hostActor } from './forms/host-actor';
import type { FormTag } from './forms/form-view';

/**
 * Forgot password (/forgot-password): an email → `POST app/user/forgot-password` → "check your email". The
 * server answers the same whether or not the address has an account, so the screen does too. Sending again is
 * offered (rate-limited: the 429 message shows).
 */
export interface ForgotPasswordValues {
  email: string;
}

const FIELDS = ['email'] as const;

export interface ForgotPasswordContext {
  values: ForgotPasswordValues;
  errors: FieldErrors<'email'>;
  message: FormMessage | null;
}

export type ForgotPasswordEvent = ChangeEvent<ForgotPasswordValues> | SubmitEvent | { type: 'SEND_AGAIN' } | { type: 'EDIT' };

export interface ForgotPasswordInput {
  email?: string;
}

const problems = (values: ForgotPasswordValues) => ruleErrors(EmailForm, { email: normalizeEmail(values.email) }, FIELDS);

export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
    input: {} as ForgotPasswordInput,
    tags: {} as FormTag,
  },
  actors: {
    sendResetLink: hostActor<void, { email: string }>('sendResetLink'),
  },
  guards: {
    formIsValid: ({ context }) => !hasErrors(problems(context.values)),
  },
  actions: {
    setEmail: assign(({ event }) =>
      event.type === 'CHANGE' ? { values: { email: event.value }, errors: {}, message: null } : {},
    ),
    showRuleErrors: assign({ errors: ({ context }) => problems(context.values), message: null }),
    clearMessages: assign({ errors: {}, message: null }),
    showServerErrors: assign(({ event }) => {
      const error = errorOf(event);
      const errors = serverFieldErrors(error, FIELDS);
      return { errors, message: formMessage(error, errors) };
    }),
    focusFirstError: () => {},
  },
}).createMachine({
  id: 'forgotPassword',
  context: ({ input }) => ({ values: { email: input.email ?? '' }, errors: {}, message: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        CHANGE: { actions: 'setEmail' },
        SUBMIT: [
          { guard: 'formIsValid', target: 'sending', actions: 'clearMessages' },
          { actions: ['showRuleErrors', 'focusFirstError'] },
        ],
      },
    },
    sending: {
      tags: 'busy',
      invoke: {
        src: 'sendResetLink',
        input: ({ context }) => ({ email: normalizeEmail(context.values.email) }),
        onDone: { target: 'sent' },
        onError: { target: 'editing', actions: ['showServerErrors', 'focusFirstError'] },
      },
    },
    // "If an account exists for this address, we sent a link": the same words either way.
    sent: {
      on: {
        SEND_AGAIN: { target: 'sending' },
        EDIT: { target: 'editing' },
      },
    },
  },
});
