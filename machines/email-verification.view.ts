import type { SnapshotFrom } from 'xstate';
import type { emailVerificationMachine } from './email-verification.machine';
import type { FieldErrors, FormMessage } from './forms/field-errors';

type EmailVerificationSnapshot = Pick<SnapshotFrom<typeof emailVerificationMachine>, 'matches' | 'can' | 'context'>;

/** A button: whether it may be pressed now (the machine would take its event), and its words (an `accounts:` key). */
interface VerificationButton<K extends string> {
  enabled: boolean;
  labelKey: K;
}

/**
 * The email-verification screens (/check-email, /verify-email, /expired-link) as the machine shows them (issue 24
 * item 6): which screen, whether the boxes take digits, and what Verify and Resend may do from `can`, with the words
 * of the one working. The view renders this.
 */
export interface EmailVerificationView {
  /** The expired link's page: ask for a new code. */
  expiredLink: { message: FormMessage | null; resend: VerificationButton<'expiredLink.resend' | 'expiredLink.resending'> } | null;
  /** The code in six boxes. */
  code: {
    digits: string[];
    error: FieldErrors<'otp'>['otp'];
    message: FormMessage | null;
    /** "We sent a new code" after a resend. */
    resent: boolean;
    /** The boxes take digits now (not while the code is checked or a new one is on its way). */
    typing: boolean;
    verify: VerificationButton<'checkEmail.submit' | 'checkEmail.submitting'>;
    resend: VerificationButton<'checkEmail.resend' | 'checkEmail.resending'>;
  } | null;
  /** Neither: the link's code being checked, or on the way out once verified ("Checking…"). */
  checking: boolean;
}

export function emailVerificationView(snapshot: EmailVerificationSnapshot): EmailVerificationView {
  const { digits, errors, message, resent } = snapshot.context;
  const expiredLink = snapshot.matches('linkExpired')
    ? {
        message,
        resend: {
          enabled: snapshot.can({ type: 'RESEND' }),
          labelKey: snapshot.matches({ linkExpired: 'resending' }) ? 'expiredLink.resending' : 'expiredLink.resend',
        } as const,
      }
    : null;
  const code =
    snapshot.matches('enteringCode') || snapshot.matches('verifying')
      ? {
          digits,
          error: errors.otp,
          message,
          resent,
          typing: snapshot.can({ type: 'CODE_CHANGED', digits: [] }),
          verify: {
            enabled: snapshot.can({ type: 'SUBMIT' }),
            labelKey: snapshot.matches('verifying') ? 'checkEmail.submitting' : 'checkEmail.submit',
          } as const,
          resend: {
            enabled: snapshot.can({ type: 'RESEND' }),
            labelKey: snapshot.matches({ enteringCode: 'resending' }) ? 'checkEmail.resending' : 'checkEmail.resend',
          } as const,
        }
      : null;
  return { expiredLink, code, checking: !expiredLink && !code };
}
