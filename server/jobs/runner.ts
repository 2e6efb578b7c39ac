import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import type { Clock } from '../clock';
import { jobs } from '../db/schema/index';
import type { Tx } from '../ledger/types';
import { expireHold } from '../payments/service';
import { purgeIdempotencyKeys } from '../http/idempotency';

/**
 * Background jobs in the server process, safe with several processes on one database: a job is claimed with
 * `FOR UPDATE SKIP LOCKED` and done in the same transaction as the work, so it runs once, and a crash leaves it
 * pending for the next tick. A failing job is retried with backoff, then marked failed.
 */
export interface JobServices {
  database: Database;
  clock: Clock;
}

type Job = typeof jobs.$inferSelect;
type JobHandler = (tx: Tx, job: Job, now: Date) => Promise<{ retryAt: Date } | void>;

const handlers: Record<string, JobHandler> = {
  expire_hold: (tx, job, now) => expireHold(tx, now, String(job.payload.paymentId)),
};

const MAX_ATTEMPTS = 8;
const backoffMs = (attempts: number) => Math.min(60 * 60_000, 5_000 * 2 ** attempts);

/** Claims and runs one due job; false when none is due (or every due one is being run by another process). */
async function runOne(services: JobServices): Promise<boolean> {
  const now = services.clock.now();
  let failure: { job: Job; error: unknown } | null = null;
  const ran = await services.database.db.transaction(async (tx) => {
    const [job] = await tx
      .select()
      .from(jobs)
      .where(and(eq(jobs.status, 'pending'), lte(jobs.runAt, now)))
      .orderBy(asc(jobs.runAt), asc(jobs.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!job) return false;
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      // A savepoint: if the work fails, the claim survives and records the failure.
      const outcome = await tx.transaction((work) => handler(work, job, now));
      if (outcome && 'retryAt' in outcome) {
        await tx.update(jobs).set({ runAt: outcome.retryAt }).where(eq(jobs.id, job.id));
      } else {
        await tx.update(jobs).set({ status: 'done', finishedAt: now, attempts: job.attempts + 1 }).where(eq(jobs.id, job.id));
      }
    } catch (error) {
      failure = { job, error };
      const attempts = job.attempts + 1;
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
    return true;
  });
  if (failure) {
    const { job, error } = failure as { job: Job; error: unknown };
    console.error(`job ${job.id} (${job.kind}) failed:`, error);
  }
  return ran;
}

export interface JobRunReport {
  ran: number;
  purgedIdempotencyKeys: number;
}

/** Runs every due job (up to `limit`) and purges expired idempotency keys. Tests call this directly. */
export async function runDueJobs(services: JobServices, limit = 500): Promise<JobRunReport> {
  let ran = 0;
  while (ran < limit && (await runOne(services))) ran++;
  const purgedIdempotencyKeys = await purgeIdempotencyKeys(services.database.db, services.clock.now());
  return { ran, purgedIdempotencyKeys };
}

export interface JobRunner {
  stop(): Promise<void>;
}

/** Runs due jobs every `intervalMs` until stopped (started by start-server.ts, stopped when the server closes). */
export function startJobRunner(services: JobServices, intervalMs = 5_000, onError: (e: unknown) => void = console.error): JobRunner {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = runDueJobs(services)
      .catch(onError)
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (running) await running;
    },
  };
}

/** Pending jobs, for tests and operators. */
export async function pendingJobCount(database: Database): Promise<number> {
  const [row] = await database.rows<{ n: string }>(sql`SELECT count(*) AS n FROM jobs WHERE status = 'pending'`);
  return Number(row?.n ?? 0);
}
