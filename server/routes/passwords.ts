import { ChangePasswordForm, ResetPasswordForm, normalizeEmail } from '../../domain/rules/account-rules';
import type { SomeHandlers } from '../http/contract-handlers';
import type { Services } from '../services';
import { checkRules } from '../problems/check-rules';
import { authOf } from '../auth/authenticate';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { revokeAllSessions } from '../auth/session-tokens';
import { LIMITS, release } from '../security/rate-limit';
import { clearPasswordLockOuts, passwordAttemptCounters } from '../security/password-attempts';
import { findUserByEmail, findUserById, setPasswordHash } from '../accounts/users';
import { accountMail } from '../accounts/account-mail';
import { RESET_TTL_MS, checkReset, completeReset, issueReset, revokeResets } from '../accounts/password-reset';
import { DomainError, fieldRefusal } from '../problems/domain-error';
import { attemptLimits } from './attempt-limits';

/**
 * Passwords (issue 3, spec section 7): a forgotten one (a link by email), its reset, and a change while signed in.
 * Passwords and saltcodes are never logged. A reset or a change revokes the other sessions.
 */
export function passwordHandlers(services: Services) {
  const { config, clock } = services;
  const db = services.database.db;
  const { limit, addressOnlyCall } = attemptLimits(services);
  const { send } = accountMail(services);

  return {
    forgotPassword: async (request, reply) => {
      const { now, user } = await addressOnlyCall(request, reply, request.body, LIMITS.forgotPerEmail, LIMITS.forgotPerIp);
      // The same answer whether or not the address has an account.
      if (user && user.accountStatus === 'active') {
        const saltcode = await issueReset(db, user.id, now);
        const link = `${config.publicUrl}/reset-password?email=${encodeURIComponent(user.email)}&saltcode=${saltcode}`;
        await send(request, user.email, 'reset', { link, minutes: RESET_TTL_MS / 60_000 }, RESET_TTL_MS);
        request.log.info({ userId: user.id }, 'password reset link sent');
      }
      reply.code(202);
      return { accepted: true };
    },

    resetPassword: async (request, reply) => {
      const { body } = request;
      const email = normalizeEmail(body.email);
      checkRules(ResetPasswordForm, { ...body, email });
      const now = clock.now();
      const hits = await limit(request, reply, [{ limit: LIMITS.resetPerIp, subject: request.ip }], now);
      const user = await findUserByEmail(db, email);
      const check = await checkReset(db, user?.id, body.saltcode, now);
      if (check.result === 'invalid') throw new DomainError('reset_link_invalid');
      if (check.result === 'expired') throw new DomainError('reset_link_expired');
      if (check.result !== 'ok') throw new DomainError('reset_link_used');
      const passwordHash = await hashPassword(body.password_1);
      if (!(await completeReset(db, check, passwordHash, now))) {
        throw new DomainError('reset_link_used');
      }
      await release(db, hits);
      // The owner proved the mailbox: lift a lock-out of the account so they can sign in at once.
      await clearPasswordLockOuts(db, email);
      request.log.info({ userId: check.userId }, 'password reset; every session revoked');
      return { passwordChanged: true };
    },

    changePassword: async (request, reply) => {
      const { userId, tokenHash } = authOf(request);
      const { body } = request;
      checkRules(ChangePasswordForm, body);
      const user = await findUserById(db, userId);
      if (!user) throw new DomainError('user_not_found', { variant: 'account' });
      const now = clock.now();
      // A stolen session must not become a way to guess the password: wrong current passwords count as failed
      // sign-ins of the account, checked before hashing.
      const hits = await limit(request, reply, passwordAttemptCounters(user.email, request.ip), now);
      if (!(await verifyPassword(user.passwordHash, body.current_password))) {
        throw fieldRefusal('current_password_wrong', 'current_password');
      }
      await release(db, hits);
      const passwordHash = await hashPassword(body.password_1);
      await setPasswordHash(db, userId, passwordHash, now);
      await revokeAllSessions(db, userId, now, tokenHash);
      await revokeResets(db, userId, now);
      request.log.info({ userId }, 'password changed; other sessions revoked');
      return { passwordChanged: true };
    },
  } satisfies SomeHandlers;
}
