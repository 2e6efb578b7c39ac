import { assign, setup } from 'xstate';
import { PIN_LENGTH } from '../domain/limits';
import { normalizePhone, PhoneCodeForm, PhoneForm } from '../domain/rules/people-rules';
import type { ProblemCode } from '../domain/problem-code';
import { errorOf, failedWith } from './forms/api-failure';
import { formMessage, hasErrors, serverFieldErrors, type FieldErrors, type FormMessage } from './forms/field-errors';
import { ruleErrors } from './forms/rule-errors';
import { hostActor } from './forms/host-actor';

/**
 * Phone verification (spec 4, find people and connect): the number with its country code → a texted 6-digit code
 * → the code typed into the PIN boxes → the user's details to confirm → the number is the account's. From the
 * code step the user may ask for another code (resend) or go back and change the number; after 5 wrong tries or
 * 10 minutes the code is dead and the server says so above the boxes (resend gives a new one). A bad number says
 * 'The phone or email is not valid' under the field (domain/rules/people-rules.ts: '+' and 8 to 15 digits).
 */
export interface PhoneDetails {
  phone: string;
  username: string;
  full_name: string;
  email: string;
  confirmed: boolean;
}

type Field = 'phone' | 'code';

export interface PhoneVerificationContext {
  userId: string;
  phone: string;
  /** One entry per box: digits only. */
  digits: string[];
  errors: FieldErrors<Field>;
  message: FormMessage | null;
  /** "We texted a new code" after a resend; cleared by the next step. */
  resent: boolean;
  details: PhoneDetails | null;
}

export type PhoneVerificationEvent =
  | { type: 'CHANGE_PHONE'; value: string }
  | { type: 'SEND_CODE' }
  | { type: 'CODE_CHANGED'; digits: string[] }
  | { type: 'VERIFY' }
  | { type: 'RESEND' }
  | { type: 'CHANGE_NUMBER' }
  | { type: 'CONFIRM' };

export interface PhoneVerificationInput {
  userId: string;
}

const blankDigits = () => Array.from({ length: PIN_LENGTH }, () => '');
const code = (context: PhoneVerificationContext) => context.digits.join('');
const phoneProblems = (context: PhoneVerificationContext) => ruleErrors(PhoneForm, { phone: context.phone }, ['phone'] as const);
const codeProblems = (context: PhoneVerificationContext) =>
  ruleErrors(PhoneCodeForm, { phone: context.phone, code: code(context) }, ['code'] as const);

/** The confirmation can only fail for good when the verification is gone (too late, or used): start again. */
const START_AGAIN_CODES: readonly ProblemCode[] = ['phone_not_verified', 'phone_taken'];

