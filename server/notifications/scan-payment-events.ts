import { asc, eq, gt, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { notificationCursor, paymentEvents, payments } from '../db/schema/index';
import type { Tx } from '../ledger/types';
import type { NotificationKind } from '../db/schema/notifications';
import { notificationOf } from './notification-rules';
import { yieldToRequests } from '../jobs/yield-to-requests';

/**
 * The notification pass: reads the payment trail (`payment_events`) after a cursor and queues one email per line
 * that deserves one (notification-rules.ts): a `notifications` row and a `notification_mail` job, in one
 * transaction with the cursor's move. It runs in the job runner, never in a request: the send's transaction writes
 * nothing for it (the trail line it writes anyway is what is read).
 *
 * Several instances: the cursor row is locked `FOR UPDATE SKIP LOCKED`, so one pass reads at a time and the
 * others skip their turn; the notification's primary key (the trail line) makes a line read twice harmless.
 *
 * Commit order: trail ids come from a sequence when a line is inserted, and transactions commit in any order, so
 * when line 12 is visible, line 11 may still be in a transaction that has not committed (or that rolled back and
 * never will). The cursor therefore only moves over an unbroken run of ids; the lines after a hole are queued at
 * once all the same (the key dedupes them when read again), and the hole is given up as a rollback only once the
 * line after it is older than GAP_GRACE_MS — far longer than any transaction of ours stays open.
 */
export const GAP_GRACE_MS = 2 * 60_000;
// A batch is one transaction on the connection the API shares (PGlite): kept short, with requests served between.
const BATCH = 200;

export interface ScanReport {
  /** Emails queued (notifications rows and their jobs). */
  queued: number;
  /** Another instance held the cursor: this pass read nothing. */
  skipped: boolean;
}

export async function scanPaymentEvents(services: { database: Database; clock: Clock }): Promise<ScanReport> {
  let queued = 0;
  for (;;) {
    const batch = await scanBatch(services);
    if (!batch) return { queued, skipped: true };
    queued += batch.queued;
    if (!batch.more) return { queued, skipped: false };
    await yieldToRequests();
  }
}

async function scanBatch({ database, clock }: { database: Database; clock: Clock }) {
  return database.db.transaction(async (tx) => {
    const [cursor] = await tx.select().from(notificationCursor).where(eq(notificationCursor.id, 1)).for('update', { skipLocked: true });
    // Another instance is reading the trail right now: its pass covers ours.
    if (!cursor) return null;
    const now = clock.now();
    const lines = await tx
      .select({
        id: paymentEvents.id,
        paymentId: paymentEvents.paymentId,
        fromStatus: paymentEvents.fromStatus,
        toStatus: paymentEvents.toStatus,
        event: paymentEvents.event,
        occurredAt: paymentEvents.occurredAt,
        kind: payments.kind,
        senderUserId: payments.senderUserId,
        receiverUserId: payments.receiverUserId,
      })
      .from(paymentEvents)
      .innerJoin(payments, eq(payments.id, paymentEvents.paymentId))
      .where(gt(paymentEvents.id, cursor.lastEventId))
      .orderBy(asc(paymentEvents.id))
      .limit(BATCH);

    let frontier = cursor.lastEventId;
    let unbroken = true;
    const wanted: Wanted[] = [];
    for (const line of lines) {
      if (unbroken) {
        const settled = line.id === frontier + 1 || now.getTime() - line.occurredAt.getTime() >= GAP_GRACE_MS;
        if (settled) frontier = line.id;
        else unbroken = false;
      }
      const target = notificationOf(line);
      if (target) wanted.push({ eventId: line.id, paymentId: line.paymentId, userId: target.userId, kind: target.kind });
    }

    const queued = wanted.length > 0 ? await queueMails(tx, wanted, now) : 0;
    if (frontier !== cursor.lastEventId) {
      await tx.update(notificationCursor).set({ lastEventId: frontier }).where(eq(notificationCursor.id, 1));
    }
    // Another batch only when this one was full and moved the cursor (a hole stops it until the next tick).
    return { queued, cursor: frontier, more: lines.length === BATCH && frontier > cursor.lastEventId };
  });
}

interface Wanted {
  eventId: number;
  paymentId: string;
  userId: string;
  kind: NotificationKind;
}

/**
 * The batch's notifications and their `notification_mail` jobs in one statement, each column passed as one array
 * parameter: a trail line already queued (the key) gets neither again. As two multi-row inserts built by Drizzle, a
 * batch of 200 was ~1,000 parameters to build and encode, synchronously on the API's event loop, in front of
 * whatever request was waiting (docs/performance.md, session 6); this is five parameters and one round trip.
 * The jobs are numbered in trail order, as before, so mails go in that order.
 */
async function queueMails(tx: Tx, wanted: Wanted[], now: Date): Promise<number> {
  const at = now.toISOString();
  const result = (await tx.execute(sql`
    WITH fresh AS (
      INSERT INTO notifications (payment_event_id, payment_id, user_id, kind, created_at)
      SELECT w.event_id, w.payment_id, w.user_id, w.kind, ${at}::timestamptz
      FROM unnest(${sql.param(wanted.map((w) => w.eventId))}::bigint[], ${sql.param(wanted.map((w) => w.paymentId))}::uuid[],
                  ${sql.param(wanted.map((w) => w.userId))}::uuid[], ${sql.param(wanted.map((w) => w.kind))}::text[])
        AS w(event_id, payment_id, user_id, kind)
      ON CONFLICT DO NOTHING
      RETURNING payment_event_id
    ), queued AS (
      INSERT INTO jobs (kind, payload, run_at, created_at)
      SELECT 'notification_mail', jsonb_build_object('eventId', payment_event_id), ${at}::timestamptz, ${at}::timestamptz
      FROM fresh ORDER BY payment_event_id
      RETURNING id
    )
    SELECT count(*)::int AS queued FROM queued`)) as unknown as { rows: { queued: number }[] };
  return Number(result.rows[0]?.queued ?? 0);
}
