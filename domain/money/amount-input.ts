import { MAX_AMOUNT_CENTS } from './amount';

/**
 * What an amount field accepts as the user types (spec 5): digits with an optional decimal point and at most two
 * decimals; a field may also cap how many digits come before the point. A keystroke that would break the rule is
 * refused, so the field never shows text that cannot become an amount. Shared by every amount field (send,
 * request, withdraw, add money) and by the machines that check them.
 */

/** Digits before the point the API can carry ($999,999,999.99: nine). */
export const MAX_WHOLE_DIGITS = 9;

const AMOUNT_INPUT_RE = /^(\d*)(\.\d{0,2})?$/u;

export function acceptsAmountInput(text: string, maxWholeDigits: number = MAX_WHOLE_DIGITS): boolean {
  const match = AMOUNT_INPUT_RE.exec(text);
  if (!match) return false;
  // Leading zeros are not digits the user means ("007" is 7), but they still count toward the field's width.
  return match[1]!.length <= maxWholeDigits;
}

/**
 * The cents a finished entry stands for: "12.5" → 1250, ".5" → 50, "7." → 700, "007" → 700. Null when nothing
 * numeric was typed or the text breaks the input rule.
 */
export function centsFromInput(text: string): number | null {
  if (!acceptsAmountInput(text) || !/\d/u.test(text)) return null;
  const [whole = '', fraction = ''] = text.split('.');
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  return cents <= MAX_AMOUNT_CENTS ? cents : null;
}
