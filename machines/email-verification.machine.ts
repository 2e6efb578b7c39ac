import { assign, setup } from 'xstate';
import { PIN_LENGTH } from '../domain/limits';
import { normalizeEmail, VerifyEmailForm } from '../domain/rules/account-rules';
import type { SessionUser } from '../domain/session-user';
import type { ProblemCode } from '../domain/problem-code';
import { errorOf, failedWith, failureCode } from './forms/api-failure';
import { formMessage, hasErrors, type FieldErrors, type FormMessage } from './forms/field-errors';
import { ruleErrors } from './forms/rule-errors';
import { hostActor } from './forms/host-actor';

/**
 * Email verification: the 6-digit code typed into the PIN boxes (/check-email), or carried by the emailed link
 * (/verify-email?email=&code=, verified at once), with resend. An expired or dead code from a link leads to
 * /expired-link, which offers a new code. Verifying does not sign in (docs/decisions.md): a signed-in user's
 * account is re-read so the session sees `emailStatus: verified` and routes on (set-up or home); a visitor — the
 * link opened on a phone — is told it worked (/verify-success-mobile).
 */
export type VerificationStart = 'code' | 'link' | 'expiredLink';

export interface EmailVerificationInput {
  email: string;
  /** From the link; null when the user types it. */
  code: string | null;
  start: VerificationStart;
  signedIn: boolean;
}

export interface EmailVerificationContext {
  email: string;
  start: VerificationStart;
  signedIn: boolean;
  /** One entry per box: digits only (the PIN input refuses anything else). */
  digits: string[];
  errors: FieldErrors<'otp'>;
  message: FormMessage | null;
  /** "We sent a new code" after a resend; cleared by the next step. */
  resent: boolean;
}

export type EmailVerificationEvent =
  | { type: 'CODE_CHANGED'; digits: string[] }
  | { type: 'SUBMIT' }
  | { type: 'RESEND' };

/** Codes after which the code cannot work any more: a new one is needed. */
const DEAD_CODE_CODES: readonly ProblemCode[] = ['otp_expired', 'otp_locked'];
/** The code was used already: the email is verified, which is what the user wanted. */
const ALREADY_USED: ProblemCode = 'otp_already_used';

const blankDigits = () => Array.from({ length: PIN_LENGTH }, () => '');
const code = (context: EmailVerificationContext) => context.digits.join('');
const problems = (context: EmailVerificationContext) =>
  ruleErrors(VerifyEmailForm, { email: normalizeEmail(context.email), otp: code(context) }, ['otp'] as const);

