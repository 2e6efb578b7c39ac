import { VerifyEmailForm, normalizeEmail } from '../../domain/rules/account-rules';
import type { SomeHandlers } from '../http/contract-handlers';
import type { Services } from '../services';
import { checkRules } from '../problems/check-rules';
import { LIMITS, release } from '../security/rate-limit';
import { findUsersByPendingEmail } from '../accounts/users';
import { checkAddressCode, issueEmailCode } from '../accounts/email-verification';
import { accountMail } from '../accounts/account-mail';
import { DomainError, fieldRefusal } from '../problems/domain-error';
import { attemptLimits } from './attempt-limits';

/**
 * The email's one-time codes (issue 3; a new address of account info, issue 21): checking one and sending another.
 * Codes are never logged. Resending answers the same whether or not an account is waiting for a code.
 */
export function emailCodeHandlers(services: Services) {
  const { clock } = services;
  const db = services.database.db;
  const { limit, addressOnlyCall } = attemptLimits(services);
  const { sendVerification } = accountMail(services);

  return {
    verifyEmailOtp: async (request, reply) => {
      const { body } = request;
      const email = normalizeEmail(body.email);
      checkRules(VerifyEmailForm, { email, otp: body.otp });
      const now = clock.now();
      const hits = await limit(request, reply, [{ limit: LIMITS.otpVerifyPerIp, subject: request.ip }], now);
      const { check, user, owner } = await checkAddressCode(db, email, body.otp, now);
      switch (check.result) {
        case 'verified':
          await release(db, hits);
          request.log.info({ userId: user!.id, newEmail: user !== owner }, 'email verified');
          return { emailStatus: 'verified' };
        // A code of an account waiting for an address someone else took meanwhile is right but cannot swap it in.
        case 'email_taken':
          throw fieldRefusal('email_taken', 'email', 'pending');
        case 'already_used':
          await release(db, hits);
          throw new DomainError('otp_already_used');
        case 'expired':
          throw new DomainError('otp_expired');
        case 'locked':
          throw new DomainError('otp_locked');
        default:
          throw fieldRefusal('otp_invalid', 'otp');
      }
    },

    resendEmailOtp: async (request, reply) => {
      const { now, user } = await addressOnlyCall(request, reply, request.body, LIMITS.otpResendPerEmail, LIMITS.otpResendPerIp);
      // The same answer whether or not there is an unverified account with this address, or one waiting to change
      // to it (a new code for the new address; the account's own email is left as it is).
      if (user && user.emailStatus === 'unverified' && user.accountStatus === 'active') {
        const code = await issueEmailCode(db, user.id, normalizeEmail(user.email), now);
        await sendVerification(request, user.email, code);
      } else if (!user) {
        const email = normalizeEmail(request.body.email);
        for (const waiting of await findUsersByPendingEmail(db, email)) {
          const code = await issueEmailCode(db, waiting.id, email, now);
          await sendVerification(request, email, code);
        }
      }
      reply.code(202);
      return { accepted: true };
    },
  } satisfies SomeHandlers;
}
