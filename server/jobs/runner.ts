import { AsyncResource } from 'node:async_hooks';
import { and, asc, eq, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { jobs } from '../db/schema/index';
import type { Tx } from '../ledger/types';
import { purgeIdempotencyKeys } from '../idempotency/store';
import { jobHandlers, type JobContext, type JobHandler } from './handlers';
import type { JobServices } from './job-services';
import { jobContextOf } from './job-context';
import { scanPaymentEvents } from '../notifications/scan-payment-events';
import { failureOutcome, LEASE_MS, recordFailure, type JobOutcome } from './job-records';
import { yieldToRequests } from './yield-to-requests';
import { MAIL_BATCH, runMailBatch, type FinishedJob } from './mail-batch';
import { JOBS_DUE_CHANNEL } from './job-wake';
import type { Listener } from '../db/database';

/**
 * Background jobs in the server process, safe with several processes on one database: a job is claimed with
 * `FOR UPDATE SKIP LOCKED`, so it runs once, and a crash leaves it pending for a later tick. A failing job is
 * retried with backoff, then marked failed.
 *
 * Two kinds of handler (jobs/handlers.ts):
 * - `tx`: the work is done in the claiming transaction (nothing external), committed with the job's completion.
 * - `external`: the work calls a provider, which never happens inside a transaction. The claim is a **lease**:
 *   the claiming transaction moves `run_at` forward by LEASE_MS (no other runner takes it meanwhile; a runner that
 *   dies mid-call leaves it to be claimed again when the lease ends), runs `prepare` (what to ask, recorded as an
 *   intent) and commits; the provider is called with no transaction open; a second transaction locks the job again
 *   and runs `apply` (records the outcome) and completes it. Provider calls are idempotent by key, so a repeated
 *   call after a lost lease gets the same answer, and `apply` checks the state it changes (a second apply is a no-op).
 */
export type { JobServices } from './job-services';

export type { JobOutcome };

type Job = typeof jobs.$inferSelect;

;

async function claim(tx: Tx, now: Date, mails: boolean): Promise<Job | undefined> {
  const [job] = await tx
    .select()
    .from(jobs)
    .where(and(eq(jobs.status, 'pending'), lte(jobs.runAt, now), mails ? undefined : ne(jobs.kind, 'notification_mail')))
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return job;
}

async function finish(tx: Tx, job: Job, attempts: number, outcome: { retryAt: Date } | void, now: Date): Promise<void> {
  if (outcome && 'retryAt' in outcome) {
    // Not done yet (a USDT transfer still confirming, a payout still pending): look again later. Not a failure.
    await tx.update(jobs).set({ runAt: outcome.retryAt, attempts }).where(eq(jobs.id, job.id));
  } else {
    await tx.update(jobs).set({ status: 'done', finishedAt: now, attempts: attempts + 1 }).where(eq(jobs.id, job.id));
  }
}

const outcomeOf = (outcome: { retryAt: Date } | void): JobOutcome => (outcome && 'retryAt' in outcome ? 'retry' : 'done');

/** Claims and runs one due job; false when none is due (or every due one is being run by another process). */
async function runOne(
  services: JobServices,
  context: JobContext,
  handlers: Record<string, JobHandler>,
  mails: boolean,
): Promise<boolean> {
  const { db } = context.database;
  const now = context.clock.now();
  const started = performance.now();
  let failure: { job: Job; error: unknown } | null = null;
  let finished: { job: Job; outcome: JobOutcome } | null = null;
  let external: { job: Job; handler: Extract<JobHandler, { kind: 'external' }>; state: unknown } | null = null;

  const ran = await db.transaction(async (tx) => {
    const job = await claim(tx, now, mails);
    if (!job) return false;
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      if (handler.kind === 'tx') {
        // A savepoint: if the work fails, the claim survives and records the failure.
        const outcome = await tx.transaction((work) => handler.run(work, job, now, context));
        await finish(tx, job, job.attempts, outcome, now);
        finished = { job, outcome: outcomeOf(outcome) };
        return true;
      }
      const state = await tx.transaction((work) => handler.prepare(work, job, now, context));
      if (state === null) {
        await finish(tx, job, job.attempts, undefined, now);
        finished = { job, outcome: 'done' };
        return true;
      }
      // The lease: nobody else takes the job until it ends; the attempt is counted now (a crash counts).
      await tx
        .update(jobs)
        .set({ runAt: new Date(now.getTime() + LEASE_MS), attempts: job.attempts + 1 })
        .where(eq(jobs.id, job.id));
      external = { job, handler, state };
    } catch (error) {
      failure = { job, error };
      finished = { job, outcome: failureOutcome(job.attempts + 1) };
      await recordFailure(tx, job, job.attempts + 1, error, now);
    }
    return true;
  });

  if (external) {
    const { job, handler, state } = external as { job: Job; handler: Extract<JobHandler, { kind: 'external' }>; state: unknown };
    let outcome: unknown;
    try {
      outcome = await handler.call(state, context);
    } catch (error) {
      failure = { job, error };
      await db.transaction(async (tx) => {
        const [current] = await tx.select().from(jobs).where(eq(jobs.id, job.id)).for('update');
        if (current?.status === 'pending' && current.attempts === job.attempts + 1) {
          finished = { job, outcome: failureOutcome(current.attempts) };
          await recordFailure(tx, current, current.attempts, error, context.clock.now());
        }
      });
    }
    if (!failure) {
      const after = context.clock.now();
      await db.transaction(async (tx) => {
        const [current] = await tx.select().from(jobs).where(eq(jobs.id, job.id)).for('update');
        // Another runner took the job over after our lease ended: it will record the (same) outcome.
        if (!current || current.status !== 'pending' || current.attempts !== job.attempts + 1) return;
        try {
          const result = await tx.transaction((work) => handler.apply(work, job, state, outcome, after, context));
          await finish(tx, current, job.attempts, result, after);
          finished = { job, outcome: outcomeOf(result) };
        } catch (error) {
          failure = { job, error };
          finished = { job, outcome: failureOutcome(current.attempts) };
          await recordFailure(tx, current, current.attempts, error, after);
        }
      });
    }
  }

  // Logged only once the transaction committed: a line never claims work that was rolled back.
  if (finished) {
    const { job, outcome } = finished as { job: Job; outcome: JobOutcome };
    reportJob(services, { job, outcome, ...(failure ? { error: (failure as { error: unknown }).error } : {}) }, (performance.now() - started) / 1000);
  }
  return ran;
}

