import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { release } from '../security/rate-limit';
import { enforceLimit } from '../security/enforce-limit';
import { passwordAttemptCounters } from '../security/password-attempts';
import { verifyPassword } from './passwords';
import { fieldRefusal } from '../problems/domain-error';

/**
 * Step-up (issue 21): the calls that could take the account or redirect money — changing the email, the full
 * name or the username, setting the bank account, linking a payout account, closing the account — need the account's password in
 * the same request (`current_password`), because a stolen session alone must not be enough. Missing or empty →
 * 403 `reauthentication_required`; wrong → 403 `wrong_password`, both under the field so a form shows them there.
 */
export interface StepUpUser {
  email: string;
  passwordHash: string;
}

/**
 * Counts one attempt against the sign-in limits (per account and client address, and per address: the counters of
 * server/security/password-attempts.ts, as sign-in and change-password count), before any hashing, so a stolen
 * session cannot become a way to guess the password; a full bucket is a 429 with Retry-After. Returns the hits to
 * release on success.
 */
async function countStepUpAttempt(db: Db, request: FastifyRequest, reply: FastifyReply, user: StepUpUser, now: Date): Promise<number[]> {
  return enforceLimit(db, request, reply, passwordAttemptCounters(user.email, request.ip), now);
}

/** Passes when `password` is the account's; throws the 403 (or the 429 of a full sign-in bucket) otherwise. */
export async function requireStepUp(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  user: StepUpUser,
  password: string | undefined,
  now: Date,
): Promise<void> {
  if (!password) {
    throw fieldRefusal('reauthentication_required', 'current_password');
  }
  const hits = await countStepUpAttempt(db, request, reply, user, now);
  if (!(await verifyPassword(user.passwordHash, password))) {
    request.log.info('step-up refused: wrong password');
    throw fieldRefusal('wrong_password', 'current_password');
  }
  await release(db, hits);
}
