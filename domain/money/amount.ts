/**
 * Money on the wire is a decimal string of US dollars with at most two decimals ("12.50"); in the domain and the
 * database it is an integer number of cents. No binary float ever touches an amount: parsing and formatting are
 * string and integer operations only.
 */

/** Dollars as the API accepts them: no sign, no exponent, no thousands separators, at most two decimals. */
const AMOUNT_PATTERN = '^(0|[1-9][0-9]{0,8})(\\.[0-9]{1,2})?$';
const AMOUNT_RE = new RegExp(AMOUNT_PATTERN);

/** The largest amount the API carries: $999,999,999.99 (nine integer digits), far inside Number's exact range. */
export const MAX_AMOUNT_CENTS = 99_999_999_999;

/** "12.5" → 1250, "0.07" → 7, "12" → 1200. Returns null for anything that is not a plain amount. */
export function parseAmount(text: string): number | null {
  if (typeof text !== 'string' || !AMOUNT_RE.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 1250 → "12.50"; -7 → "-0.07". Integers only. */
export function formatAmount(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not an integer number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const fraction = String(abs % 100).padStart(2, '0');
  return `${sign}${whole}.${fraction}`;
}
