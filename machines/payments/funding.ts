import { chargeFor, fundingSourceOf, type Charge } from '../../domain/money/fees';

/** One of the payer's cards as the cards API lists it (only what the method step shows; never the number). */
export interface PaymentCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** What the payer can pay with: the wallet's available balance and their cards. */
export interface Funding {
  availableCents: number;
  cards: PaymentCard[];
}

export const BALANCE_METHOD = 'balance';
/** A card typed into the payment (issue 22): never an id the server knows; the body carries `newCard` instead. */
export const NEW_CARD_METHOD = 'new-card';

/** The money a method step shows and the confirm step repeats: amount, transfer fee (5% on a card), total charge. */
export function chargeOf(amountCents: number, methodId: string): Charge {
  return chargeFor(amountCents, fundingSourceOf(methodId));
}

export function isKnownMethod(funding: Funding | null, methodId: string): boolean {
  return methodId === BALANCE_METHOD || (funding?.cards.some((c) => c.id === methodId) ?? false);
}
