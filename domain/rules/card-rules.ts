import { isCountryCode } from '../countries';
import { form, isNumber, isString, rule } from './checks';

/**
 * The add-card form (spec section 5: name on card at least two words; number 15 or 16 digits; expiry a valid month
 * and not in the past; CVV 3 or 4 digits), shared by the web app and the server. Messages are translation keys
 * under `wallet:rules`. The number passes the Luhn check too (every card number does; a typo rarely does).
 *
 * The server never stores the number or the CVV: it hands them to the card processor, which validates the card
 * (no charge) and returns a token; only brand, last four and expiry are kept (docs/money.md "Cards").
 */
export const CARD_RULE = {
  required: 'wallet:rules.required',
  nameTwoWords: 'wallet:rules.card_name_two_words',
  nameTooLong: 'wallet:rules.card_name_too_long',
  numberLength: 'wallet:rules.card_number_length',
  numberInvalid: 'wallet:rules.card_number_invalid',
  expMonth: 'wallet:rules.card_exp_month',
  expYear: 'wallet:rules.card_exp_year',
  expired: 'wallet:rules.card_expired',
  cvv: 'wallet:rules.card_cvv',
  country: 'wallet:rules.country_invalid',
  postalCode: 'wallet:rules.postal_code_invalid',
} as const;

import { CARD_MAX_YEARS_AHEAD, CARD_NAME_MAX_LENGTH } from './card-limits';

export {   CARD_RULE_VALUES } from './card-limits';

/** Digits only: spaces and dashes people type between groups are dropped. */
export function normalizeCardNumber(number: string): string {
  return number.replace(/[\s-]/g, '');
}

/** The Luhn (mod 10) check every card number satisfies. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'other';

/** The brand from the number's prefix (IIN ranges), for display. */
export function cardBrandOf(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'other';
}

/** A card is good through the last day of its expiry month. */
export function cardExpired(expMonth: number, expYear: number, today: Date): boolean {
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth() + 1;
  return expYear < year || (expYear === year && expMonth < month);
}

const text = rule(isString, CARD_RULE.required);
const filled = text.narrow((s) => s.trim().length > 0, CARD_RULE.required);

const CardNameRule = filled
  .narrow((s) => s.trim().length <= CARD_NAME_MAX_LENGTH, CARD_RULE.nameTooLong)
  .narrow((s) => s.trim().split(/\s+/).length >= 2, CARD_RULE.nameTwoWords);

const CardNumberRule = filled
  .narrow((s) => /^\d{15,16}$/.test(normalizeCardNumber(s)), CARD_RULE.numberLength)
  .narrow((s) => luhnValid(normalizeCardNumber(s)), CARD_RULE.numberInvalid);

const CvvRule = filled.narrow((s) => /^\d{3,4}$/.test(s), CARD_RULE.cvv);

const ExpMonthRule = rule(isNumber, CARD_RULE.expMonth).narrow((n) => Number.isInteger(n) && n >= 1 && n <= 12, CARD_RULE.expMonth);

const CardCountryRule = filled.narrow((s) => isCountryCode(s), CARD_RULE.country);

const PostalCodeRule = filled.narrow((s) => /^[A-Za-z0-9][A-Za-z0-9 -]{1,10}$/.test(s.trim()), CARD_RULE.postalCode);

/** The add-card form; the expiry is checked against `today` (the server's clock, or the browser's). */
export function cardForm(today: Date) {
  const thisYear = today.getUTCFullYear();
  const ExpYearRule = rule(isNumber, CARD_RULE.expYear).narrow(
    (n) => Number.isInteger(n) && n >= thisYear && n <= thisYear + CARD_MAX_YEARS_AHEAD,
    CARD_RULE.expYear,
  );
  return form({
    nameOnCard: CardNameRule,
    number: CardNumberRule,
    expMonth: ExpMonthRule,
    expYear: ExpYearRule,
    cvv: CvvRule,
    country: CardCountryRule,
    postalCode: PostalCodeRule,
  }).refine((f) => (!cardExpired(f.expMonth, f.expYear, today) ? null : { field: 'expMonth', message: CARD_RULE.expired }));
}

export type CardFormValue = {
  nameOnCard: string;
  number: string;
  expMonth: number;
  expYear: number;
  cvv: string;
  country: string;
  postalCode: string;
};
