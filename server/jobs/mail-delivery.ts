import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { jobs } from '../db/schema/index';
import type { Database } from '../db/database';
import type { Tx } from '../ledger/types';
import type { Clock } from '../clock';
import type { EmailMessage, Mailer } from '../providers/email/index';
import { enqueueJob } from './queue';

/**
 * Mail a request sends (sign-up and resent codes, reset links, invitations — and any new kind: a security notice
 * calls deliverMail too). It is handed to the mailer at once, so the user has it in seconds; when the mail server
 * refuses it (4xx, 5xx) or cannot be reached, the request still succeeds and the message becomes a `mail` job that
 * the job runner hands over again with backoff (jobs/job-records.ts), counted in tipjar_jobs_total{kind="mail"}.
 *
 * The job keeps the message (a code or link in it) only until it is sent or no longer worth sending: `notAfter`,
 * the moment the code or link expires, after which the job ends without sending; once done its payload is emptied.
 * The message key is fixed before the first attempt, so every attempt carries the same Message-ID: an attempt that
 * reached the server but failed to hear its answer, sent again, is recognised by mail systems as the same mail.
 */
export interface MailDeliveryDeps {
  database: Database;
  clock: Clock;
  mailer: Mailer;
  log?: { error(fields: object, message: string): void };
}

interface MailPayload {
  to: string;
  subject: string;
  text: string;
  key: string;
  /** ISO time after which the message is not sent any more (its code or link has expired). */
  notAfter?: string;
}

export async function deliverMail(deps: MailDeliveryDeps, message: EmailMessage, options: { notAfter?: Date } = {}): Promise<'sent' | 'queued'> {
  const keyed: EmailMessage & { key: string } = { ...message, key: message.key ?? `mail-${randomUUID()}` };
  try {
    await deps.mailer.send(keyed);
    return 'sent';
  } catch (error) {
    deps.log?.error({ err: error }, 'email could not be sent now; queued for a retry');
    const now = deps.clock.now();
    const payload: MailPayload = { ...keyed, ...(options.notAfter ? { notAfter: options.notAfter.toISOString() } : {}) };
    // The first retry after the backoff of one failed attempt, as if the job had run and failed once.
    await deps.database.db.transaction((tx) => enqueueJob(tx, 'mail', { ...payload }, new Date(now.getTime() + FIRST_RETRY_MS), now));
    return 'queued';
  }
}

/** When a mail that failed in its request is tried again (then the job queue's backoff: 10 s, 20 s, 40 s, …). */
const FIRST_RETRY_MS = 5_000;

/** The `mail` job's message, or null when there is none to send any more (expired, or already emptied). */
export function mailToSend(job: { payload: Record<string, unknown> }, now: Date): EmailMessage | null {
  const p = job.payload as Partial<MailPayload>;
  if (!p.to || !p.subject || p.text === undefined) return null;
  if (p.notAfter && new Date(p.notAfter).getTime() <= now.getTime()) return null;
  return { to: p.to, subject: p.subject, text: p.text, ...(p.key ? { key: p.key } : {}) };
}

/** Forgets the message of a finished `mail` job: its code or link stays in the database no longer than needed. */
export async function forgetMail(tx: Tx, jobId: number): Promise<void> {
  await tx.update(jobs).set({ payload: {} }).where(eq(jobs.id, jobId));
}
