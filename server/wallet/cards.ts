import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/database';
import { cards } from '../db/schema/index';
import { checkRules } from '../problems/check-rules';
import type { CardProvider, CardValidation } from '../providers/card';
import type { Tx } from '../ledger/types';
import { CARD_RULE_VALUES, cardForm, normalizeCardNumber, type CardFormValue } from '../../domain/rules/card-rules';
import { cardDeclinedProblem, providerUnavailableProblem } from './answers';
import { DomainError } from '../problems/domain-error';

/**
 * Payment cards (spec 3 and 5; docs/money.md "Cards"). Adding one checks the form, then asks the processor to
 * validate it with no charge (outside any transaction) and keeps only what it returns: brand, last four, expiry
 * and a token. The number and the CVV exist only in this request's memory; they are never stored or logged.
 */
export type CardRow = typeof cards.$inferSelect;

const cardNotFound = () => new DomainError('card_not_found');

export function cardView(card: CardRow) {
  return {
    id: card.id,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    createdAt: card.createdAt.toISOString(),
  };
}

export async function addCard(db: Db, provider: CardProvider, userId: string, body: CardFormValue, now: Date): Promise<CardRow> {
  return storeCard(db, userId, await validateCard(provider, body, now), now);
}

export type ValidCard = Extract<CardValidation, { outcome: 'valid' }>;

/**
 * The form's rules, then the processor's check with no charge (outside any transaction): the card's token, brand,
 * last four and expiry, or the spec's decline (402).
 */
export async function validateCard(provider: CardProvider, body: CardFormValue, now: Date): Promise<ValidCard> {
  checkRules(cardForm(now), body, CARD_RULE_VALUES);
  let validation;
  try {
    validation = await provider.validate({
      number: normalizeCardNumber(body.number),
      expMonth: body.expMonth,
      expYear: body.expYear,
      cvv: body.cvv,
      nameOnCard: body.nameOnCard.trim(),
      country: body.country,
      postalCode: body.postalCode.trim(),
    });
  } catch {
    throw providerUnavailableProblem();
  }
  if (validation.outcome === 'declined') throw cardDeclinedProblem(validation.code);
  return validation;
}

/**
 * Keeps what the processor returned. A card used once and not kept (a payment's "Save this card" unticked) is
 * stored removed: its charge refers to it, and it is never listed or usable again.
 */
export async function storeCard(db: Db | Tx, userId: string, validation: ValidCard, now: Date, options: { keep?: boolean } = {}): Promise<CardRow> {
  const [card] = await db
    .insert(cards)
    .values({
      id: randomUUID(),
      userId,
      brand: validation.brand,
      last4: validation.last4,
      expMonth: validation.expMonth,
      expYear: validation.expYear,
      providerToken: validation.token,
      createdAt: now,
      removedAt: options.keep === false ? now : null,
    })
    .returning();
  return card!;
}

export async function listCards(db: Db, userId: string): Promise<CardRow[]> {
  return db
    .select()
    .from(cards)
    .where(and(eq(cards.userId, userId), isNull(cards.removedAt)))
    .orderBy(asc(cards.createdAt), asc(cards.id));
}

/** Removes one of the caller's cards (the row stays for the payments that used it); anyone else's → 404. */
export async function removeCard(db: Db, userId: string, cardId: string, now: Date): Promise<void> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(cardId)) throw cardNotFound();
  const removed = await db
    .update(cards)
    .set({ removedAt: now })
    .where(and(eq(cards.id, cardId), eq(cards.userId, userId), isNull(cards.removedAt)))
    .returning({ id: cards.id });
  if (removed.length === 0) throw cardNotFound();
}
