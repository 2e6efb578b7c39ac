import { FEE_RATE } from '../limits';

/**
 * The fee policy, in one place (design.md §3). Card-funded payments and card deposits cost 5%, paid by the payer
 * on top of the amount; the fee is rounded half-up to the cent. Balance and USDT are free. The receiver always
 * gets 100% of the amount. Integer arithmetic only: the rate is held as basis points.
 */
export type FundingSource = 'balance' | 'card' | 'usdt';

/** FEE_RATE (0.05) as basis points, checked at load so the constant and the arithmetic cannot drift apart. */
export const FEE_BASIS_POINTS = 500;
if (FEE_BASIS_POINTS / 10_000 !== FEE_RATE) throw new Error('FEE_BASIS_POINTS disagrees with FEE_RATE');

/** 5% of `amountCents`, half-up to the cent: floor((amount × 500 + 5000) / 10000). */
export function cardFeeCents(amountCents: number): number {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) throw new RangeError(`bad amount: ${amountCents}`);
  return Math.floor((amountCents * FEE_BASIS_POINTS + 5_000) / 10_000);
}

export interface Charge {
  /** What the receiver gets: always the whole amount. */
  amountCents: number;
  feeCents: number;
  /** What the payer is charged: amount + fee. */
  totalCents: number;
}

export function chargeFor(amountCents: number, source: FundingSource): Charge {
  const feeCents = source === 'card' ? cardFeeCents(amountCents) : 0;
  return { amountCents, feeCents, totalCents: amountCents + feeCents };
}

/** A payment method id is `balance` or the id of one of the payer's cards. */
export function fundingSourceOf(paymentMethodId: string): FundingSource {
  return paymentMethodId === 'balance' ? 'balance' : 'card';
}
