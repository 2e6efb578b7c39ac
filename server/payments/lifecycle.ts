import { and, eq } from 'drizzle-orm';
import { paymentEvents, payments } from '../db/schema/index';
import type { Tx } from '../ledger/types';
import { nextPaymentStatus, type PaymentEvent, type PaymentStatus } from '../../machines/payment-lifecycle.machine';

export type Payment = typeof payments.$inferSelect;

/** The machine said no: the caller turns it into a 409 (or a 429 for a reminder too soon). */
export class TransitionRefusedError extends Error {
  constructor(
    readonly from: PaymentStatus,
    readonly event: PaymentEvent,
  ) {
    super(`${event.type} (${event.role}) is not allowed from ${from}`);
  }
}

/** The first line of every trail: the payment exists, in status `created`. */
export async function recordCreation(tx: Tx, payment: Payment, actorUserId: string, now: Date, reason: string): Promise<void> {
  await tx.insert(paymentEvents).values({
    paymentId: payment.id,
    fromStatus: null,
    toStatus: 'created',
    event: 'CREATE',
    actorUserId,
    reason,
    occurredAt: now,
  });
}

/**
 * Runs `event` through the lifecycle machine and, if it allows it, changes the payment's status and appends the
 * transition to payment_events — in the caller's transaction, with the journal entry it goes with. The payment
 * must have been read FOR UPDATE by that transaction; the status condition on the UPDATE is a second guard.
 */
export async function applyTransition(
  tx: Tx,
  payment: Payment,
  event: PaymentEvent,
  actorUserId: string | null,
  now: Date,
  reason: string | null,
  extra: Partial<Pick<Payment, 'paymentMethodId' | 'lastReminderAt' | 'holdExpiresAt'>> = {},
): Promise<Payment> {
  const to = nextPaymentStatus(payment.status, event);
  if (!to) throw new TransitionRefusedError(payment.status, event);
  const [updated] = await tx
    .update(payments)
    .set({ status: to, updatedAt: now, ...extra })
    .where(and(eq(payments.id, payment.id), eq(payments.status, payment.status)))
    .returning();
  if (!updated) throw new TransitionRefusedError(payment.status, event);
  await tx.insert(paymentEvents).values({
    paymentId: payment.id,
    fromStatus: payment.status,
    toStatus: to,
    event: event.type,
    actorUserId,
    reason,
    occurredAt: now,
  });
  return updated;
}
