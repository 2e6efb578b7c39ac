import { eq } from 'drizzle-orm';
import { cardCharges, cards } from '../db/schema/index';
import type { Tx } from '../ledger/types';
import { readStoredAnswer, type DeferredAnswer, type StoredAnswer } from '../idempotency/store';
import type { Authorisation, Capture, VoidResult } from '../providers/card';
import { paymentAuthorised, paymentCaptured, paymentCaptureRefused, paymentDeclined } from '../payments/card-payments';
import { depositAuthorised, depositCaptured, depositCaptureRefused, depositDeclined } from './deposits';
import { keyOf, lockCharge, setChargeStatus } from './card-charges';
import { providerUnavailableProblem, settleAnswer, type Answer } from './answers';
import type { MoneyDeps } from './deps';
import { DomainError } from '../problems/domain-error';

/**
 * Steps 2 and 3 of a card charge (card-charges.ts): ask the processor, outside any transaction, then record what it
 * said — for a payment (payments/card-payments.ts) or a deposit (deposits.ts) — and store the request's answer.
 * Used by the request itself and, if the request never got that far, by the `card_authorisation` job.
 */
type Validate = (status: number, body: unknown) => void;

/** The answer a money-moving handler returns for a card charge: authorised after the handler's transaction. */
export function deferAuthorisation(deps: MoneyDeps, chargeId: string): DeferredAnswer {
  return { deferred: (validate) => authoriseCharge(deps, chargeId, validate) };
}

async function authoriseCharge(deps: MoneyDeps, chargeId: string, validate?: Validate): Promise<StoredAnswer> {
  const { db } = deps.database;
  const [row] = await db
    .select({ charge: cardCharges, token: cards.providerToken })
    .from(cardCharges)
    .innerJoin(cards, eq(cards.id, cardCharges.cardId))
    .where(eq(cardCharges.id, chargeId));
  if (!row) throw new Error(`card charge ${chargeId} is missing`);
  let outcome: Authorisation | null = null;
  if (row.charge.status === 'authorising') {
    try {
      outcome = await deps.providers.card.authorise({ token: row.token, amountCents: row.charge.amountCents, idempotencyKey: row.charge.id });
    } catch {
      // Unknown outcome: the `card_authorisation` job asks again (same key, same answer) and stores the answer.
      throw providerUnavailableProblem();
    }
  }
  return db.transaction((tx) => applyAuthorisation(tx, deps, chargeId, outcome, deps.clock.now(), validate));
}

/**
 * Records the processor's answer (once: a second caller finds the charge decided and gets the stored answer).
 * `outcome` null means "only read the stored answer".
 */
export async function applyAuthorisation(
  tx: Tx,
  deps: MoneyDeps,
  chargeId: string,
  outcome: Authorisation | null,
  now: Date,
  validate?: Validate,
): Promise<StoredAnswer> {
  let charge = await lockCharge(tx, chargeId);
  if (!charge) throw new Error(`card charge ${chargeId} is missing`);
  if (charge.status !== 'authorising' || !outcome) {
    // Decided by the other path (request or job): its answer is in the key's row.
    const key = keyOf(charge);
    const stored = key ? await readStoredAnswer(tx, key) : null;
    if (stored) return stored;
    return settleAnswer(tx, deps.translator, null, { problem: new DomainError('idempotency_key_in_flux') });
  }
  let answer: Answer;
  if (outcome.outcome === 'authorised') {
    charge = await setChargeStatus(tx, charge, 'authorised', now, {
      providerReference: outcome.reference,
      authorisationExpiresAt: outcome.expiresAt,
    });
    answer = charge.depositId ? await depositAuthorised(tx, charge, outcome, now) : await paymentAuthorised(tx, charge, outcome, now);
  } else {
    charge = await setChargeStatus(tx, charge, 'declined', now, { declineCode: outcome.code });
    answer = charge.depositId ? await depositDeclined(tx, charge, outcome.code, now) : await paymentDeclined(tx, charge, outcome.code, now);
  }
  return settleAnswer(tx, deps.translator, keyOf(charge), answer, validate);
}

// ---- The jobs: card_authorisation (the safety net), card_capture, card_void

export interface AuthorisationCall {
  chargeId: string;
  token: string;
  amountCents: number;
}

export async function authorisationToResume(tx: Tx, chargeId: string): Promise<AuthorisationCall | null> {
  const [row] = await tx
    .select({ charge: cardCharges, token: cards.providerToken })
    .from(cardCharges)
    .innerJoin(cards, eq(cards.id, cardCharges.cardId))
    .where(eq(cardCharges.id, chargeId));
  if (!row || row.charge.status !== 'authorising') return null;
  return { chargeId, token: row.token, amountCents: row.charge.amountCents };
}

export interface ChargeCall {
  chargeId: string;
  reference: string;
  amountCents: number;
}

/** A charge still authorised (neither captured nor voided): what to ask the processor. */
export async function authorisedCharge(tx: Tx, chargeId: string): Promise<ChargeCall | null> {
  const charge = await lockCharge(tx, chargeId);
  if (!charge || charge.status !== 'authorised' || !charge.providerReference) return null;
  return { chargeId, reference: charge.providerReference, amountCents: charge.amountCents };
}

export async function applyCapture(tx: Tx, chargeId: string, outcome: Capture, now: Date): Promise<void> {
  let charge = await lockCharge(tx, chargeId);
  if (!charge || charge.status !== 'authorised') return;
  if (outcome.outcome === 'captured') {
    charge = await setChargeStatus(tx, charge, 'captured', now);
    if (charge.depositId) await depositCaptured(tx, charge, now);
    else await paymentCaptured(tx, charge, now);
    return;
  }
  charge = await setChargeStatus(tx, charge, 'capture_declined', now, { declineCode: outcome.code });
  if (charge.depositId) await depositCaptureRefused(tx, charge, outcome.code, now);
  else await paymentCaptureRefused(tx, charge, outcome.code, now);
}

export async function applyVoid(tx: Tx, chargeId: string, outcome: VoidResult, now: Date): Promise<void> {
  const charge = await lockCharge(tx, chargeId);
  if (!charge || charge.status !== 'authorised') return;
  if (outcome.outcome === 'refused' && outcome.code === 'already_captured') {
    // The processor took money we did not ask for: keep the job failing (visible, retried) for an operator.
    throw new Error(`card charge ${chargeId}: the processor says the authorisation was captured, but it was to be voided`);
  }
  await setChargeStatus(tx, charge, 'voided', now);
}
