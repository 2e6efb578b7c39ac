import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { holds } from '../db/schema/index';
import { postEntry } from './post-entry';
import type { Tx } from './types';

/**
 * Two-phase holds (design.md §3–§4, price points). A hold is placed when the fan pays, captured when the creator
 * replies, released when the creator declines, expired after 72 hours.
 *
 * - From the balance: placing moves the amount wallet → escrow (the wallet's available balance drops at once);
 *   capture moves it escrow → receiver; release/expiry moves it escrow → payer.
 * - From a card: the hold is the card provider's authorisation (made outside any database transaction); the ledger
 *   is touched only at capture, card_clearing → receiver (+ fee → fee_revenue); a release only records the void.
 */
export type Hold = typeof holds.$inferSelect;

export interface PlaceHoldInput {
  userId: string;
  paymentMethodId: string;
  paymentId: string | null;
  amountCents: number;
  feeCents: number;
  now: Date;
  expiresAt: Date;
  providerReference?: string | null;
}

export async function placeHold(tx: Tx, input: PlaceHoldInput): Promise<Hold> {
  const source = input.paymentMethodId === 'balance' ? 'balance' : 'card';
  if (source === 'balance' && input.feeCents !== 0) throw new Error('balance holds carry no fee');
  const [hold] = await tx
    .insert(holds)
    .values({
      id: randomUUID(),
      userId: input.userId,
      source,
      paymentMethodId: input.paymentMethodId,
      paymentId: input.paymentId,
      amountCents: input.amountCents,
      feeCents: input.feeCents,
      status: 'open',
      providerReference: input.providerReference ?? null,
      createdAt: input.now,
      expiresAt: input.expiresAt,
    })
    .returning();
  // The money moves last (the wallet lock is held until commit).
  if (source === 'balance') {
    await postEntry(tx, {
      kind: 'hold',
      paymentId: input.paymentId,
      createdAt: input.now,
      postings: [
        { account: { wallet: input.userId }, amountCents: -input.amountCents },
        { account: { system: 'escrow' }, amountCents: input.amountCents },
      ],
    });
  }
  return hold!;
}

export async function lockHoldOfPayment(tx: Tx, paymentId: string): Promise<Hold | undefined> {
  const [hold] = await tx.select().from(holds).where(eq(holds.paymentId, paymentId)).for('update');
  return hold;
}

class HoldNotOpenError extends Error {}

async function close(tx: Tx, hold: Hold, status: 'captured' | 'released' | 'expired', now: Date): Promise<void> {
  const changed = await tx
    .update(holds)
    .set({ status, settledAt: now })
    .where(and(eq(holds.id, hold.id), eq(holds.status, 'open')))
    .returning({ id: holds.id });
  if (changed.length !== 1) throw new HoldNotOpenError(`hold ${hold.id} is not open`);
}

/** The receiver gets the whole amount; a card's fee goes to fee revenue. */
export async function captureHold(tx: Tx, hold: Hold, receiverUserId: string, now: Date): Promise<void> {
  await close(tx, hold, 'captured', now);
  const from = hold.source === 'balance' ? ({ system: 'escrow' } as const) : ({ system: 'card_clearing' } as const);
  await postEntry(tx, {
    kind: 'capture',
    paymentId: hold.paymentId,
    createdAt: now,
    postings: [
      { account: from, amountCents: -(hold.amountCents + hold.feeCents) },
      { account: { wallet: receiverUserId }, amountCents: hold.amountCents },
      ...(hold.feeCents > 0 ? [{ account: { system: 'fee_revenue' } as const, amountCents: hold.feeCents }] : []),
    ],
  });
}

/** Declined (`released`) or timed out (`expired`): a balance hold goes back to the payer's wallet. */
export async function releaseHold(tx: Tx, hold: Hold, as: 'released' | 'expired', now: Date): Promise<void> {
  await close(tx, hold, as, now);
  if (hold.source !== 'balance') return;
  await postEntry(tx, {
    kind: as === 'expired' ? 'hold_expired' : 'release',
    paymentId: hold.paymentId,
    createdAt: now,
    postings: [
      { account: { system: 'escrow' }, amountCents: -hold.amountCents },
      { account: { wallet: hold.userId }, amountCents: hold.amountCents },
    ],
  });
}
