import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { paymentMessages, payments, pricePoints, users } from '../db/schema/index';
import type { Tx } from '../ledger/types';
import { completeProfile } from '../security/set-up-gate';
import { InsufficientFundsError, postEntry } from '../ledger/post-entry';
import { captureHold, lockHoldOfPayment, placeHold, releaseHold } from '../ledger/holds';
import { enqueueJob } from '../jobs/queue';
import { applyTransition, createPayment, createPendingPayment, TransitionRefusedError, type Payment, roleOf } from './lifecycle';
import type { KeyRef } from '../idempotency/store';
import { recordChargeIntent, scheduleCapture, scheduleVoid, liveChargeOfPayment, usableCard, type Card } from '../wallet/card-charges';
import { requireMediaFor } from '../media/service';
import { sendFromBalanceAtOnce, type SentFromBalance } from './send-from-balance';
import { CARD_HOLD_HOURS, CARD_HOLD_MS, REQUEST_MAX_EXCLUSIVE_CENTS, cardAmountTooSmall } from '../../domain/limits';
import { chargeFor, fundingSourceOf, type Charge } from '../../domain/money/fees';
import { nextPaymentStatus, type PaymentEvent, type PaymentRole } from '../../machines/payment-lifecycle.machine';
import { DomainError } from '../problems/domain-error';

/**
 * The payment use cases. Each runs inside the caller's transaction (the one that also stores the Idempotency-Key
 * and response), takes the time from the server's clock (`now`) and the caller's user id, and either completes
 * — status change, trail, journal entry, all together — or throws and leaves nothing behind.
 *
 * Lock order, always: idempotency key → payment row → ledger accounts (by id). No provider is ever called in here.
 */

export interface Caller {
  tx: Tx;
  now: Date;
  userId: string;
  /** The request's Idempotency-Key: a card payment's answer is stored there when the processor has answered. */
  key?: KeyRef | null;
}

export const notFound = () => new DomainError('payment_not_found');
const notAllowed = () => new DomainError('payment_action_not_allowed');

/** A payment the caller is a party to, locked for the rest of the transaction; anyone else's → 404. */
async function lockPaymentOfParty(tx: Tx, paymentId: string, userId: string): Promise<Payment> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  if (!payment || !roleOf(payment, userId)) throw notFound();
  return payment;
}

async function transition(
  c: { tx: Tx; now: Date },
  payment: Payment,
  event: PaymentEvent,
  actorUserId: string | null,
  reason: string | null,
  extra?: Parameters<typeof applyTransition>[6],
): Promise<Payment> {
  try {
    return await applyTransition(c.tx, payment, event, actorUserId, c.now, reason, extra);
  } catch (error) {
    if (error instanceof TransitionRefusedError) throw notAllowed();
    throw error;
  }
}

/** Ledger refusals become the spec's message. */
async function moving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof InsufficientFundsError) throw new DomainError('insufficient_funds');
    throw error;
  }
}

async function requireCounterparty(tx: Tx, callerId: string, otherId: string): Promise<void> {
  if (otherId === callerId) throw new DomainError('cannot_pay_yourself');
  // Only a user with a complete profile can be paid or asked; anyone else is answered as if they did not exist.
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, otherId), completeProfile()));
  if (!user) throw new DomainError('user_not_found');
}

function requirePositive(amountCents: number): void {
  if (amountCents <= 0) throw new DomainError('amount_not_positive');
}

/** Below $1.00 a card is not charged (domain/limits.ts): card testing lives on one-cent charges. */
function requireCardAmount(amountCents: number): void {
  if (cardAmountTooSmall(amountCents)) throw new DomainError('card_amount_too_small');
}

/**
 * `balance`, or one of the caller's cards (not removed), or the new card stored for this payment; anything else →
 * 422 payment_method_not_found.
 */
async function usableMethod(c: Caller, input: Pick<SendInput, 'paymentMethodId' | 'newCard'>): Promise<Card | null> {
  if (input.newCard) return input.newCard;
  if (fundingSourceOf(input.paymentMethodId) === 'balance') return null;
  return usableCard(c.tx, c.userId, input.paymentMethodId);
}

