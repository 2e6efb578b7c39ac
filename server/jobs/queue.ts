import { jobs } from '../db/schema/index';
import type { Tx } from '../ledger/types';

/** Kinds of background job; each has a handler in jobs/handlers.ts. */
export type JobKind = 'expire_hold';

/** Schedules a job in the caller's transaction: it exists only if the change that needs it commits. */
export async function enqueueJob(tx: Tx, kind: JobKind, payload: Record<string, unknown>, runAt: Date, now: Date): Promise<void> {
  await tx.insert(jobs).values({ kind, payload, runAt, createdAt: now });
}
