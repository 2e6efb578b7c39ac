import { eq } from 'drizzle-orm';
import { jobs } from '../db/schema/index';
import type { Tx } from '../ledger/types';

/** How a job run ended: done, to be retried (a failure with attempts left, or a provider still pending), or failed for good. */
export type JobOutcome = 'done' | 'retry' | 'failed';

type Job = typeof jobs.$inferSelect;

const MAX_ATTEMPTS = 8;
/** How long a claimed external job is its runner's: no other runner takes it before this has passed. */
export const LEASE_MS = 2 * 60_000;
const backoffMs = (attempts: number) => Math.min(60 * 60_000, 5_000 * 2 ** attempts);

export const failureOutcome = (attempts: number): JobOutcome => (attempts >= MAX_ATTEMPTS ? 'failed' : 'retry');

/** Records a failure: retried later with backoff, or failed for good after MAX_ATTEMPTS. */
export async function recordFailure(tx: Tx, job: Job, attempts: number, error: unknown, now: Date): Promise<void> {
  await tx
    .update(jobs)
    .set({
      attempts,
      lastError: String((error as Error)?.message ?? error).slice(0, 2000),
      status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
      runAt: new Date(now.getTime() + backoffMs(attempts)),
      finishedAt: attempts >= MAX_ATTEMPTS ? now : null,
    })
    .where(eq(jobs.id, job.id));
}
