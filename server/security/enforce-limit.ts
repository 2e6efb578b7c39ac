import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { consume, type Counter } from './rate-limit';
import { DomainError } from '../problems/domain-error';

/**
 * Counts an attempt before any costly or guessable work; a full bucket is a 429 with Retry-After and the
 * localised 'try again in N minutes'; the account calls (server/routes/attempt-limits.ts) and every other limited call.
 */
export async function enforceLimit(db: Db, request: FastifyRequest, reply: FastifyReply, counters: Counter[], now: Date): Promise<number[]> {
  const outcome = await consume(db, counters, now);
  if (outcome.allowed) return outcome.hitIds;
  const seconds = Math.max(1, Math.ceil(outcome.retryAfterMs / 1000));
  request.log.warn({ limits: counters.map((c) => c.limit.name), retryAfterSeconds: seconds }, 'rate limit reached');
  reply.header('retry-after', String(seconds));
  // A wait of hours (a daily limit) is said in hours, not in hundreds of minutes.
  if (seconds > 2 * 3600) throw new DomainError('too_many_attempts', { values: { hours: Math.ceil(seconds / 3600) }, variant: 'hours' });
  const minutes = Math.ceil(seconds / 60);
  // A per-minute limit waits at most a minute: "in a minute", not "in 1 minutes".
  if (minutes <= 1) throw new DomainError('too_many_attempts', { variant: 'minute' });
  throw new DomainError('too_many_attempts', { values: { minutes } });
}
