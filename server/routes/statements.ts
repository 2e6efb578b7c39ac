import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import type { SomeHandlers } from '../http/contract-handlers';
import type { Services } from '../services';
import { authOf } from '../auth/authenticate';
import { enforceLimit } from '../security/enforce-limit';
import { LIMITS } from '../security/rate-limit';
import { statementCsv, statementPeriod, statementScreenLines, statementTotals, statementView } from '../ledger/statement';

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
    const period = await statementPeriod(database, month, tz, now);
    return { userId, period, totals: await statementTotals(database, userId, period) };
  };
  return {
    getStatement: async (request, reply) => {
      const { userId, period, totals } = await opened(request, reply, request.params.month, request.query.tz);
      reply.header('cache-control', 'private, no-store');
      return { ...statementView(period, totals), lines: await statementScreenLines(database, userId, period, totals) };
    },

    getStatementCsv: async (request, reply) => {
      const { userId, period, totals } = await opened(request, reply, request.params.month, request.query.tz);
      return reply
        .code(200)
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="tipjar-statement-${period.month}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(Readable.from(statementCsv(database, userId, period, totals), { objectMode: false }));
    },
  } satisfies SomeHandlers;
}
