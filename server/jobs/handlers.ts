import { jobs } from '../db/schema/index';
import type { Tx } from '../ledger/types';
import type { MoneyDeps } from '../wallet/deps';
import { expireHold } from '../payments/service';
import { applyAuthorisation, applyCapture, applyVoid, authorisationToResume, authorisedCharge, type AuthorisationCall, type ChargeCall } from '../wallet/card-outcomes';
import { applyUsdtConfirmations, usdtToConfirm } from '../wallet/deposits';
import { applySettlement, applySubmission, payoutToSettle, payoutToSubmit, type SubmitCall } from '../wallet/withdrawals';
import type { Authorisation, Capture, VoidResult } from '../providers/card';
import type { UsdtTransfer } from '../providers/usdt';
import type { PayoutState, PayoutSubmission } from '../providers/payouts';
import type { JobKind } from './queue';
import type { EmailMessage, Mailer } from '../providers/email/index';
import { markNotificationSent, notificationToSend } from '../notifications/notification-mail';
import { forgetMail, mailToSend } from './mail-delivery';

/**
 * What each kind of job does (jobs/queue.ts lists them). `tx` handlers work inside the claiming transaction;
 * `external` handlers call a provider between two transactions (see runner.ts): `prepare` (locked, may record an
 * intent) → `call` (no transaction open) → `apply` (records the outcome; checks the state again, so a repeat is a
 * no-op).
 */
export type JobContext = MoneyDeps & {
  /** Where notification emails go (the app's mailer: SMTP, or the outbox). */
  mailer: Mailer;
  /** The app's address, for the links in emails. */
  publicUrl: string;
};
type Job = typeof jobs.$inferSelect;
type Outcome = { retryAt: Date } | void;

export type JobHandler =
  | { kind: 'tx'; run(tx: Tx, job: Job, now: Date, context: JobContext): Promise<Outcome> }
  | {
      kind: 'external';
      prepare(tx: Tx, job: Job, now: Date, context: JobContext): Promise<unknown | null>;
      call(state: unknown, context: JobContext): Promise<unknown>;
      apply(tx: Tx, job: Job, state: unknown, outcome: unknown, now: Date, context: JobContext): Promise<Outcome>;
    };

function external<S, O>(handler: {
  prepare(tx: Tx, job: Job, now: Date, context: JobContext): Promise<S | null>;
  call(state: S, context: JobContext): Promise<O>;
  apply(tx: Tx, job: Job, state: S, outcome: O, now: Date, context: JobContext): Promise<Outcome>;
}): JobHandler {
  return { kind: 'external', ...(handler as unknown as Omit<Extract<JobHandler, { kind: 'external' }>, 'kind'>) };
}

const id = (job: Job, field: string) => String(job.payload[field]);

export function jobHandlers(): Record<JobKind, JobHandler> {
  return {
    expire_hold: { kind: 'tx', run: (tx, job, now) => expireHold(tx, now, id(job, 'paymentId')) },

    card_authorisation: external<AuthorisationCall, Authorisation>({
      prepare: (tx, job) => authorisationToResume(tx, id(job, 'chargeId')),
      call: (s, c) => c.providers.card.authorise({ token: s.token, amountCents: s.amountCents, idempotencyKey: s.chargeId }),
      apply: async (tx, job, _s, outcome, now, c) => {
        await applyAuthorisation(tx, c, id(job, 'chargeId'), outcome, now);
      },
    }),

    card_capture: external<ChargeCall, Capture>({
      prepare: (tx, job) => authorisedCharge(tx, id(job, 'chargeId')),
      call: (s, c) => c.providers.card.capture({ reference: s.reference, amountCents: s.amountCents, idempotencyKey: `${s.chargeId}:capture` }),
      apply: (tx, job, _s, outcome, now) => applyCapture(tx, id(job, 'chargeId'), outcome, now),
    }),

    card_void: external<ChargeCall, VoidResult>({
      prepare: (tx, job) => authorisedCharge(tx, id(job, 'chargeId')),
      call: (s, c) => c.providers.card.void({ reference: s.reference, idempotencyKey: `${s.chargeId}:void` }),
      apply: (tx, job, _s, outcome, now) => applyVoid(tx, id(job, 'chargeId'), outcome, now),
    }),

    usdt_confirm: external<{ txHash: string }, UsdtTransfer | null>({
      prepare: (tx, job) => usdtToConfirm(tx, id(job, 'depositId')),
      call: (s, c) => c.providers.usdt.transfer(s.txHash),
      apply: (tx, job, _s, transfer, now, c) => applyUsdtConfirmations(tx, id(job, 'depositId'), transfer, c.providers.usdt.requiredConfirmations, now),
    }),

    payout_submit: external<SubmitCall, PayoutSubmission>({
      prepare: (tx, job, now) => payoutToSubmit(tx, id(job, 'withdrawalId'), now),
      call: (s, c) => c.providers.payouts.submit({ idempotencyKey: s.withdrawalId, amountCents: s.amountCents, destination: s.destination }),
      apply: (tx, job, _s, outcome, now) => applySubmission(tx, id(job, 'withdrawalId'), outcome, now),
    }),

    payout_settle: external<{ reference: string }, PayoutState>({
      prepare: (tx, job) => payoutToSettle(tx, id(job, 'withdrawalId')),
      call: (s, c) => c.providers.payouts.status(s.reference),
      apply: (tx, job, _s, state, now) => applySettlement(tx, id(job, 'withdrawalId'), state, now),
    }),

    // The email is written under the notification's lock, handed over with no transaction open (an SMTP server can
    // be slow), then marked sent. Handed over twice after a lost lease, the message key makes it one mail.
    notification_mail: external<EmailMessage, void>({
      prepare: (tx, job, now, c) => notificationToSend(tx, Number(job.payload.eventId), now, c),
      call: (message, c) => c.mailer.send(message),
      apply: (tx, job, _s, _o, now) => markNotificationSent(tx, Number(job.payload.eventId), now),
    }),

    // A request's email that could not go at once: handed over again with backoff (failures recorded by the
    // runner), its message forgotten once sent; expired codes and links end the job unsent (prepare → null).
    mail: external<EmailMessage, void>({
      prepare: async (tx, job, now) => {
        const message = mailToSend(job, now);
        if (!message) await forgetMail(tx, job.id);
        return message;
      },
      call: (message, c) => c.mailer.send(message),
      apply: (tx, job) => forgetMail(tx, job.id),
    }),
  };
}