async function addMessage(
  tx: Tx,
  payment: Payment,
  fromUserId: string,
  text: string,
  mediaId: string | null,
  paymentTriggered: boolean,
  now: Date,
) {
  const [row] = await tx
    .insert(paymentMessages)
    .values({
      id: randomUUID(),
      paymentId: payment.id,
      senderUserId: fromUserId,
      receiverUserId: fromUserId === payment.senderUserId ? payment.receiverUserId : payment.senderUserId,
      message: text,
      mediaId,
      paymentTriggered,
      createdAt: now,
    })
    .returning();
  return row!;
}

type NewPayment = Omit<Parameters<typeof createPayment>[1], 'id'>;

async function create(
  c: Caller,
  values: NewPayment,
  event: PaymentEvent,
  reasons: { created: string; transition: string },
): Promise<Payment> {
  try {
    return await createPayment(c.tx, { ...values, id: randomUUID() }, event, c.userId, reasons);
  } catch (error) {
    if (error instanceof TransitionRefusedError) throw notAllowed();
    throw error;
  }
}

export interface SendInput {
  receiverUserId: string;
  amountCents: number;
  message?: string | undefined;
  paymentMethodId: string;
  /** A card typed into this payment, validated and stored in this transaction (paymentMethodId is its id). */
  newCard?: Card | undefined;
  paymentId?: string | undefined;
  pricePointId?: string | undefined;
  /** Issue 23: show the payer's name and message on the receiver's page (the supporters wall); off unless true. */
  showOnPage?: boolean | undefined;
}

/** The payer's choice to appear on the receiver's supporters wall, recorded on the payment (migration 0029). */
async function recordShowOnPage(c: Caller, paymentId: string, input: Pick<SendInput, 'showOnPage'>): Promise<void> {
  if (input.showOnPage === true) await c.tx.update(payments).set({ showOnPage: true }).where(eq(payments.id, paymentId));
}

/**
 * What a send started: a payment settled in this transaction (balance), or a card charge whose authorisation is
 * asked for next, outside the transaction (wallet/card-outcomes.ts moves the payment on and answers).
 */
export type SendOutcome = { payment: Payment; seen?: Omit<SentFromBalance, 'payment'> } | { chargeId: string };

/**
 * A plain send from the balance to someone else: the hot path, done by one statement that also checks the payer's
 * verified email (so the route skips its own check for it) and the receiver.
 */
export function isPlainBalanceSend(callerId: string, input: SendInput): boolean {
  return (
    !input.paymentId &&
    !input.pricePointId &&
    !input.newCard &&
    fundingSourceOf(input.paymentMethodId) === 'balance' &&
    input.amountCents > 0 &&
    input.receiverUserId !== callerId
  );
}

/** POST payment/send/: a plain send, paying a request (paymentId) or buying a price point (pricePointId). */
export async function startPayment(c: Caller, input: SendInput): Promise<SendOutcome> {
  requirePositive(input.amountCents);
  if (input.paymentId && input.pricePointId) {
    throw new DomainError('payment_target_ambiguous');
  }
  if (input.paymentId) return payRequest(c, input);
  if (isPlainBalanceSend(c.userId, input)) {
    const sent = await sendFromBalanceAtOnce(c.tx, {
      payerUserId: c.userId,
      receiverUserId: input.receiverUserId,
      amountCents: input.amountCents,
      message: input.message,
      now: c.now,
    });
    await recordShowOnPage(c, sent.payment.id, input);
    return { payment: { ...sent.payment, showOnPage: input.showOnPage === true }, seen: { names: sent.names, messages: sent.messages } };
  }
  await requireCounterparty(c.tx, c.userId, input.receiverUserId);
  const card = await usableMethod(c, input);
  if (input.pricePointId) return buyPricePoint(c, input, card);
  if (card) return startCardSend(c, input, card);
  // Only a send to oneself is left (isPlainBalanceSend takes every other send from the balance): refused above.
  throw new Error('unreachable: a send from balance is isPlainBalanceSend');
}

/** A send from the balance (or any payment that needs no provider): settled in the caller's transaction. */
export async function sendPayment(c: Caller, input: SendInput): Promise<Payment> {
  const outcome = await startPayment(c, input);
  if ('chargeId' in outcome) throw new Error('a card payment is authorised after its transaction: use startPayment');
  return outcome.payment;
}

