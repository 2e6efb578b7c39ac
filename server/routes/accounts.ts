import type { FastifyReply, FastifyRequest } from 'fastify';
import type { components } from '../../openapi/schema';
import { needsSetUp } from '../../domain/session-user';
import {
  ChangePasswordForm,
  CreateUserRules,
  EmailForm,
  ResetPasswordForm,
  SetUpForm,
  SignInForm,
  VerifyEmailForm,
  normalizeEmail,
} from '../../domain/rules/account-rules';
import type { SomeHandlers } from '../http/contract-handlers';
import type { Services } from '../services';
import { checkRules } from '../problems/check-rules';
import { authOf, tokenOf } from '../auth/authenticate';
import { dummyHash, hashPassword, verifyPassword } from '../auth/passwords';
import { issueSession, revokeAllSessions, revokeSession, sessionOwner } from '../auth/session-tokens';
import { LIMITS, consume, release, type Counter, type Limit } from '../security/rate-limit';
import { clearPasswordLockOuts, passwordAttemptCounters } from '../security/password-attempts';
import { clearSessionCookies, setSessionCookies, setUserCookie } from '../accounts/session-cookies';
import { sessionUserOf } from '../accounts/session-user';
import {
  completeSetUp,
  findUserByEmail,
  findUserById,
  findUsersByPendingEmail,
  isUniqueViolation,
  setPasswordHash,
  toSessionUser,
  usernameTaken,
  usernameTakenByOther,
  type UserRow,
} from '../accounts/users';
import { checkEmailCode, issueEmailCode } from '../accounts/email-verification';
import { accountMail } from '../accounts/account-mail';
import { signUp } from '../accounts/sign-up';
import { RESET_TTL_MS, checkReset, completeReset, issueReset, revokeResets } from '../accounts/password-reset';
import { DomainError, fieldRefusal } from '../problems/domain-error';

type Schemas = components['schemas'];

/**
 * Accounts (issue 3, spec sections 5 and 7): sign-up, email verification, sign-in and out, forgotten and changed
 * passwords, the set-up gate and the user's own account. The contract has already checked every body's shape;
 * the shared rules (domain/rules/) decide whether the values are good. Secrets (passwords, tokens, codes, saltcodes)
 * are never logged: only user ids and outcomes are.
 */
