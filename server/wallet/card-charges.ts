import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { cardCharges, cards } from '../db/schema/index';
import type { Tx } from '../ledger/types';
import { enqueueJob } from '../jobs/queue';
import type { KeyRef } from '../idempotency/store';
import { DomainError } from '../problems/domain-error';

/**
 * Card charges: every authorisation we ask the processor for, as a row in `card_charges`. The pattern, everywhere a
 * card is charged (docs/money.md "Cards"):
 *
 * 1. **intent** — in the transaction of the request (with its Idempotency-Key, the payment or deposit in `created`):
 *    a charge row `authorising`, and a `card_authorisation` job due in a minute, which asks the processor again if
 *    the request never records the answer (the process died, the processor timed out);
 * 2. **call** — outside any transaction: `authorise` with the charge id as the processor's idempotency key;
 * 3. **outcome** — in a new transaction: the charge `authorised` or `declined`, the payment or deposit moved on
 *    (awaiting / new / processing, or failed), a `card_capture` job for what is captured at once, and the answer
 *    stored in the Idempotency-Key row (card-outcomes.ts).
 *
 * Capture and void are jobs (external: lease, call, outcome). The ledger moves only at capture:
 * card_clearing −(amount + fee), receiver +amount, fee_revenue +fee.
 */
export type Charge = typeof cardCharges.$inferSelect;
export type Card = typeof cards.$inferSelect;

/** If a request has not recorded its authorisation outcome after this long, the job asks the processor itself. */
const AUTHORISATION_RESUME_MS = 60_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const paymentMethodNotFound = () => new DomainError('payment_method_not_found');

/** One of the caller's cards that has not been removed; anything else is "not available". */
export async function usableCard(tx: Tx, userId: string, cardId: string): Promise<Card> {
  if (!UUID.test(cardId)) throw paymentMethodNotFound();
  const [card] = await tx
    .select()
    .from(cards)
    .where(and(eq(cards.id, cardId), eq(cards.userId, userId), isNull(cards.removedAt)));
  if (!card) throw paymentMethodNotFound();
  return card;
}

export interface ChargeIntent {
  userId: string;
  card: Card;
  /** What the card is charged: amount + fee. */
  totalCents: number;
  feeCents: number;
  paymentId?: string;
  depositId?: string;
  /** The request's Idempotency-Key, whose row gets the answer. */
  key: KeyRef | null;
  now: Date;
}

/** Step 1: records the intent (and its safety net, the `card_authorisation` job) in the caller's transaction. */
export async function recordChargeIntent(tx: Tx, input: ChargeIntent): Promise<Charge> {
  let charge: Charge | undefined;
  try {
    [charge] = await tx
      .insert(cardCharges)
      .values({
        id: randomUUID(),
        userId: input.userId,
        cardId: input.card.id,
        paymentId: input.paymentId ?? null,
        depositId: input.depositId ?? null,
        amountCents: input.totalCents,
        feeCents: input.feeCents,
        status: 'authorising',
        idempotencyOperationId: input.key?.operationId ?? null,
        idempotencyKey: input.key?.key ?? null,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning();
  } catch (error) {
    // Another live charge for the same payment (paying one request twice at once): the first one goes on.
    if ((error as { code?: string }).code === '23505' || /unique/i.test(String((error as Error).message))) {
      throw new DomainError('payment_action_not_allowed');
    }
    throw error;
  }
  await enqueueJob(tx, 'card_authorisation', { chargeId: charge!.id }, new Date(input.now.getTime() + AUTHORISATION_RESUME_MS), input.now);
  return charge!;
}

export async function lockCharge(tx: Tx, chargeId: string): Promise<Charge | undefined> {
  const [charge] = await tx.select().from(cardCharges).where(eq(cardCharges.id, chargeId)).for('update');
  return charge;
}

export async function liveChargeOfPayment(tx: Tx, paymentId: string): Promise<Charge | undefined> {
  const [charge] = await tx
    .select()
    .from(cardCharges)
    .where(and(eq(cardCharges.paymentId, paymentId), eq(cardCharges.status, 'authorised')))
    .for('update');
  return charge;
}

export async function setChargeStatus(
  tx: Tx,
  charge: Charge,
  status: Charge['status'],
  now: Date,
  extra: Partial<Pick<Charge, 'providerReference' | 'authorisationExpiresAt' | 'declineCode'>> = {},
): Promise<Charge> {
  const [updated] = await tx
    .update(cardCharges)
    .set({ status, updatedAt: now, ...extra })
    .where(and(eq(cardCharges.id, charge.id), eq(cardCharges.status, charge.status)))
    .returning();
  if (!updated) throw new Error(`card charge ${charge.id} changed under its lock`);
  return updated;
}

export function keyOf(charge: Charge): KeyRef | null {
  return charge.idempotencyOperationId && charge.idempotencyKey
    ? { userId: charge.userId, operationId: charge.idempotencyOperationId, key: charge.idempotencyKey }
    : null;
}

/** Schedules the capture of an authorised charge (at once: the in-process runner picks it up within seconds). */
export async function scheduleCapture(tx: Tx, charge: Charge, now: Date): Promise<void> {
  await enqueueJob(tx, 'card_capture', { chargeId: charge.id }, now, now);
}

/** Schedules the release of an authorisation that will not be captured. */
export async function scheduleVoid(tx: Tx, charge: Charge, now: Date): Promise<void> {
  await enqueueJob(tx, 'card_void', { chargeId: charge.id }, now, now);
}