/** Card send, step 1 (intent): the payment waits in `created` while the card is authorised. */
async function startCardSend(c: Caller, input: SendInput, card: Card): Promise<SendOutcome> {
  requireCardAmount(input.amountCents);
  const charge = chargeFor(input.amountCents, 'card');
  const payment = await createCardPayment(c, card, charge, { kind: 'send', receiverUserId: input.receiverUserId, description: input.message || null }, 'send by card');
  return askCardAuthorisation(c, payment, card, charge, input);
}

/**
 * A payment by card waits in `created` for the processor's authorisation (card sends and card price points): the
 * row and the first line of its trail, with the charge's amount and fee.
 */
function createCardPayment(
  c: Caller,
  card: Card,
  charge: Charge,
  values: Pick<NewPayment, 'kind' | 'receiverUserId' | 'description' | 'pricePointId' | 'mediaType'>,
  reason: string,
): Promise<Payment> {
  return createPendingPayment(
    c.tx,
    {
      ...values,
      id: randomUUID(),
      senderUserId: c.userId,
      createdByUserId: c.userId,
      amountCents: charge.amountCents,
      feeCents: charge.feeCents,
      paymentMethodId: card.id,
      createdAt: c.now,
    },
    c.userId,
    reason,
  );
}

/**
 * Every card payment's last step in the caller's transaction (a send, a paid request, a price point): the payer's
 * note goes with the payment, and the charge is recorded as an intent whose authorisation is asked for after this
 * transaction commits (wallet/card-outcomes.ts), keyed by the request's Idempotency-Key.
 */
async function askCardAuthorisation(c: Caller, payment: Payment, card: Card, charge: Charge, input: Pick<SendInput, 'message' | 'showOnPage'>): Promise<SendOutcome> {
  if (input.message) await addMessage(c.tx, payment, c.userId, input.message, null, true, c.now);
  await recordShowOnPage(c, payment.id, input);
  const intent = await recordChargeIntent(c.tx, {
    userId: c.userId,
    card,
    totalCents: charge.totalCents,
    feeCents: charge.feeCents,
    paymentId: payment.id,
    key: c.key ?? null,
    now: c.now,
  });
  return { chargeId: intent.id };
}

async function payRequest(c: Caller, input: SendInput): Promise<SendOutcome> {
  let payment = await lockPaymentOfParty(c.tx, input.paymentId!, c.userId);
  if (payment.kind !== 'request' || roleOf(payment, c.userId) !== 'sender') throw notAllowed();
  if (!nextPaymentStatus(payment.status, { type: 'PAY', role: 'sender' })) throw notAllowed();
  if (payment.receiverUserId !== input.receiverUserId || payment.amountCents !== input.amountCents) {
    throw new DomainError('payment_does_not_match_request');
  }
  const card = await usableMethod(c, input);
  if (card) {
    requireCardAmount(payment.amountCents);
    // By card: the request stays `requested` until the card is authorised (→ awaiting); a decline leaves it payable.
    return askCardAuthorisation(c, payment, card, chargeFor(payment.amountCents, 'card'), input);
  }
  payment = await transition(c, payment, { type: 'PAY', role: 'sender' }, c.userId, 'request paid from balance', {
    paymentMethodId: input.paymentMethodId,
  });
  if (input.message) await addMessage(c.tx, payment, c.userId, input.message, null, true, c.now);
  await recordShowOnPage(c, payment.id, input);
  await moving(() =>
    postEntry(c.tx, {
      kind: 'transfer',
      paymentId: payment.id,
      createdAt: c.now,
      postings: [
        { account: { wallet: payment.senderUserId }, amountCents: -payment.amountCents },
        { account: { wallet: payment.receiverUserId }, amountCents: payment.amountCents },
      ],
    }),
  );
  return { payment };
}