export function accountHandlers(services: Services) {
  const { config, clock } = services;
  const db = services.database.db;
  // Computed now, so that not even the first sign-in with an unknown email takes longer than a wrong password.
  void dummyHash();

  /** Counts an attempt before any costly or guessable work; a full bucket is a 429 with Retry-After. */
  async function limit(request: FastifyRequest, reply: FastifyReply, counters: Counter[], now: Date): Promise<number[]> {
    const outcome = await consume(db, counters, now);
    if (outcome.allowed) return outcome.hitIds;
    const seconds = Math.max(1, Math.ceil(outcome.retryAfterMs / 1000));
    request.log.warn({ limits: counters.map((c) => c.limit.name), retryAfterSeconds: seconds }, 'rate limit reached');
    reply.header('retry-after', String(seconds));
    throw new DomainError('too_many_attempts', { values: { minutes: Math.max(1, Math.ceil(seconds / 60)) } });
  }

  /** The usual pair of limits: per email address (or account) and per client address, counted before any work. */
  const perAddressAndClient = (request: FastifyRequest, reply: FastifyReply, email: string, perEmail: Limit, perIp: Limit, now: Date) =>
    limit(request, reply, [{ limit: perEmail, subject: email }, { limit: perIp, subject: request.ip }], now);

  /**
   * A call that only names an address (resend a code, forgot password): checked and counted before anything is
   * looked up; the account it names, if any. The caller answers the same either way.
   */
  async function addressOnlyCall(request: FastifyRequest, reply: FastifyReply, given: Schemas['EmailRequest'], perEmail: Limit, perIp: Limit) {
    const email = normalizeEmail(given.email);
    checkRules(EmailForm, { email });
    const now = clock.now();
    await perAddressAndClient(request, reply, email, perEmail, perIp, now);
    return { now, user: await findUserByEmail(db, email) };
  }

  const { send, sendVerification } = accountMail(services);

  async function signIn(request: FastifyRequest, reply: FastifyReply, row: UserRow, now: Date): Promise<Schemas['SignedIn']> {
    const authToken = await issueSession(db, row.id, now);
    const user = await sessionUserOf(db, row);
    setSessionCookies(reply, request, config, authToken, user);
    return { user, authToken, purchase: row.purchase ?? null };
  }

  const invalidCredentials = () => new DomainError('invalid_credentials');

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

    verifyEmailOtp: async (request, reply) => {
      const { body } = request;
      const email = normalizeEmail(body.email);
      checkRules(VerifyEmailForm, { email, otp: body.otp });
      const now = clock.now();
      const hits = await limit(request, reply, [{ limit: LIMITS.otpVerifyPerIp, subject: request.ip }], now);
      // The address is an account's email, and/or a new one waiting for this code (account-info, issue 21): the code
      // decides whose it is. A code of an account waiting for an address someone else took meanwhile is right but
      // cannot swap it in (409 email_taken).
      const owner = await findUserByEmail(db, email);
      const candidates = [...(owner ? [owner] : []), ...(await findUsersByPendingEmail(db, email)).filter((c) => c.id !== owner?.id)];
      let check: Awaited<ReturnType<typeof checkEmailCode>> = { result: 'invalid' };
      let user: UserRow | undefined;
      for (const candidate of candidates) {
        const result = await checkEmailCode(db, candidate.id, email, body.otp, now);
        if (result.result === 'invalid' || result.result === 'locked') {
          if (check.result === 'invalid') check = result;
          continue;
        }
        [check, user] = [result, candidate];
        break;
      }
      switch (check.result) {
        case 'verified':
          await release(db, hits);
          request.log.info({ userId: user!.id, newEmail: user !== owner }, 'email verified');
          return { emailStatus: 'verified' };
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
        throw invalidCredentials();
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

    setUpAccount: async (request, reply) => {
      const { userId } = authOf(request);
      const { body } = request;
      const values = { ...body, fullName: body.fullName.trim() };
      checkRules(SetUpForm, values);
      const user = await findUserById(db, userId);
      if (!user) throw new DomainError('user_not_found', { variant: 'account' });
      if (!needsSetUp(toSessionUser(user, null))) throw new DomainError('set_up_done');
      if (await usernameTakenByOther(db, values.username, userId)) throw usernameTaken();
      const now = clock.now();
      let row: UserRow | undefined;
      try {
        // Once only, even when two set-ups race: the second finds nothing left to set.
        row = await completeSetUp(db, userId, values, now);
      } catch (error) {
        if (isUniqueViolation(error)) throw usernameTaken();
        throw error;
      }
      if (!row) throw new DomainError('set_up_done');
      const sessionUser = await sessionUserOf(db, row);
      setUserCookie(reply, request, config, sessionUser);
      request.log.info({ userId }, 'account set up');
      return { user: sessionUser };
    },

    getAccount: async (request, reply) => {
      const { userId } = authOf(request);
      const user = await findUserById(db, userId);
      if (!user) throw new DomainError('user_not_found', { variant: 'account' });
      const sessionUser = await sessionUserOf(db, user);
      setUserCookie(reply, request, config, sessionUser);
      return {
        user: sessionUser,
        purchase: user.purchase ?? null,
        eSignatureConsentAt: user.eSignatureConsentAt?.toISOString() ?? null,
        createdAt: user.createdAt.toISOString(),
        phoneNumber: user.phoneNumber ?? null,
        pendingEmail: user.pendingEmail ?? null,
      };
    },
  } satisfies SomeHandlers;
}
