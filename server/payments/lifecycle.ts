import { and, eq } from 'drizzle-orm';
import { paymentEvents, payments } from '../db/schema/index';
import type { Db } from '../db/database';
import type { Tx } from '../ledger/types';
import { nextPaymentStatus, type PaymentEvent, type PaymentStatus } from '../../machines/payment-lifecycle.machine';
import { notePaymentTransition } from '../dev/browser-trail';

export type Payment = typeof payments.$inferSelect;

/** Which party of the payment the user is, or null: not theirs (the owner check). */
export function roleOf(payment: Payment, userId: string): 'sender' | 'receiver' | null {
  if (payment.senderUserId === userId) return 'sender';
  if (payment.receiverUserId === userId) return 'receiver';
  return null;
}

/**
 * The payment if this user is one of its parties, else undefined: an unknown id and someone else's payment look the
 * same to the caller (404 either way), so ids cannot be probed.
 */
export async function paymentOfParty(db: Tx | Db, paymentId: string, userId: string): Promise<Payment | undefined> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  return payment && roleOf(payment, userId) ? payment : undefined;
}

/** The machine said no: the caller turns it into a 409 (or a 429 for a reminder too soon). */
export class TransitionRefusedError extends Error {
  constructor(
    readonly from: PaymentStatus,
    readonly event: PaymentEvent,
  ) {
    super(`${event.type} (${event.role}) is not allowed from ${from}`);
  }
}

/**
 * Creates a payment and takes its first transition out of `created` at once: the machine decides the status, the
 * row is written with it, and the trail gets both lines (CREATE → created, then the event) in one statement.
 */
export async function createPayment(
  tx: Tx,
  values: Omit<typeof payments.$inferInsert, 'status' | 'updatedAt'> & { id: string; createdAt: Date },
  event: PaymentEvent,
  actorUserId: string,
  reasons: { created: string; transition: string },
): Promise<Payment> {
  const to = nextPaymentStatus('created', event);
  if (!to) throw new TransitionRefusedError('created', event);
  const [payment] = await tx
    .insert(payments)
    .values({ ...values, status: to, updatedAt: values.createdAt })
    .returning();
  await tx.insert(paymentEvents).values([
    { paymentId: values.id, fromStatus: null, toStatus: 'created', event: 'CREATE', actorUserId, reason: reasons.created, occurredAt: values.createdAt },
    { paymentId: values.id, fromStatus: 'created', toStatus: to, event: event.type, actorUserId, reason: reasons.transition, occurredAt: values.createdAt },
  ]);
  notePaymentTransition(values.id, 'created', event);
  return payment!;
}

/**
 * Creates a payment that waits in `created` for a provider's answer (a card authorisation): the row and the first
 * line of its trail (CREATE → created). The next transition comes with the outcome, in another transaction.
 */
export async function createPendingPayment(
  tx: Tx,
  values: Omit<typeof payments.$inferInsert, 'status' | 'updatedAt'> & { id: string; createdAt: Date },
  actorUserId: string,
  reason: string,
): Promise<Payment> {
  const [payment] = await tx
    .insert(payments)
    .values({ ...values, status: 'created', updatedAt: values.createdAt })
    .returning();
  await tx.insert(paymentEvents).values({
    paymentId: values.id,
    fromStatus: null,
    toStatus: 'created',
    event: 'CREATE',
    actorUserId,
    reason,
    occurredAt: values.createdAt,
  });
  return payment!;
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
  extra: Partial<Pick<Payment, 'paymentMethodId' | 'lastReminderAt' | 'holdExpiresAt' | 'feeCents'>> = {},
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
  notePaymentTransition(payment.id, payment.status, event);
  return updated;
}
