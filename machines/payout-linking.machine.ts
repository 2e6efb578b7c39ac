import { assign, setup } from 'xstate';
import { normalizeEmail } from '../domain/rules/account-rules';
import { PayoutLinkForm } from '../domain/rules/payout-rules';
import { errorOf, failureCode } from './forms/api-failure';
import { formMessage, hasErrors, serverFieldErrors, withoutError, type FieldErrors, type FormMessage } from './forms/field-errors';
import { ruleErrors } from './forms/rule-errors';
import { passwordGiven, passwordOf, passwordRefusal, refusedPassword, STEP_UP_RULE, type PasswordSubmitEvent } from './forms/step-up';
import { hostActor } from './forms/host-actor';

/**
 * Connect the payout account (spec 2 "Connect payout account", spec 4 "Payout linking"): credentials (the
 * provider account's email and password, and the bank account number it pays out to) → confirm → success, or the
 * error when the provider account is not activated yet (log in to the provider and complete it first), with
 * "start over" and "visit provider". The provider's name and site come from the server before the first step.
 * The provider's password lives only in this machine's context until the call; starting over forgets it.
 * Linking also asks for the caller's own Tipjar password at the moment of linking (issue 21 step-up, a dialog over
 * the confirm step, distinct from the provider's password): it goes from the dialog's event into the call and is
 * never kept; a wrong one brings the dialog back with the server's words.
 */
const PAYOUT_FIELDS = ['email', 'password', 'bankAccountNumber'] as const;
type PayoutField = (typeof PAYOUT_FIELDS)[number];
export type PayoutValues = Record<PayoutField, string>;

export interface PayoutProviderInfo {
  provider: string;
  providerUrl: string;
  /** The account linked now (masked email), when there is one: linking again replaces it. */
  linkedEmail: string | null;
}

export interface LinkedPayoutAccount {
  emailMasked: string;
  bankAccountLast4: string;
  /** When withdrawals to this account open (24 hours after linking). */
  withdrawalsOpenAt: string;
}

/** What linking sends: the provider's credentials and the caller's Tipjar password from the dialog. */
export type PayoutLinkSave = PayoutValues & { current_password: string };

export interface PayoutLinkingContext {
  values: PayoutValues;
  errors: FieldErrors<PayoutField>;
  failure: FormMessage | null;
  info: PayoutProviderInfo | null;
  linked: LinkedPayoutAccount | null;
  /** The Tipjar password dialog's message (empty field, wrong password). */
  passwordError: FormMessage | null;
}

export type PayoutLinkingEvent =
  | { type: 'CHANGE'; field: PayoutField; value: string }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'CONFIRM' }
  | { type: 'START_OVER' }
  | { type: 'RETRY' }
  | PasswordSubmitEvent
  | { type: 'CANCEL' };

const blank: PayoutValues = { email: '', password: '', bankAccountNumber: '' };

const credentialErrors = (values: PayoutValues) =>
  ruleErrors(PayoutLinkForm, { ...values, email: normalizeEmail(values.email) }, PAYOUT_FIELDS);

