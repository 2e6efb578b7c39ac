import { assign, fromPromise, setup } from 'xstate';
import type { Purchase } from '../domain/purchase';
import { SetUpForm } from '../domain/rules/account-rules';
import type { SessionUser } from '../domain/session-user';
import type { ChangeEvent, SubmitEvent } from './forms/form-events';
import type { FieldErrors, FormMessage } from './forms/field-errors';
import { formActions, formIsValid } from './forms/form-actions';
import { hostActor } from './forms/host-actor';
import { ruleErrors } from './forms/rule-errors';

/**
 * Set-up (/set-up, the only page until username, country and full name exist): public name, username, country and
 * e-signature consent → `PATCH app/user/{userId}/set-up` → the account's stored purchase is read
 * (`GET app/user/{userId}`) → USER_UPDATED to the session (which opens the app) and on to the creator's page when a
 * purchase waits, else home. Reading the purchase may fail: the user still gets home.
 */
export interface SetUpValues {
  fullName: string;
  username: string;
  country: string;
  eSignatureConsent: boolean;
}

const SET_UP_FIELDS = ['fullName', 'username', 'country', 'eSignatureConsent'] as const satisfies readonly (keyof SetUpValues)[];
type Field = (typeof SET_UP_FIELDS)[number];

export interface SetUpContext {
  userId: string;
  values: SetUpValues;
  errors: FieldErrors<Field>;
  message: FormMessage | null;
  /** The user as the server returned it after set-up, handed to the session at the end. */
  user: SessionUser | null;
  purchase: Purchase | null;
}

export type SetUpEvent = ChangeEvent<SetUpValues> | SubmitEvent;

export interface SetUpInput {
  userId: string;
}

export type SetUpRequest = SetUpValues & { userId: string };

const checked = (values: SetUpValues): SetUpValues => ({ ...values, fullName: values.fullName.trim(), username: values.username.trim() });
const problems = (values: SetUpValues) => ruleErrors(SetUpForm, checked(values), SET_UP_FIELDS);

export const setUpMachine = setup({
  types: {
    context: {} as SetUpContext,
    events: {} as SetUpEvent,
    input: {} as SetUpInput,
  },
  actors: {
    setUp: hostActor<{ user: SessionUser }, SetUpRequest>('setUp'),
    // The default (no purchase waiting) lets the machine run alone; the browser's asks the server.
    loadPurchase: fromPromise<Purchase | null, { userId: string }>(async () => null),
  },
  guards: {
    formIsValid: formIsValid((context: SetUpContext) => problems(context.values)),
    hasPurchase: ({ context }) => context.purchase !== null,
  },
  actions: {
    ...formActions<SetUpContext, SetUpEvent, Field>(SET_UP_FIELDS, (context) => problems(context.values)),
    storeUser: assign((_, user: SessionUser) => ({ user })),
    storePurchase: assign((_, purchase: Purchase | null) => ({ purchase })),
    // Host effects.
    focusFirstError: () => {},
    reportUser: (_, _params: { user: SessionUser }) => {},
    resumePurchase: (_, _params: { purchase: Purchase }) => {},
    goHome: () => {},
  },
}).createMachine({
  id: 'setUp',
  context: ({ input }) => ({
    userId: input.userId,
    values: { fullName: '', username: '', country: '', eSignatureConsent: false },
    errors: {},
    message: null,
    user: null,
    purchase: null,
  }),
  initial: 'editing',
  states: {
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
        src: 'setUp',
        input: ({ context }) => ({ userId: context.userId, ...checked(context.values) }),
        onDone: { target: 'loadingPurchase', actions: { type: 'storeUser', params: ({ event }) => event.output.user } },
        onError: { target: 'editing', actions: ['showServerErrors', 'focusFirstError'] },
      },
    },
    loadingPurchase: {
      invoke: {
        src: 'loadPurchase',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'finishing', actions: { type: 'storePurchase', params: ({ event }) => event.output } },
        // The set-up is done; a purchase that cannot be read now stays stored for the payment flow.
        onError: { target: 'finishing' },
      },
    },
    // The session learns the complete user last: its route change would otherwise end this page mid-flow.
    finishing: {
      always: [
        {
          guard: 'hasPurchase',
          target: 'done',
          actions: [
            { type: 'reportUser', params: ({ context }) => ({ user: context.user! }) },
            { type: 'resumePurchase', params: ({ context }) => ({ purchase: context.purchase! }) },
          ],
        },
        { target: 'done', actions: [{ type: 'reportUser', params: ({ context }) => ({ user: context.user! }) }, 'goHome'] },
      ],
    },
    done: { type: 'final' },
  },
});
