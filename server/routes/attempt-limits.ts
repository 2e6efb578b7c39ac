import type { FastifyReply, FastifyRequest } from 'fastify';
import type { components } from '../../openapi/schema';
import { EmailForm, normalizeEmail } from '../../domain/rules/account-rules';
import type { Services } from '../services';
import { checkRules } from '../problems/check-rules';
import { enforceLimit } from '../security/enforce-limit';
import type { Counter, Limit } from '../security/rate-limit';
import { findUserByEmail } from '../accounts/users';

/**
 * The account routes' abuse limits: every guessable or costly call counts an attempt before it does any work, and a
 * full bucket is the 429 every limited call gives (server/security/enforce-limit.ts).
 */
export function attemptLimits(services: Services) {
  const { clock } = services;
  const db = services.database.db;

  /** Counts an attempt; the hit ids are given back so a success can release them. */
  const limit = (request: FastifyRequest, reply: FastifyReply, counters: Counter[], now: Date) => enforceLimit(db, request, reply, counters, now);

  /**
   * A call that only names an address (resend a code, forgot password): checked and counted per address and per
   * client before anything is looked up; the account it names, if any. The caller answers the same either way.
   */
  async function addressOnlyCall(
    request: FastifyRequest,
    reply: FastifyReply,
    given: components['schemas']['EmailRequest'],
    perEmail: Limit,
    perIp: Limit,
  ) {
    const email = normalizeEmail(given.email);
    checkRules(EmailForm, { email });
    const now = clock.now();
    await limit(request, reply, [{ limit: perEmail, subject: email }, { limit: perIp, subject: request.ip }], now);
    return { now, user: await findUserByEmail(db, email) };
  }

  return { limit, addressOnlyCall };
}
