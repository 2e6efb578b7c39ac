import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatAmount, MAX_AMOUNT_CENTS, parseAmount } from '../../../domain/money/amount';
import { cardFeeCents, chargeFor, FEE_BASIS_POINTS } from '../../../domain/money/fees';
import { FEE_RATE } from '../../../domain/limits';

describe('amounts: decimal strings ⇄ integer cents', () => {
  it('parses plain amounts with at most two decimals', () => {
    expect(parseAmount('12.50')).toBe(1250);
    expect(parseAmount('12.5')).toBe(1250);
    expect(parseAmount('12')).toBe(1200);
    expect(parseAmount('0.07')).toBe(7);
    expect(parseAmount('0')).toBe(0);
    expect(parseAmount('499.99')).toBe(49_999);
    expect(parseAmount('999999999.99')).toBe(MAX_AMOUNT_CENTS);
  });

  it('refuses everything else', () => {
    for (const bad of ['', '.5', '1.', '1.234', '-1', '+1', '1e3', '1,000', '01', ' 1', '1 ', '0x10', 'NaN', 'Infinity', '1000000000', '１']) {
      expect(parseAmount(bad), bad).toBeNull();
    }
  });

  it('formats with two decimals and round-trips every amount', () => {
    expect(formatAmount(1250)).toBe('12.50');
    expect(formatAmount(7)).toBe('0.07');
    expect(formatAmount(-7)).toBe('-0.07');
    expect(formatAmount(0)).toBe('0.00');
    fc.assert(fc.property(fc.integer({ min: 0, max: MAX_AMOUNT_CENTS }), (cents) => parseAmount(formatAmount(cents)) === cents));
  });
});

describe('fees: 5% on card, paid on top, half-up to the cent', () => {
  it('matches the FEE_RATE constant', () => {
    expect(FEE_BASIS_POINTS / 10_000).toBe(FEE_RATE);
  });

  it('rounds half-up at the cent', () => {
    expect(cardFeeCents(1000)).toBe(50); // $10.00 → $0.50
    expect(cardFeeCents(10)).toBe(1); // 0.5 cent → 1
    expect(cardFeeCents(9)).toBe(0); // 0.45 cent → 0
    expect(cardFeeCents(30)).toBe(2); // 1.5 cents → 2
    expect(cardFeeCents(29)).toBe(1); // 1.45 cents → 1
    expect(cardFeeCents(1)).toBe(0);
    expect(cardFeeCents(49_999)).toBe(2_500); // 2499.95 → 2500
  });

  it('property: the fee is the exact 5% rounded half-up (checked with BigInt arithmetic)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (cents) => {
        const fee = BigInt(cardFeeCents(cents));
        // exact = cents × 5 / 100; half-up ⇔ exact − ½ < fee ≤ exact + ½ ⇔ −50 < 100·fee − 5·cents ≤ 50
        const diff = 100n * fee - 5n * BigInt(cents);
        return diff > -50n && diff <= 50n;
      }),
      { numRuns: 2_000 },
    );
  });

  it('property: the payer pays amount + fee, the receiver gets 100%; balance and USDT are free', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999_999 }), (cents) => {
        const card = chargeFor(cents, 'card');
        const balance = chargeFor(cents, 'balance');
        const usdt = chargeFor(cents, 'usdt');
        return (
          card.amountCents === cents &&
          card.totalCents === cents + card.feeCents &&
          card.feeCents >= 0 &&
          balance.feeCents === 0 &&
          balance.totalCents === cents &&
          usdt.feeCents === 0
        );
      }),
    );
  });

  it('is monotonic: a larger amount never has a smaller fee', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000 }), (c) => cardFeeCents(c + 1) >= cardFeeCents(c)));
  });
});
