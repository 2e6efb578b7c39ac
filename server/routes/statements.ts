import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import type { SomeHandlers } from '../http/contract-handlers';
import type { Services } from '../services';
import { authOf } from '../auth/authenticate';
import { enforceLimit } from '../security/enforce-limit';
import { LIMITS } from '../security/rate-limit';
import { statementCsv, statementPeriod, statementScreenLines, statementStart, statementTotals, statementView } from '../ledger/statement';

/**
 * Monthly statements (issue 26.2). The owner check is the `{userId}` route's (anyone else's → 404); both calls count
 * against one limit, before any reading. The CSV is streamed a batch at a time with backpressure: a slow reader holds
 * no more than a batch in memory, and the event loop serves other requests between batches.
 */
export function statementHandlers(services: Services) {
  const { database } = services;
  const opened = async (request: FastifyRequest, reply: FastifyReply, month: string, tz: string | undefined) => {
    const userId = authOf(request).userId;
    const now = services.clock.now();
    await enforceLimit(database.db, request, reply, [{ limit: LIMITS.statementPerUser, subject: userId }], now);
    return { userId, period: await statementPeriod(database, month, tz, now) };
  };
  return {
    getStatement: async (request, reply) => {
      const { userId, period } = await opened(request, reply, request.params.month, request.query.tz);
      const totals = await statementTotals(database, userId, period);
      reply.header('cache-control', 'private, no-store');
      return { ...statementView(period, totals), lines: await statementScreenLines(database, userId, period, totals) };
    },

    getStatementCsv: async (request, reply) => {
      const { userId, period } = await opened(request, reply, request.params.month, request.query.tz);
      // Only what the lines need (the opening and the month's entry range): the screen's totals are not in the CSV.
      const start = await statementStart(database, userId, period);
      return reply
        .code(200)
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="tipjar-statement-${period.month}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(Readable.from(statementCsv(database, userId, period, start), { objectMode: false }));
    },
  } satisfies SomeHandlers;
}