async function buyPricePoint(c: Caller, input: SendInput, card: Card | null): Promise<SendOutcome> {
  const [pricePoint] = await c.tx
    .select()
    .from(pricePoints)
    .where(and(eq(pricePoints.id, input.pricePointId!), eq(pricePoints.active, true)));
  if (!pricePoint || pricePoint.creatorUserId !== input.receiverUserId) {
    throw new DomainError('price_point_not_found');
  }
  if (pricePoint.priceCents !== input.amountCents) {
    throw new DomainError('payment_does_not_match_price');
  }
  const charge = chargeFor(pricePoint.priceCents, fundingSourceOf(input.paymentMethodId));
  if (card) {
    // By card: the payment waits in `created` while the card is authorised; the authorisation is the hold.
    const payment = await createCardPayment(
      c,
      card,
      charge,
      {
        kind: 'price_point',
        receiverUserId: pricePoint.creatorUserId,
        pricePointId: pricePoint.id,
        mediaType: pricePoint.mediaType,
        description: pricePoint.description,
      },
      'price point bought by card',
    );
    return askCardAuthorisation(c, payment, card, charge, input);
  }
  const expiresAt = new Date(c.now.getTime() + CARD_HOLD_MS);
  const payment = await create(
    c,
    {
      kind: 'price_point',
      senderUserId: c.userId,
      receiverUserId: pricePoint.creatorUserId,
      createdByUserId: c.userId,
      amountCents: charge.amountCents,
      feeCents: charge.feeCents,
      paymentMethodId: input.paymentMethodId,
      pricePointId: pricePoint.id,
      mediaType: pricePoint.mediaType,
      description: pricePoint.description,
      holdExpiresAt: expiresAt,
      createdAt: c.now,
    },
    { type: 'HOLD_FUNDS', role: 'sender' },
    { created: 'price point bought', transition: 'funds held until the creator replies' },
  );
  await enqueueJob(c.tx, 'expire_hold', { paymentId: payment.id }, expiresAt, c.now);
  if (input.message) await addMessage(c.tx, payment, c.userId, input.message, null, true, c.now);
  await recordShowOnPage(c, payment.id, input);
  await moving(() =>
    placeHold(c.tx, {
      userId: c.userId,
      paymentMethodId: input.paymentMethodId,
      paymentId: payment.id,
      amountCents: charge.amountCents,
      feeCents: charge.feeCents,
      now: c.now,
      expiresAt,
    }),
  );
  return { payment };
}

export interface RequestInput {
  /** The user asked to pay. */
  receiverUserId: string;
  amountCents: number;
  message: string;
}

/** POST payment/request/: in the record the payer is the sender and the requester (the caller) the receiver. */
export async function createRequest(c: Caller, input: RequestInput): Promise<Payment> {
  requirePositive(input.amountCents);
  if (input.amountCents >= REQUEST_MAX_EXCLUSIVE_CENTS) {
    throw new DomainError('request_amount_too_large');
  }
  await requireCounterparty(c.tx, c.userId, input.receiverUserId);
  const payment = await create(
    c,
    {
      kind: 'request',
      senderUserId: input.receiverUserId,
      receiverUserId: c.userId,
      createdByUserId: c.userId,
      amountCents: input.amountCents,
      feeCents: 0,
      paymentMethodId: null,
      description: input.message,
      createdAt: c.now,
    },
    { type: 'REQUEST', role: 'receiver' },
    { created: 'request', transition: 'payment requested' },
  );
  await addMessage(c.tx, payment, c.userId, input.message, null, true, c.now);
  return payment;
}

/**
 * DELETE payment/request/: the requester cancels a request (→ cancelled), the payer declines it (→ rejected);
 * a creator declines a price-point payment awaiting their reply (→ rejected, hold released).
 */
export async function cancelOrDecline(c: Caller, paymentId: string): Promise<Payment> {
  const payment = await lockPaymentOfParty(c.tx, paymentId, c.userId);
  const role = roleOf(payment, c.userId)!;
  if (payment.status === 'requested') {
    return role === 'receiver'
      ? transition(c, payment, { type: 'CANCEL', role }, c.userId, 'cancelled by the requester')
      : transition(c, payment, { type: 'DECLINE', role }, c.userId, 'declined by the payer');
  }
  if (payment.kind === 'price_point') {
    const updated = await transition(c, payment, { type: 'DECLINE', role }, c.userId, 'declined by the creator');
    await releaseHoldOf(c.tx, payment, 'released', c.now);
    return updated;
  }
  throw notAllowed();
}

