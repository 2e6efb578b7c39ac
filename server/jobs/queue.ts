import { jobs } from '../db/schema/index';
import type { Tx } from '../ledger/types';
import { currentRequestId } from '../observability/request-context';
import { announceDueJob } from './job-wake';

/** Kinds of background job; each has a handler in jobs/handlers.ts. */
export type JobKind =
  /** 72 hours after a price point was paid with no reply: release the hold, cancel the payment. */
  | 'expire_hold'
  /** A card authorisation whose request did not record the processor's answer (a crash, a timeout): ask again. */
  | 'card_authorisation'
  /** Capture an authorised card charge (card sends, paid requests, card deposits, claimed card price points). */
  | 'card_capture'
  /** Release a card authorisation that will not be captured (a declined or expired card price point). */
  | 'card_void'
  /** Follow a USDT transfer's confirmations until it is final (or dropped). */
  | 'usdt_confirm'
  /** Send a withdrawal to the payout provider once its cancellation window has passed. */
  | 'payout_submit'
  /** Ask the payout provider how a submitted withdrawal settled. */
  | 'payout_settle'
  /** Hand one notification email over to the mailer (queued by notifications/scan-payment-events.ts). */
  | 'notification_mail'
  /** Hand over again an email a request could not send at once (jobs/mail-delivery.ts): codes, links, invitations. */
  | 'mail';

/**
 * Schedules a job in the caller's transaction: it exists only if the change that needs it commits. It remembers
 * the request being served, whose id the job's log lines then carry. A job due now (a card capture after its
 * authorisation, a void, a USDT confirmation) wakes the runners when the transaction commits (job-wake.ts), so it
 * is run at once, not at the next poll; a later one waits for the poll that finds it due.
 */
export async function enqueueJob(tx: Tx, kind: JobKind, payload: Record<string, unknown>, runAt: Date, now: Date): Promise<void> {
  await tx.insert(jobs).values({ kind, payload, runAt, createdAt: now, requestId: currentRequestId() ?? null });
  if (runAt.getTime() <= now.getTime()) await announceDueJob(tx);
}