export const payoutLinkingMachine = setup({
  types: {
    context: {} as PayoutLinkingContext,
    events: {} as PayoutLinkingEvent,
  },
  actors: {
    loadProvider: hostActor<PayoutProviderInfo, void>('loadProvider'),
    linkAccount: hostActor<LinkedPayoutAccount, PayoutLinkSave>('linkAccount'),
  },
  guards: {
    credentialsValid: ({ context }) => !hasErrors(credentialErrors(context.values)),
    passwordGiven,
    refusedPassword: ({ event }) => refusedPassword(errorOf(event)),
    notActivated: ({ event }) => failureCode(errorOf(event)) === 'payout_account_not_activated',
    refusedCredentials: ({ event }) =>
      failureCode(errorOf(event)) === 'payout_account_invalid_credentials' || hasErrors(serverFieldErrors(errorOf(event), PAYOUT_FIELDS)),
  },
  actions: {
    storeInfo: assign((_, info: PayoutProviderInfo) => ({ info })),
    change: assign(({ context, event }) =>
      event.type === 'CHANGE' ? { values: { ...context.values, [event.field]: event.value }, errors: withoutError(context.errors, event.field) } : {},
    ),
    showCredentialErrors: assign(({ context }) => ({ errors: credentialErrors(context.values) })),
    clearErrors: assign({ errors: {}, failure: null }),
    showServerErrors: assign(({ event }) => {
      const errors = serverFieldErrors(errorOf(event), PAYOUT_FIELDS);
      return { errors, failure: formMessage(errorOf(event), errors) };
    }),
    // The wrong password is not kept for another try: the field is empty again, the email and number stay.
    forgetPassword: assign(({ context }) => ({ values: { ...context.values, password: '' } })),
    startOver: assign({ values: blank, errors: {}, failure: null }),
    storeLinked: assign(({ context }, linked: LinkedPayoutAccount) => ({
      linked,
      values: { ...context.values, password: '' },
    })),
    showPasswordRequired: assign({ passwordError: STEP_UP_RULE.required }),
    showPasswordRefusal: assign({ passwordError: ({ event }) => passwordRefusal(errorOf(event)) }),
    clearPasswordError: assign({ passwordError: null }),
    focusFirstError: () => {},
  },
}).createMachine({
  id: 'payoutLinking',
  context: { values: blank, errors: {}, failure: null, info: null, linked: null, passwordError: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: { src: 'loadProvider', onDone: { target: 'credentials', actions: { type: 'storeInfo', params: ({ event }) => event.output } }, onError: 'loadFailed' },
    },
    loadFailed: {
      on: { RETRY: 'loading' },
    },
    credentials: {
      meta: { step: 0 },
      on: {
        CHANGE: { actions: 'change' },
        NEXT: [
          { guard: 'credentialsValid', target: 'confirm', actions: 'clearErrors' },
          { actions: ['showCredentialErrors', 'focusFirstError'] },
        ],
      },
    },
    confirm: {
      meta: { step: 1 },
      on: {
        CONFIRM: { target: 'confirmingPassword', actions: 'clearPasswordError' },
        BACK: 'credentials',
      },
    },
    // The Tipjar password dialog over the confirm step; Cancel keeps what was typed.
    confirmingPassword: {
      meta: { step: 1 },
      on: {
        PASSWORD_SUBMIT: [
          { guard: 'passwordGiven', target: 'linking', actions: 'clearPasswordError' },
          { actions: 'showPasswordRequired' },
        ],
        CANCEL: { target: 'confirm', actions: 'clearPasswordError' },
      },
    },
    linking: {
      meta: { step: 1 },
      invoke: {
        src: 'linkAccount',
        input: ({ context, event }) => ({ ...context.values, current_password: passwordOf(event) }),
        onDone: { target: 'success', actions: { type: 'storeLinked', params: ({ event }) => event.output } },
        onError: [
          { guard: 'refusedPassword', target: 'confirmingPassword', actions: 'showPasswordRefusal' },
          { guard: 'notActivated', target: 'error.notActivated', actions: ['showServerErrors', 'focusFirstError'] },
          { guard: 'refusedCredentials', target: 'credentials', actions: ['showServerErrors', 'forgetPassword', 'focusFirstError'] },
          { target: 'error.other', actions: ['showServerErrors', 'focusFirstError'] },
        ],
      },
    },
    error: {
      meta: { step: 2 },
      // Always entered at one of its children; `other` is only the default xstate requires.
      initial: 'other',
      on: {
        START_OVER: { target: 'credentials', actions: 'startOver' },
      },
      states: {
        // Nothing to retry until the account is complete at the provider: start over, or visit the provider (a link).
        notActivated: {},
        other: {
          // Again through the dialog: the Tipjar password was not kept.
          on: { RETRY: { target: '#payoutLinking.confirmingPassword', actions: ['clearErrors', 'clearPasswordError'] } },
        },
      },
    },
    success: { type: 'final', meta: { step: 3 } },
  },
});