export const phoneVerificationMachine = setup({
  types: {
    context: {} as PhoneVerificationContext,
    events: {} as PhoneVerificationEvent,
    input: {} as PhoneVerificationInput,
  },
  actors: {
    sendCode: hostActor<void, { userId: string; phone: string }>('sendCode'),
    verifyCode: hostActor<PhoneDetails, { userId: string; phone: string; code: string }>('verifyCode'),
    confirmPhone: hostActor<PhoneDetails, { userId: string; phone: string }>('confirmPhone'),
  },
  guards: {
    phoneIsValid: ({ context }) => !hasErrors(phoneProblems(context)),
    codeIsComplete: ({ context }) => !hasErrors(codeProblems(context)),
    mustStartAgain: ({ event }) => failedWith(errorOf(event), START_AGAIN_CODES),
  },
  actions: {
    setPhone: assign(({ event }) => (event.type === 'CHANGE_PHONE' ? { phone: event.value, errors: {}, message: null } : {})),
    normalizePhone: assign({ phone: ({ context }) => normalizePhone(context.phone) }),
    setDigits: assign(({ event }) =>
      event.type === 'CODE_CHANGED'
        ? { digits: blankDigits().map((blank, i) => (/^\d$/.test(event.digits[i] ?? '') ? event.digits[i]! : blank)), errors: {}, message: null, resent: false }
        : {},
    ),
    showPhoneRuleErrors: assign({ errors: ({ context }) => phoneProblems(context), message: null }),
    showCodeRuleErrors: assign({ errors: ({ context }) => codeProblems(context), message: null, resent: false }),
    clearMessages: assign({ errors: {}, message: null, resent: false }),
    clearDigits: assign({ digits: () => blankDigits() }),
    showPhoneServerErrors: assign(({ event }) => {
      const error = errorOf(event);
      const errors = serverFieldErrors(error, ['phone'] as const);
      return { errors, message: formMessage(error, errors) };
    }),
    showCodeError: assign(({ event }) => {
      const error = errorOf(event);
      // A wrong code under the boxes; a dead code, the rate limit or offline above them.
      const errors = serverFieldErrors(error, ['code'] as const);
      return { errors, message: formMessage(error, errors), resent: false };
    }),
    noteResent: assign({ resent: true, errors: {}, message: null }),
    showMessage: assign({ message: ({ event }) => formMessage(errorOf(event), {}), resent: false }),
    storeDetails: assign((_, details: PhoneDetails) => ({ details })),
    forgetDetails: assign({ details: null }),
    // Host effects.
    focusFirstError: () => {},
    notifyResent: () => {},
    notifyVerified: () => {},
  },
}).createMachine({
  id: 'phoneVerification',
  context: ({ input }) => ({ userId: input.userId, phone: '', digits: blankDigits(), errors: {}, message: null, resent: false, details: null }),
  initial: 'enteringPhone',
  states: {
    enteringPhone: {
      meta: { step: 0 },
      on: {
        CHANGE_PHONE: { actions: 'setPhone' },
        SEND_CODE: [
          { guard: 'phoneIsValid', target: 'sendingCode', actions: ['normalizePhone', 'clearMessages'] },
          { actions: ['showPhoneRuleErrors', 'focusFirstError'] },
        ],
      },
    },
    sendingCode: {
      meta: { step: 0 },
      invoke: {
        id: 'sendFirstCode',
        src: 'sendCode',
        input: ({ context }) => ({ userId: context.userId, phone: context.phone }),
        onDone: { target: 'enteringCode', actions: 'clearDigits' },
        onError: { target: 'enteringPhone', actions: ['showPhoneServerErrors', 'focusFirstError'] },
      },
    },
    enteringCode: {
      meta: { step: 1 },
      initial: 'idle',
      on: {
        CHANGE_NUMBER: { target: 'enteringPhone', actions: ['clearDigits', 'clearMessages'] },
      },
      states: {
        idle: {
          on: {
            CODE_CHANGED: { actions: 'setDigits' },
            VERIFY: [
              { guard: 'codeIsComplete', target: '#phoneVerification.verifying', actions: 'clearMessages' },
              { actions: ['showCodeRuleErrors', 'focusFirstError'] },
            ],
            RESEND: { target: 'resending', actions: 'clearMessages' },
          },
        },
        resending: {
          invoke: {
            id: 'resendCode',
            src: 'sendCode',
            input: ({ context }) => ({ userId: context.userId, phone: context.phone }),
            onDone: { target: 'idle', actions: ['clearDigits', 'noteResent', 'notifyResent'] },
            onError: { target: 'idle', actions: 'showMessage' },
          },
        },
      },
    },
    verifying: {
      meta: { step: 1 },
      invoke: {
        src: 'verifyCode',
        input: ({ context }) => ({ userId: context.userId, phone: context.phone, code: code(context) }),
        onDone: { target: 'confirming', actions: { type: 'storeDetails', params: ({ event }) => event.output } },
        onError: { target: 'enteringCode', actions: ['showCodeError', 'clearDigits', 'focusFirstError'] },
      },
    },
    confirming: {
      meta: { step: 2 },
      initial: 'idle',
      states: {
        idle: {
          on: {
            CONFIRM: { target: 'saving', actions: 'clearMessages' },
            // Not while saving: the server may already have confirmed the number.
            CHANGE_NUMBER: { target: '#phoneVerification.enteringPhone', actions: ['clearDigits', 'clearMessages', 'forgetDetails'] },
          },
        },
        saving: {
          invoke: {
            src: 'confirmPhone',
            input: ({ context }) => ({ userId: context.userId, phone: context.phone }),
            onDone: { target: '#phoneVerification.verified', actions: [{ type: 'storeDetails', params: ({ event }) => event.output }, 'notifyVerified'] },
            onError: [
              // Too late or taken meanwhile: the number step again, with the reason.
              { guard: 'mustStartAgain', target: '#phoneVerification.enteringPhone', actions: ['showPhoneServerErrors', 'clearDigits', 'forgetDetails'] },
              { target: 'idle', actions: 'showMessage' },
            ],
          },
        },
      },
    },
    verified: { type: 'final', meta: { step: 3 } },
  },
});