function reportJob(services: JobServices, { job, outcome, ...failure }: FinishedJob, seconds: number): void {
  const fields = { jobId: job.id, kind: job.kind, reqId: job.requestId ?? undefined, outcome, attempts: job.attempts + 1 };
  if ('error' in failure) {
    if (services.log) services.log.error({ ...fields, err: failure.error }, 'job failed');
    else console.error(`job ${job.id} (${job.kind}) failed:`, failure.error);
  } else {
    services.log?.info(fields, 'job finished');
  }
  services.onJobFinished?.(job.kind, outcome, seconds);
}

export interface JobRunReport {
  ran: number;
  purgedIdempotencyKeys: number;
}

/**
 * Runs every due job (up to `limit`) and purges expired idempotency keys (unless `purge` is false: a pass woken by a
 * queued job leaves the housekeeping to the poll). Tests call this directly. `proceed` is asked before each job: a
 * shutting-down runner finishes the job in hand and takes no other.
 */
export async function runDueJobs(
  services: JobServices,
  limit = 500,
  proceed: () => boolean = () => true,
  { purge = true }: { purge?: boolean } = {},
): Promise<JobRunReport> {
  const context = await jobContextOf(services);
  const handlers = jobHandlers();
  let ran = 0;
  const runEach = async (mails: boolean) => {
    while (ran < limit && proceed() && (await runOne(services, context, handlers, mails))) {
      ran++;
      await yieldToRequests();
    }
  };
  // Every other kind one by one; then notification mails a batch at a time (jobs/mail-batch.ts). If a batch cannot
  // be done (a database error), the mails go one by one, where each failure is recorded on its own job.
  await runEach(false);
  try {
    while (ran < limit && proceed()) {
      const started = performance.now();
      const batch = await runMailBatch(context, Math.min(MAIL_BATCH, limit - ran), (finished) => {
        // The batch's time, shared among its jobs.
        const seconds = (performance.now() - started) / 1000 / Math.max(1, finished.length);
        for (const job of finished) reportJob(services, job, seconds);
      });
      if (batch.ran === 0) break;
      ran += batch.ran;
      await yieldToRequests();
    }
  } catch (error) {
    if (services.log) services.log.error({ err: error }, 'notification mail batch failed: its jobs run one by one');
    else console.error('notification mail batch failed: its jobs run one by one', error);
    await runEach(true);
  }
  const purgedIdempotencyKeys = purge && proceed() ? await purgeIdempotencyKeys(services.database.db, services.clock.now()) : 0;
  return { ran, purgedIdempotencyKeys };
}

