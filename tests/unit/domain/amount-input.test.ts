import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { acceptsAmountInput, centsFromInput, MAX_WHOLE_DIGITS } from '../../../domain/money/amount-input';
import { formatAmount, parseAmount } from '../../../domain/money/amount';

describe('amount input rule', () => {
  it('accepts digits, one optional point and at most two decimals, as typed', () => {
    for (const ok of ['', '1', '12', '12.', '12.5', '12.50', '.', '.5', '0.07', '007']) expect(acceptsAmountInput(ok), ok).toBe(true);
    for (const bad of ['12.505', '1.2.3', '-1', '+1', '1e2', '1,00', ' 1', '1 ', 'abc', '$1', '١٢']) expect(acceptsAmountInput(bad), bad).toBe(false);
  });

  it('caps the digits before the point per field', () => {
    expect(acceptsAmountInput('123', 3)).toBe(true);
    expect(acceptsAmountInput('1234', 3)).toBe(false);
    expect(acceptsAmountInput('123.45', 3)).toBe(true);
    expect(acceptsAmountInput('9'.repeat(MAX_WHOLE_DIGITS))).toBe(true);
    expect(acceptsAmountInput('9'.repeat(MAX_WHOLE_DIGITS + 1))).toBe(false);
  });

  it('reads a finished entry as cents', () => {
    expect(centsFromInput('12.5')).toBe(1250);
    expect(centsFromInput('.5')).toBe(50);
    expect(centsFromInput('7.')).toBe(700);
    expect(centsFromInput('007')).toBe(700);
    expect(centsFromInput('0')).toBe(0);
    for (const none of ['', '.', '12.505', 'abc']) expect(centsFromInput(none), none).toBeNull();
  });

  it('property: every accepted entry becomes an amount the API takes, and every API amount is accepted', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{0,9}(\.\d{0,2})?$/u), (text) => {
        const cents = centsFromInput(text);
        return cents === null ? !/\d/u.test(text) : parseAmount(formatAmount(cents)) === cents;
      }),
    );
    fc.assert(fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (cents) => centsFromInput(formatAmount(cents)) === cents));
  });
});
