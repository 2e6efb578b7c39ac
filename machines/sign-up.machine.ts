import { setup } from 'xstate';
import type { Purchase } from '../domain/purchase';
import { normalizeEmail, SignUpForm } from '../domain/rules/account-rules';
import type { SessionUser } from '../domain/session-user';
import type { ChangeEvent, SubmitEvent, ToggleVisibilityEvent } from './forms/form-events';
import type { FieldErrors, FormMessage } from './forms/field-errors';
import type { FormTag } from './forms/form-view';
import { formActions, formIsValid, toggleVisibility } from './forms/form-actions';
import { hostActor } from './forms/host-actor';
import { ruleErrors } from './forms/rule-errors';

/**
 * Sign-up (/sign-up): email, password and its confirmation (each with show/hide), consent to the terms and privacy
 * policy → `POST app/user/create/` → /check-email. The server signs the new user in (docs/decisions.md), so the
 * session gets SIGNED_IN; the verification pages are open to a signed-in user who is not set up yet. A purchase a
 * visitor started on a creator's page rides along and is stored with the account, to be resumed after set-up.
 */
export interface SignUpValues {
  email: string;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
}

const SIGN_UP_FIELDS = ['email', 'password', 'confirmPassword', 'acceptTerms'] as const satisfies readonly (keyof SignUpValues)[];
type Field = (typeof SIGN_UP_FIELDS)[number];
type SignUpPasswordField = 'password' | 'confirmPassword';

export interface SignUpContext {
  values: SignUpValues;
  errors: FieldErrors<Field>;
  message: FormMessage | null;
  visible: Record<SignUpPasswordField, boolean>;
  purchase: Purchase | null;
  /** The username of the invitation link the visitor came through (`?invited_by=`), sent with the sign-up. */
  invitedBy: string | null;
}

export type SignUpEvent = ChangeEvent<SignUpValues> | SubmitEvent | ToggleVisibilityEvent<SignUpPasswordField>;

export interface SignUpInput {
  purchase: Purchase | null;
  invitedBy?: string | null;
}

export interface CreateUserInput {
  email: string;
  password: string;
  purchase?: Purchase;
  invitedBy?: string;
}

export interface CreatedOutput {
  user: SessionUser;
}

const checked = (values: SignUpValues): SignUpValues => ({ ...values, email: normalizeEmail(values.email) });
const problems = (values: SignUpValues) => ruleErrors(SignUpForm, checked(values), SIGN_UP_FIELDS);

export const signUpMachine = setup({
  types: {
    context: {} as SignUpContext,
    events: {} as SignUpEvent,
    input: {} as SignUpInput,
    tags: {} as FormTag,
  },
  actors: {
    createUser: hostActor<CreatedOutput, CreateUserInput>('createUser'),
  },
  guards: {
    formIsValid: formIsValid((context: SignUpContext) => problems(context.values)),
  },
  actions: {
    ...formActions<SignUpContext, SignUpEvent, Field>(SIGN_UP_FIELDS, (context) => problems(context.values)),
    toggleVisibility: toggleVisibility<SignUpContext, SignUpEvent>(),
    // Host effects.
    focusFirstError: () => {},
    goToCheckEmail: () => {},
    reportSignedIn: (_, _params: CreatedOutput) => {},
  },
}).createMachine({
  id: 'signUp',
  context: ({ input }) => ({
    values: { email: '', password: '', confirmPassword: '', acceptTerms: false },
    errors: {},
    message: null,
    visible: { password: false, confirmPassword: false },
    purchase: input.purchase,
    invitedBy: input.invitedBy ?? null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        CHANGE: { actions: 'setValue' },
        TOGGLE_VISIBILITY: { actions: 'toggleVisibility' },
        SUBMIT: [
          { guard: 'formIsValid', target: 'creating', actions: 'clearMessages' },
          { actions: ['showRuleErrors', 'focusFirstError'] },
        ],
      },
    },
    creating: {
      tags: 'busy',
      invoke: {
        src: 'createUser',
        input: ({ context }) => ({
          email: normalizeEmail(context.values.email),
          password: context.values.password,
          ...(context.purchase ? { purchase: context.purchase } : {}),
          ...(context.invitedBy ? { invitedBy: context.invitedBy } : {}),
        }),
        // To /check-email first, then tell the session: its new route set keeps the verification pages.
        onDone: {
          target: 'created',
          actions: ['goToCheckEmail', { type: 'reportSignedIn', params: ({ event }) => event.output }],
        },
        onError: { target: 'editing', actions: ['showServerErrors', 'focusFirstError'] },
      },
    },
    // On the way to /check-email: the button keeps its working words until the page goes.
    created: { type: 'final', tags: 'busy' },
  },
});
