import { sql } from 'drizzle-orm';
import type { Tx } from '../ledger/types';

/** The channel a job due now is announced on (lower case: LISTEN folds an unquoted name). */
export const JOBS_DUE_CHANNEL = 'tipjar_jobs_due';

/**
 * Tells every runner listening (runner.ts) that a job is due, from inside the transaction that queued it: NOTIFY is
 * delivered when that transaction commits, so a runner never wakes before the job is there to claim, and never for
 * a job rolled back. PostgreSQL folds the same notification sent twice in one transaction into one.
 */
export async function announceDueJob(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${JOBS_DUE_CHANNEL}, '')`);
}
