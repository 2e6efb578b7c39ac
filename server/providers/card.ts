import type { CardBrand } from '../../domain/rules/card-rules';

/**
 * The card processor (design.md §5). The server talks to this interface only; the sandbox (sandbox/card.ts) is the
 * default and behaves like a processor's test mode (docs/money.md "Providers" lists its magic numbers).
 *
 * Every call is made **outside any database transaction** (a slow or hanging processor must never hold row locks):
 * the caller records its intent first, calls, then records the outcome. Calls that change something take an
 * idempotency key, so a retry after a crash (or a timeout) gets the first answer instead of charging twice.
 */
export interface CardDetails {
  /** Digits only. */
  number: string;
  expMonth: number;
  expYear: number;
  cvv: string;
  nameOnCard: string;
  country: string;
  postalCode: string;
}

/** Why a processor refuses a card or a charge. */
export type DeclineCode = 'generic_decline' | 'insufficient_funds' | 'expired_card' | 'incorrect_number' | 'invalid_token';

export type CardValidation =
  | { outcome: 'valid'; token: string; brand: CardBrand; last4: string; expMonth: number; expYear: number }
  | { outcome: 'declined'; code: DeclineCode };

export type Authorisation =
  | { outcome: 'authorised'; reference: string; expiresAt: Date }
  | { outcome: 'declined'; code: DeclineCode };

export type CaptureRefusal = 'authorisation_expired' | 'authorisation_voided' | 'unknown_authorisation' | 'amount_too_large';
export type Capture = { outcome: 'captured' } | { outcome: 'refused'; code: CaptureRefusal };

export type VoidResult = { outcome: 'voided' } | { outcome: 'refused'; code: 'already_captured' | 'unknown_authorisation' };

export interface CardProvider {
  /** Checks the card with the issuer without charging it (a zero-amount verification) and tokenises it. */
  validate(card: CardDetails): Promise<CardValidation>;
  /** Reserves `amountCents` on the card; an authorisation lapses after 72 hours unless captured. */
  authorise(input: { token: string; amountCents: number; idempotencyKey: string }): Promise<Authorisation>;
  /** Takes the authorised money. */
  capture(input: { reference: string; amountCents: number; idempotencyKey: string }): Promise<Capture>;
  /** Releases an authorisation that will not be captured. */
  void(input: { reference: string; idempotencyKey: string }): Promise<VoidResult>;
}

/** The provider did not answer (network, timeout, 5xx): the outcome is unknown and the call must be retried. */
export class ProviderUnavailableError extends Error {}
