import type { SomeHandlers } from '../http/contract-handlers';
import type { Services } from '../services';
import { authOf } from '../auth/authenticate';
import { enforceLimit } from '../security/enforce-limit';
import { LIMITS } from '../security/rate-limit';
import { moneySummary, type SummaryPeriod } from '../ledger/summary';
import { validTimeZone } from '../ledger/time-zone';
import { DomainError } from '../problems/domain-error';

/**
 * The money chart's one call (issue 26.1). The owner check is the `{userId}` route's (anyone else's → 404); the call
 * counts against its limit before any reading.
 */
export function summaryHandlers(services: Services) {
  const { database } = services;
  return {
    getMoneySummary: async (request, reply) => {
      const userId = authOf(request).userId;
      const now = services.clock.now();
      await enforceLimit(database.db, request, reply, [{ limit: LIMITS.summaryPerUser, subject: userId }], now);
      const { period, tz } = request.query;
      const timeZone = tz ?? 'UTC';
      if (!validTimeZone(timeZone)) throw new DomainError('summary_time_zone_invalid');
      return moneySummary(database, userId, period ?? '30d', timeZone, now);
    },
  } satisfies SomeHandlers;
}
