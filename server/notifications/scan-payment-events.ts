import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { notificationCursor, notifications, paymentEvents, payments } from '../db/schema/index';
import type { NotificationKind } from '../db/schema/notifications';
import type { Tx } from '../ledger/types';
import { notificationOf } from './notification-rules';
import { notificationsToSend } from './notification-mail';
import { yieldToRequests } from '../jobs/yield-to-requests';
import type { JobContext } from '../jobs/handlers';
import type { JobServices } from '../jobs/job-services';
import { jobContextOf } from '../jobs/job-context';
import type { StoreInTransaction } from '../providers/email/index';

/**
 * The notification pass: reads the payment trail (`payment_events`) after a cursor and makes one email per line
 * that deserves one (notification-rules.ts), in one transaction with the cursor's move: a `notifications` row and
 * - when the mailer keeps its messages in this database (the outbox: `storeInTransactionsOf`), the mail itself,
 *   written and stored right there as a `notification_mail` job would (preference, language and address of this
 *   moment; skipped when off; keyed, so stored once) and the notification closed — one transaction per batch of
 *   lines instead of a job row, its lease, its hand-over and its finish per mail (docs/performance.md);
 * - otherwise (SMTP: a call that must not happen inside a transaction) a `notification_mail` job, which delivers it.
 * It runs in the job runner, never in a request: the send's transaction writes nothing for it (the trail line it
 * writes anyway is what is read).
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
  /** Notifications made (mailed or skipped in the pass, or queued as jobs). */
  queued: number;
  /** Of those, the ones left to a `notification_mail` job. */
  jobs: number;
  /** Another instance held the cursor: this pass read nothing. */
  skipped: boolean;
}

export async function scanPaymentEvents(services: JobServices): Promise<ScanReport> {
  const context = await jobContextOf(services);
  const store = context.mailer.storeInTransactionsOf?.(context.database.db) ?? null;
  let queued = 0;
  let jobs = 0;
  for (;;) {
    const batch = await scanBatch(context, store);
    if (!batch) return { queued, jobs, skipped: true };
    // Committed: the batch's mails may be announced now.
    batch.announce();
    queued += batch.queued;
    jobs += batch.jobs;
    if (!batch.more) return { queued, jobs, skipped: false };
    await yieldToRequests();
  }
}

async function scanBatch(context: JobContext, store: StoreInTransaction | null) {
  const { database, clock } = context;
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

    let queued = 0;
    let queuedJobs = 0;
    let announce = () => {};
    if (wanted.length > 0) {
      const freshIds = await insertNotifications(tx, wanted, now);
      if (freshIds.length > 0 && store) {
        announce = await mailInPass(tx, freshIds, now, context, store);
      } else if (freshIds.length > 0) {
        queuedJobs = await queueMailJobs(tx, freshIds, now);
      }
      queued = freshIds.length;
    }
    if (frontier !== cursor.lastEventId) {
      await tx.update(notificationCursor).set({ lastEventId: frontier }).where(eq(notificationCursor.id, 1));
    }
    // Another batch only when this one was full and moved the cursor (a hole stops it until the next tick).
    return { queued, jobs: queuedJobs, announce, cursor: frontier, more: lines.length === BATCH && frontier > cursor.lastEventId };
  });
}

interface Wanted {
  eventId: number;
  paymentId: string;
  userId: string;
  kind: NotificationKind;
}

/**
 * The batch's notifications in one statement, each column passed as one array parameter; returns the trail lines
 * that were new (a line already made, the key, is not made again). As a multi-row insert built by Drizzle, a batch of
 * 200 was ~1,000 parameters to build and encode, synchronously on the API's event loop, in front of whatever request
 * was waiting (docs/performance.md, session 6); this is five parameters and one round trip.
 */
async function insertNotifications(tx: Tx, wanted: Wanted[], now: Date): Promise<number[]> {
  const result = (await tx.execute(sql`
    INSERT INTO notifications (payment_event_id, payment_id, user_id, kind, created_at)
    SELECT w.event_id, w.payment_id, w.user_id, w.kind, ${now.toISOString()}::timestamptz
    FROM unnest(${sql.param(wanted.map((w) => w.eventId))}::bigint[], ${sql.param(wanted.map((w) => w.paymentId))}::uuid[],
                ${sql.param(wanted.map((w) => w.userId))}::uuid[], ${sql.param(wanted.map((w) => w.kind))}::text[])
      AS w(event_id, payment_id, user_id, kind)
    ON CONFLICT DO NOTHING
    RETURNING payment_event_id`)) as unknown as { rows: { payment_event_id: number | string }[] };
  return result.rows.map((row) => Number(row.payment_event_id)).sort((a, b) => a - b);
}

/** A `notification_mail` job per notification (the SMTP path), numbered in trail order so mails go in that order. */
async function queueMailJobs(tx: Tx, eventIds: number[], now: Date): Promise<number> {
  const at = now.toISOString();
  const result = (await tx.execute(sql`
    INSERT INTO jobs (kind, payload, run_at, created_at)
    SELECT 'notification_mail', jsonb_build_object('eventId', id), ${at}::timestamptz, ${at}::timestamptz
    FROM unnest(${sql.param(eventIds)}::bigint[]) AS id ORDER BY id
    RETURNING id`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

/**
 * The mails of notifications just made, in the pass's transaction: written as the job's prepare writes them (those
 * that must not go closed as skipped), stored in the outbox, and closed as sent. Returns the outbox's announcement.
 */
async function mailInPass(tx: Tx, eventIds: number[], now: Date, context: JobContext, store: StoreInTransaction): Promise<() => void> {
  const messages = await notificationsToSend(tx, eventIds, now, context);
  const toSend = eventIds.filter((id) => messages.get(id));
  if (toSend.length === 0) return () => {};
  const announce = await store(tx, toSend.map((id) => messages.get(id)!));
  await tx
    .update(notifications)
    .set({ status: 'sent', finishedAt: now })
    .where(and(inArray(notifications.paymentEventId, toSend), eq(notifications.status, 'pending')));
  return announce;
}