/**
 * Releases a price-point payment's hold: a balance hold goes back to the wallet now; a card hold is closed here and
 * its authorisation voided at the processor by a job (never from inside this transaction).
 */
async function releaseHoldOf(tx: Tx, payment: Payment, as: 'released' | 'expired', now: Date): Promise<void> {
  const hold = await lockHoldOfPayment(tx, payment.id);
  if (hold && hold.status === 'open') await releaseHold(tx, hold, as, now);
  if (hold?.source === 'card') {
    const charge = await liveChargeOfPayment(tx, payment.id);
    if (charge) await scheduleVoid(tx, charge, now);
  }
}

/** POST payment/request/reminder: the requester nudges the payer, at most once per 24 hours (the machine's rule). */
export async function remind(c: Caller, paymentId: string): Promise<Payment> {
  const payment = await lockPaymentOfParty(c.tx, paymentId, c.userId);
  const role: PaymentRole = roleOf(payment, c.userId)!;
  const event = {
    type: 'REMIND',
    role,
    now: c.now.getTime(),
    lastReminderAt: payment.lastReminderAt?.getTime() ?? null,
  } as const;
  if (!nextPaymentStatus(payment.status, event) && nextPaymentStatus(payment.status, { ...event, lastReminderAt: null })) {
    throw new DomainError('reminder_too_soon');
  }
  return transition(c, payment, event, c.userId, 'reminder sent', { lastReminderAt: c.now });
}

export interface MessageInput {
  paymentId: string;
  message: string;
  messageMediaId?: string | undefined;
}

/**
 * POST messages/: a message on a payment, to the other party. A creator's media reply to a price-point payment
 * awaiting it (`new`) claims it: new → processing → complete, escrow → creator, in this transaction.
 */
export async function postMessage(c: Caller, input: MessageInput) {
  let payment = await lockPaymentOfParty(c.tx, input.paymentId, c.userId);
  const role = roleOf(payment, c.userId)!;
  const mediaId = input.messageMediaId || null;
  if (!input.message.trim() && !mediaId) throw new DomainError('message_empty');

  const claims = mediaId !== null && payment.kind === 'price_point' && payment.status === 'new' && role === 'receiver';
  // The attached photo or video must be the sender's own upload; a claim needs the promised kind.
  if (mediaId !== null) await requireMediaFor(c.tx, mediaId, c.userId, claims ? payment.mediaType : null);
  if (claims) {
    if (payment.holdExpiresAt && c.now.getTime() >= payment.holdExpiresAt.getTime()) {
      throw new DomainError('hold_expired');
    }
    payment = await transition(c, payment, { type: 'REPLY_WITH_MEDIA', role }, c.userId, `media reply ${mediaId}`);
    const hold = await lockHoldOfPayment(c.tx, payment.id);
    if (!hold) throw new Error(`price-point payment ${payment.id} has no hold`);
    if (hold.source === 'balance') {
      await captureHold(c.tx, hold, payment.receiverUserId, c.now);
      payment = await transition(c, payment, { type: 'CAPTURED', role: 'system' }, null, 'escrow captured for the creator');
    } else {
      // A card hold is captured at the processor by a job, outside this transaction (processing → complete).
      const charge = await liveChargeOfPayment(c.tx, payment.id);
      if (!charge) throw new Error(`card price-point payment ${payment.id} has no live charge`);
      await scheduleCapture(c.tx, charge, c.now);
    }
  }
  return addMessage(c.tx, payment, c.userId, input.message, mediaId, claims, c.now);
}

/**
 * The hold-expiry job: 72 hours after a price-point payment with no reply, the hold is released and the payment
 * cancelled. Returns a later time when the job ran early (the hold is not due yet).
 */
export async function expireHold(tx: Tx, now: Date, paymentId: string): Promise<{ retryAt: Date } | void> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  if (!payment || payment.status !== 'new') return;
  if (payment.holdExpiresAt && now.getTime() < payment.holdExpiresAt.getTime()) return { retryAt: payment.holdExpiresAt };
  await applyTransition(tx, payment, { type: 'EXPIRE', role: 'system' }, null, now, `no reply within ${CARD_HOLD_HOURS} hours`);
  await releaseHoldOf(tx, payment, 'expired', now);
}
