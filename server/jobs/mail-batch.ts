import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { jobs } from '../db/schema/index';
import type { EmailMessage } from '../providers/email/index';
import { notificationsToSend } from '../notifications/notification-mail';
import type { JobContext } from './handlers';
import { failureOutcome, LEASE_MS, recordFailure, type JobOutcome } from './job-records';

type Job = typeof jobs.$inferSelect;

/**
 * Due `notification_mail` jobs taken together: the same steps as one job of jobs/handlers.ts (prepare under lock,
 * hand over with no transaction open, mark sent) with each step done once for the whole batch — a transaction to
 * claim, lease and write the messages, one hand-over (the outbox: one insert), one statement to finish. One mail at
 * a time was some fifteen statements per payment received, on PGlite's single connection and the API's thread.
 *
 * Every guarantee of a single job holds: claimed `FOR UPDATE SKIP LOCKED` and leased (another runner skips them,
 * a runner dying mid-batch leaves them to be claimed again when the lease ends), the message written at the moment
 * it goes (preference, language and address of then, skipped when off), each mail once by its key, a job finished
 * only if its lease is still this runner's, and a failed hand-over recorded on each of its jobs for a retry.
 */
export const MAIL_BATCH = 100;

export interface MailBatchReport {
  /** Jobs claimed and run (0: none was due, or every due one is another runner's). */
  ran: number;
}

export interface FinishedJob {
  job: Job;
  outcome: JobOutcome;
  error?: unknown;
}

const eventIdOf = (job: Job) => Number(job.payload.eventId);

export async function runMailBatch(context: JobContext, size: number, onFinished: (finished: FinishedJob[]) => void): Promise<MailBatchReport> {
  const { db } = context.database;
  const now = context.clock.now();

  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'notification_mail'), eq(jobs.status, 'pending'), lte(jobs.runAt, now)))
      .orderBy(asc(jobs.runAt), asc(jobs.id))
      .limit(size)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const messages = await notificationsToSend(tx, due.map(eventIdOf), now, context);
    const nothingToSend = due.filter((job) => !messages.get(eventIdOf(job))).map((job) => job.id);
    const toSend = due.filter((job) => messages.get(eventIdOf(job))).map((job) => job.id);
    if (nothingToSend.length > 0) {
      await tx
        .update(jobs)
        .set({ status: 'done', finishedAt: now, attempts: sql`${jobs.attempts} + 1` })
        .where(inArray(jobs.id, nothingToSend));
    }
    // The lease, with the attempt counted now (a crash counts), as for a single external job.
    if (toSend.length > 0) {
      await tx
        .update(jobs)
        .set({ runAt: new Date(now.getTime() + LEASE_MS), attempts: sql`${jobs.attempts} + 1` })
        .where(inArray(jobs.id, toSend));
    }
    return due.map((job) => ({ job, message: messages.get(eventIdOf(job)) ?? null }));
  });
  if (claimed.length === 0) return { ran: 0 };

  const finished: FinishedJob[] = claimed.filter((c) => !c.message).map(({ job }) => ({ job, outcome: 'done' as const }));
  const leased = claimed.filter((c): c is { job: Job; message: EmailMessage } => c.message !== null);
  const { handedOver, failed } = await handOver(context, leased);

  const after = context.clock.now();
  if (handedOver.length > 0) {
    // Finished only where the lease is still ours (status and attempts as this batch left them): a runner that took
    // a job over after our lease ended records the (same) outcome itself. One statement, its own transaction.
    const pairs = handedOver.map(({ job }) => sql`(${job.id}::bigint, ${job.attempts + 1}::integer)`);
    const done = await context.database.rows<{ id: string | number }>(sql`
      WITH done AS (
        UPDATE jobs SET status = 'done', finished_at = ${after.toISOString()}::timestamptz
        WHERE status = 'pending' AND (id, attempts) IN (${sql.join(pairs, sql`, `)})
        RETURNING id, payload
      ), sent AS (
        UPDATE notifications SET status = 'sent', finished_at = ${after.toISOString()}::timestamptz
        WHERE status = 'pending' AND payment_event_id IN (SELECT (payload->>'eventId')::bigint FROM done)
      )
      SELECT id FROM done`);
    const ours = new Set(done.map((row) => Number(row.id)));
    for (const { job } of handedOver) if (ours.has(job.id)) finished.push({ job, outcome: 'done' });
  }
  for (const { job, error } of failed) {
    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(jobs).where(eq(jobs.id, job.id)).for('update');
      if (current?.status === 'pending' && current.attempts === job.attempts + 1) {
        finished.push({ job, outcome: failureOutcome(current.attempts), error });
        await recordFailure(tx, current, current.attempts, error, after);
      }
    });
  }
  onFinished(finished);
  return { ran: claimed.length };
}

interface Leased {
  job: Job;
  message: EmailMessage;
}

/** All at once when the mailer can (all or none), else one by one, each failure its own job's. */
async function handOver(context: JobContext, leased: Leased[]): Promise<{ handedOver: Leased[]; failed: (Leased & { error: unknown })[] }> {
  const { mailer } = context;
  if (leased.length === 0) return { handedOver: [], failed: [] };
  if (mailer.sendAll) {
    try {
      await mailer.sendAll(leased.map((l) => l.message));
      return { handedOver: leased, failed: [] };
    } catch (error) {
      return { handedOver: [], failed: leased.map((l) => ({ ...l, error })) };
    }
  }
  const handedOver: Leased[] = [];
  const failed: (Leased & { error: unknown })[] = [];
  for (const l of leased) {
    try {
      await mailer.send(l.message);
      handedOver.push(l);
    } catch (error) {
      failed.push({ ...l, error });
    }
  }
  return { handedOver, failed };
}
