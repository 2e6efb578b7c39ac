import { eq } from 'drizzle-orm';
import { payments } from '../db/schema/index';
import type { Tx } from '../ledger/types';
import { postEntry } from '../ledger/post-entry';
import { captureHold, lockHoldOfPayment, placeHold, releaseHold } from '../ledger/holds';
import { enqueueJob } from '../jobs/queue';
import type { Authorisation, CaptureRefusal } from '../providers/card';
import { scheduleCapture, scheduleVoid, type Charge } from '../wallet/card-charges';
import { cardDeclinedProblem, type Answer } from '../wallet/answers';
import { applyTransition, TransitionRefusedError, type Payment } from './lifecycle';
import { envelopeOf } from './views';
import { CARD_HOLD_MS } from '../../domain/limits';
import { DomainError } from '../problems/domain-error';

/**
 * What a card charge's outcome does to its payment (docs/money.md "Cards"), in the transaction that records the
 * outcome. The charge row is already locked by the caller; here the payment row is locked (lock order: charge →
 * payment → hold → ledger accounts).
 *
 *   send           created ─AUTHORISE_CARD→ awaiting ─CAPTURED→ complete   (capture job; card_clearing → receiver + fee)
 *                  created ─CARD_DECLINED→ failed                          (402 with the decline text)
 *   paid request   requested ─AUTHORISE_CARD→ awaiting ─CAPTURED→ complete (a decline leaves it requested)
 *   price point    created ─HOLD_FUNDS→ new (the authorisation is the hold) ─REPLY_WITH_MEDIA→ processing ─CAPTURED→
 *                  complete; ─DECLINE→ rejected / ─EXPIRE→ cancelled (voided); created ─CARD_DECLINED→ failed;
 *                  processing ─CARD_DECLINED→ failed (the processor refused the capture)
 */
async function lockPayment(tx: Tx, paymentId: string): Promise<Payment> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  if (!payment) throw new Error(`payment ${paymentId} of a card charge is missing`);
  return payment;
}

const notAllowed = () => new DomainError('payment_action_not_allowed');

/** The card was authorised: the payment moves on and the payer is answered with it. */
export async function paymentAuthorised(tx: Tx, charge: Charge, auth: Extract<Authorisation, { outcome: 'authorised' }>, now: Date): Promise<Answer> {
  let payment = await lockPayment(tx, charge.paymentId!);
  try {
    if (payment.kind === 'price_point') {
      // At most 72 hours from the payment, and no later than the processor's authorisation (so a claim in time can
      // always be captured).
      const expiresAt = new Date(Math.min(payment.createdAt.getTime() + CARD_HOLD_MS, auth.expiresAt.getTime()));
      payment = await applyTransition(tx, payment, { type: 'HOLD_FUNDS', role: 'sender' }, charge.userId, now, 'card authorised: the authorisation holds the funds', {
        holdExpiresAt: expiresAt,
      });
      await enqueueJob(tx, 'expire_hold', { paymentId: payment.id }, expiresAt, now);
      await placeHold(tx, {
        userId: charge.userId,
        paymentMethodId: charge.cardId,
        paymentId: payment.id,
        amountCents: payment.amountCents,
        feeCents: payment.feeCents,
        now,
        expiresAt,
        providerReference: auth.reference,
      });
      return { status: 201, body: await envelopeOf(tx, payment, charge.userId, now) };
    }
    const wasRequest = payment.kind === 'request';
    payment = await applyTransition(tx, payment, { type: 'AUTHORISE_CARD', role: 'sender' }, charge.userId, now, 'card authorised', {
      paymentMethodId: charge.cardId,
      feeCents: charge.feeCents,
    });
    await scheduleCapture(tx, charge, now);
    return { status: wasRequest ? 200 : 201, body: await envelopeOf(tx, payment, charge.userId, now) };
  } catch (error) {
    if (!(error instanceof TransitionRefusedError)) throw error;
    // The payment moved on while the processor answered (the requester cancelled the request): release the money.
    await scheduleVoid(tx, charge, now);
    return { problem: notAllowed() };
  }
}

/** The card was declined: the payment fails (a request stays payable) and the payer gets the decline text. */
export async function paymentDeclined(tx: Tx, charge: Charge, declineCode: string, now: Date): Promise<Answer> {
  const payment = await lockPayment(tx, charge.paymentId!);
  if (payment.status === 'created') {
    await applyTransition(tx, payment, { type: 'CARD_DECLINED', role: 'system' }, null, now, `card declined: ${declineCode}`);
  }
  return { problem: cardDeclinedProblem(declineCode) };
}

/** The processor took the money: the receiver is credited, the fee goes to fee revenue. */
export async function paymentCaptured(tx: Tx, charge: Charge, now: Date): Promise<void> {
  const payment = await lockPayment(tx, charge.paymentId!);
  if (payment.kind === 'price_point') {
    const hold = await lockHoldOfPayment(tx, payment.id);
    if (!hold) throw new Error(`card price-point payment ${payment.id} has no hold`);
    await applyTransition(tx, payment, { type: 'CAPTURED', role: 'system' }, null, now, 'card captured for the creator');
    await captureHold(tx, hold, payment.receiverUserId, now);
    return;
  }
  await applyTransition(tx, payment, { type: 'CAPTURED', role: 'system' }, null, now, 'card captured');
  await postEntry(tx, {
    kind: 'card_capture',
    paymentId: payment.id,
    createdAt: now,
    postings: [
      { account: { system: 'card_clearing' }, amountCents: -(payment.amountCents + payment.feeCents) },
      { account: { wallet: payment.receiverUserId }, amountCents: payment.amountCents },
      ...(payment.feeCents > 0 ? [{ account: { system: 'fee_revenue' } as const, amountCents: payment.feeCents }] : []),
    ],
  });
}

/** The processor refused the capture (the authorisation lapsed): the payment fails, nothing moved. */
export async function paymentCaptureRefused(tx: Tx, charge: Charge, code: CaptureRefusal, now: Date): Promise<void> {
  const payment = await lockPayment(tx, charge.paymentId!);
  await applyTransition(tx, payment, { type: 'CARD_DECLINED', role: 'system' }, null, now, `capture refused: ${code}`);
  if (payment.kind === 'price_point') {
    const hold = await lockHoldOfPayment(tx, payment.id);
    if (hold && hold.status === 'open') await releaseHold(tx, hold, code === 'authorisation_expired' ? 'expired' : 'released', now);
  }
}
