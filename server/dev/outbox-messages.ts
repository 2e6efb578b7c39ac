import { desc, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { outbox } from '../db/schema/index';

/** The newest messages in the outbox (GET /api/dev/outbox, outside production): to one address, or to anyone. */
export async function latestOutboxMessages(db: Db, to: string | undefined, limit: number) {
  const rows = await db
    .select()
    .from(outbox)
    .where(to ? sql`lower(${outbox.recipient}) = lower(${to.trim()})` : undefined)
    .orderBy(desc(outbox.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    to: r.recipient,
    subject: r.subject,
    body: r.body,
    createdAt: r.createdAt.toISOString(),
  }));
}