/**
 * One tick of the runner: every due job, then the notification pass (new payment-trail lines → queued emails) and,
 * when it queued any, the due jobs again, so an email goes in the tick that noticed it. A stopping runner ends
 * after the work in hand, like runDueJobs.
 */
export async function runJobTick(services: JobServices, limit = 500, proceed: () => boolean = () => true): Promise<JobRunReport> {
  const first = await runDueJobs(services, limit, proceed);
  if (!proceed()) return first;
  // Mails the pass made itself (the outbox) need no second run; jobs it queued (SMTP) go in this tick.
  const { jobs: queued } = await scanPaymentEvents(services);
  if (queued === 0 || !proceed()) return first;
  const second = await runDueJobs(services, limit, proceed);
  return { ran: first.ran + second.ran, purgedIdempotencyKeys: first.purgedIdempotencyKeys + second.purgedIdempotencyKeys };
}

const TICK_LIMIT = 500;

export interface JobRunner {
  /** Settled once the runner listens for queued jobs (or its first attempt failed: the poll still runs). */
  listening: Promise<void>;
  stop(): Promise<void>;
}

export interface JobRunnerOptions {
  /**
   * Wake when a request queues a job due now (config JOB_WAKE; default on): LISTEN on job-wake.ts's channel, which
   * the enqueuing transaction NOTIFYs on commit. Off: the poll alone.
   */
  wake?: boolean;
}

/**
 * Runs a tick every `intervalMs` until stopped (started by start-server.ts, stopped when the server closes), and a
 * pass over the due jobs whenever a queued job is announced (job-wake.ts): a card capture is run as soon as the
 * authorisation that queued it commits, on this instance or, through PostgreSQL's NOTIFY, any other — not up to an
 * interval later. The poll stays as the safety net (a notification lost with its connection, a job whose time has
 * come, a retry) and for the housekeeping a woken pass leaves out (the notification pass, the idempotency purge).
 *
 * One pass at a time: a wake heard while one runs is kept, and another pass follows it, since the one running may
 * have looked for due jobs before the announced one committed. A tick that ran its limit leaves work due: the next
 * starts at once (after the requests waiting), not an interval later, so a steady stream of payments does not pile
 * mails up faster than they go.
 */
export function startJobRunner(
  services: JobServices,
  intervalMs = 5_000,
  onError: (e: unknown) => void = console.error,
  options: JobRunnerOptions = {},
): JobRunner {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  let woken = false;
  const proceed = () => !stopped;
  // Bound to the runner's own start, outside any request: PGlite delivers a notification inside the committing
  // request's async context, and a pass woken there would run its jobs as that request (its id on their log lines,
  // the browser trail's notes on a card capture the processor made — server/dev/browser-trail.ts).
  const run = AsyncResource.bind((pass: 'tick' | 'wake') => {
    if (stopped) return;
    if (running) {
      if (pass === 'wake') woken = true;
      return;
    }
    woken = false;
    let behind = false;
    const work = pass === 'tick' ? runJobTick(services, TICK_LIMIT, proceed) : runDueJobs(services, TICK_LIMIT, proceed, { purge: false });
    running = work
      .then((report) => {
        behind = report.ran >= TICK_LIMIT;
      })
      .catch(onError)
      .finally(() => {
        running = null;
        if (stopped) return;
        if (behind) setImmediate(run, 'tick');
        else if (woken) setImmediate(run, 'wake');
      });
  });
  const timer = setInterval(run, intervalMs, 'tick');
  timer.unref();
  let listener: Listener | null = null;
  const listening =
    options.wake === false
      ? Promise.resolve()
      : services.database.listen(JOBS_DUE_CHANNEL, () => run('wake'), onError).then(
          async (heard) => {
            // Stopped while the listener was connecting: it goes at once.
            if (stopped) await heard.close();
            else listener = heard;
          },
          onError,
        );
  return {
    listening,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await listening;
      await listener?.close();
      if (running) await running;
    },
  };
}

/** Pending jobs, for tests and operators. */
export async function pendingJobCount(database: Database): Promise<number> {
  const [row] = await database.rows<{ n: string }>(sql`SELECT count(*) AS n FROM jobs WHERE status = 'pending'`);
  return Number(row?.n ?? 0);
}
