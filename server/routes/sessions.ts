import type { FastifyReply, FastifyRequest } from 'fastify';
import type { components } from '../../openapi/schema';
import { CreateUserRules, SignInForm, normalizeEmail } from '../../domain/rules/account-rules';
import type { SomeHandlers } from '../http/contract-handlers';
import type { Services } from '../services';
import { checkRules } from '../problems/check-rules';
import { tokenOf } from '../auth/authenticate';
import { dummyHash, verifyPassword } from '../auth/passwords';
import { issueSession, revokeSession, sessionOwner } from '../auth/session-tokens';
import { LIMITS, release } from '../security/rate-limit';
import { passwordAttemptCounters } from '../security/password-attempts';
import { clearSessionCookies, setSessionCookies } from '../accounts/session-cookies';
import { sessionUserOf } from '../accounts/session-user';
import { findUserByEmail, type UserRow } from '../accounts/users';
import { accountMail } from '../accounts/account-mail';
import { signUp } from '../accounts/sign-up';
import { DomainError } from '../problems/domain-error';
import { attemptLimits } from './attempt-limits';

/**
 * Sessions (issue 3, spec sections 5 and 7): sign-up (which signs the new account in), sign-in and sign-out. The
 * contract has already checked every body's shape; the shared rules (domain/rules/) decide whether the values are
 * good. Passwords and tokens are never logged: only user ids and outcomes are.
 */
export function sessionHandlers(services: Services) {
  const { config, clock } = services;
  const db = services.database.db;
  const { limit } = attemptLimits(services);
  const { sendVerification } = accountMail(services);
  // Computed now, so that not even the first sign-in with an unknown email takes longer than a wrong password.
  void dummyHash();

  async function signIn(request: FastifyRequest, reply: FastifyReply, row: UserRow, now: Date): Promise<components['schemas']['SignedIn']> {
    const authToken = await issueSession(db, row.id, now);
    const user = await sessionUserOf(db, row);
    setSessionCookies(reply, request, config, authToken, user);
    return { user, authToken, purchase: row.purchase ?? null };
  }

  return {
    createUser: async (request, reply) => {
      const { body } = request;
      const email = normalizeEmail(body.email);
      checkRules(CreateUserRules, { email, password: body.password });
      const now = clock.now();
      await limit(request, reply, [{ limit: LIMITS.signUpPerIp, subject: request.ip }], now);
      const { user: row, invitedBy, code } = await signUp(db, { email, password: body.password, purchase: body.purchase ?? null, invitedBy: body.invitedBy }, now);
      await sendVerification(request, email, code);
      request.log.info({ userId: row.id, invitedBy }, 'account created');
      reply.code(201);
      return signIn(request, reply, row, now);
    },

    login: async (request, reply) => {
      const { body } = request;
      const email = normalizeEmail(body.email);
      checkRules(SignInForm, { email, password: body.password });
      const now = clock.now();
      // Before any hashing: at most 10 failures per account from one address, 50 per address, in 15 minutes.
      const hits = await limit(request, reply, passwordAttemptCounters(email, request.ip), now);
      const user = await findUserByEmail(db, email);
      // An unknown email costs one argon2 verify too, and gets the same answer as a wrong password.
      const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), body.password);
      if (!user || !ok) {
        request.log.info({ userId: user?.id ?? null }, 'sign-in refused');
        throw new DomainError('invalid_credentials');
      }
      await release(db, hits);
      if (user.accountStatus !== 'active') throw new DomainError('account_closed');
      request.log.info({ userId: user.id }, 'signed in');
      return signIn(request, reply, user, now);
    },

    logout: async (request, reply) => {
      const { userId } = request.params;
      const token = tokenOf(request) ?? request.body?.token;
      if (token && token.length <= 200) {
        const owner = await sessionOwner(db, token);
        if (owner && owner.userId !== userId) throw new DomainError('forbidden');
        if (owner) {
          await revokeSession(db, owner.tokenHash, clock.now());
          request.log.info({ userId }, 'signed out');
        }
      }
      clearSessionCookies(reply, request, config);
      return { loggedOut: true };
    },
  } satisfies SomeHandlers;
}