export const emailVerificationMachine = setup({
  types: {
    context: {} as EmailVerificationContext,
    events: {} as EmailVerificationEvent,
    input: {} as EmailVerificationInput,
  },
  actors: {
    verifyCode: hostActor<void, { email: string; otp: string }>('verifyCode'),
    resendCode: hostActor<void, { email: string }>('resendCode'),
    loadUser: hostActor<SessionUser, void>('loadUser'),
  },
  guards: {
    // A link without a usable code is treated like no link: the boxes.
    startsWithLink: ({ context }) => context.start === 'link' && code(context).length === PIN_LENGTH,
    startsExpired: ({ context }) => context.start === 'expiredLink',
    codeIsValid: ({ context }) => !hasErrors(problems(context)),
    codeIsDead: ({ event }) => failedWith(errorOf(event), DEAD_CODE_CODES),
    codeAlreadyUsed: ({ event }) => failureCode(errorOf(event)) === ALREADY_USED,
    isSignedIn: ({ context }) => context.signedIn,
  },
  actions: {
    setDigits: assign(({ event }) =>
      event.type === 'CODE_CHANGED'
        ? { digits: blankDigits().map((blank, i) => (/^\d$/.test(event.digits[i] ?? '') ? event.digits[i]! : blank)), errors: {}, message: null, resent: false }
        : {},
    ),
    showRuleErrors: assign({ errors: ({ context }) => problems(context), message: null, resent: false }),
    clearMessages: assign({ errors: {}, message: null, resent: false }),
    showCodeError: assign(({ event }) => {
      const error = errorOf(event);
      // A wrong code belongs under the boxes; an expired or locked one, the rate limit or offline above them.
      const wrongCode = failureCode(error) === 'otp_invalid';
      const message = formMessage(error, {});
      return wrongCode && message ? { errors: { otp: message }, message: null } : { errors: {}, message };
    }),
    clearDigits: assign({ digits: () => blankDigits() }),
    noteResent: assign({ resent: true, errors: {}, message: null }),
    showResendError: assign({ message: ({ event }) => formMessage(errorOf(event), {}), resent: false }),
    // Host effects.
    focusFirstError: () => {},
    goToExpiredLink: () => {},
    goToCheckEmail: () => {},
    notifyResent: () => {},
    reportUser: (_, _params: { user: SessionUser }) => {},
    goToApp: () => {},
    goToVerifiedElsewhere: () => {},
  },
}).createMachine({
  id: 'emailVerification',
  context: ({ input }) => ({
    email: input.email,
    start: input.start,
    signedIn: input.signedIn,
    digits: blankDigits().map((blank, i) => (input.code && /^\d+$/.test(input.code) ? (input.code[i] ?? blank) : blank)),
    errors: {},
    message: null,
    resent: false,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'startsExpired', target: 'linkExpired' },
        { guard: 'startsWithLink', target: 'verifyingLink' },
        { target: 'enteringCode' },
      ],
    },
    enteringCode: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            CODE_CHANGED: { actions: 'setDigits' },
            SUBMIT: [
              { guard: 'codeIsValid', target: '#emailVerification.verifying', actions: 'clearMessages' },
              { actions: ['showRuleErrors', 'focusFirstError'] },
            ],
            RESEND: { target: 'resending', actions: 'clearMessages' },
          },
        },
        resending: {
          invoke: {
            id: 'resendFromCode',
            src: 'resendCode',
            input: ({ context }) => ({ email: normalizeEmail(context.email) }),
            onDone: { target: 'idle', actions: ['clearDigits', 'noteResent', 'notifyResent'] },
            onError: { target: 'idle', actions: 'showResendError' },
          },
        },
      },
    },
    verifying: {
      invoke: {
        id: 'verifyTyped',
        src: 'verifyCode',
        input: ({ context }) => ({ email: normalizeEmail(context.email), otp: code(context) }),
        onDone: { target: 'verified' },
        onError: [
          { guard: 'codeAlreadyUsed', target: 'verified' },
          { target: 'enteringCode', actions: ['showCodeError', 'clearDigits', 'focusFirstError'] },
        ],
      },
    },
    verifyingLink: {
      invoke: {
        id: 'verifyLink',
        src: 'verifyCode',
        input: ({ context }) => ({ email: normalizeEmail(context.email), otp: code(context) }),
        onDone: { target: 'verified' },
        onError: [
          { guard: 'codeAlreadyUsed', target: 'verified' },
          { guard: 'codeIsDead', target: 'linkExpired', actions: 'goToExpiredLink' },
          // A mangled link (wrong code): the boxes, with the reason, so the emailed code can be typed.
          { target: 'enteringCode', actions: ['showCodeError', 'clearDigits'] },
        ],
      },
    },
    linkExpired: {
      initial: 'idle',
      states: {
        idle: {
          on: { RESEND: { target: 'resending', actions: 'clearMessages' } },
        },
        resending: {
          invoke: {
            id: 'resendFromLink',
            src: 'resendCode',
            input: ({ context }) => ({ email: normalizeEmail(context.email) }),
            onDone: { target: '#emailVerification.enteringCode', actions: ['clearDigits', 'noteResent', 'notifyResent', 'goToCheckEmail'] },
            onError: { target: 'idle', actions: 'showResendError' },
          },
        },
      },
    },
    verified: {
      always: [{ guard: 'isSignedIn', target: 'refreshingUser' }, { target: 'done', actions: 'goToVerifiedElsewhere' }],
    },
    refreshingUser: {
      invoke: {
        src: 'loadUser',
        onDone: {
          target: 'done',
          actions: [{ type: 'reportUser', params: ({ event }) => ({ user: event.output }) }, 'goToApp'],
        },
        // Verified all the same; the session re-reads the user at the next navigation.
        onError: { target: 'done', actions: 'goToApp' },
      },
    },
    done: { type: 'final' },
  },
});
