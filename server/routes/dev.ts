import { desc, sql } from 'drizzle-orm';
import type { components } from '../../openapi/schema';
import type { OperationHandlers } from '../http/operations';
import type { Services } from '../services';
import { HttpProblem } from '../http/problem';
import { isSettableClock } from '../clock';
import { outbox } from '../db/schema/index';
import { writeDevClockOffset } from '../db/dev-clock';

type Schemas = components['schemas'];

/**
 * Outside production only (operations marked `x-dev-only` get no route in production, so they answer 404):
 * the outbox, where tests and developers read codes and links, and the shared test clock.
 */
export function devHandlers(services: Services): OperationHandlers {
  const db = services.database.db;
  const clock = services.clock;

  const clockState = (): Schemas['DevClock'] => ({
    now: clock.now().toISOString(),
    offsetMs: isSettableClock(clock) ? clock.offset : 0,
  });

  return {
    getDevOutbox: async (request) => {
      const { to, limit } = request.query as { to?: string; limit?: number };
      const rows = await db
        .select()
        .from(outbox)
        .where(to ? sql`lower(${outbox.recipient}) = lower(${to.trim()})` : undefined)
        .orderBy(desc(outbox.id))
        .limit(limit ?? 20);
      return {
        messages: rows.map((r) => ({
          id: r.id,
          channel: r.channel,
          to: r.recipient,
          subject: r.subject,
          body: r.body,
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },

    getDevClock: async () => clockState(),

    setDevClock: async (request) => {
      const body = request.body as Schemas['DevClockChange'];
      if (!isSettableClock(clock)) throw new HttpProblem(409, 'clock_fixed', 'errors:invalid_request');
      const current = clock.offset;
      const next = body.advanceMs !== undefined ? current + body.advanceMs : (body.offsetMs ?? current);
      await writeDevClockOffset(db, next);
      clock.setOffset(next);
      request.log.info({ offsetMs: next }, 'test clock moved');
      return clockState();
    },
  };
}
