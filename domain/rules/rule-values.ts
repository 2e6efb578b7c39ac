import { CUSTOM_AMOUNT_MAX_CENTS, CUSTOM_AMOUNT_MIN_CENTS, BIO_MAX_LENGTH, PASSWORD_MIN_LENGTH, PIN_LENGTH, PRICE_POINT_DESCRIPTION_MAX_LENGTH, PRICE_POINT_MAX_CENTS, PRICE_POINT_MIN_CENTS, MINIMUM_AGE_YEARS } from '../limits';
import { formatAmount } from '../money/amount';

/**
 * The account rules' message keys and the values they interpolate, apart from the rules in account-rules.ts:
 * every form field shows these (src/ui/form/use-form-text.ts, in the entry chunk), and importing them must not
 * bring the rules, the country list and the reserved route names into pages whose forms check none of them.
 */

/** The symbols a password may use to satisfy the "symbol" rule: every printable ASCII punctuation character. */
export const PASSWORD_SYMBOLS = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const FULL_NAME_MAX_LENGTH = 100;

export const RULE = {
  required: 'accounts:rules.required',
  emailInvalid: 'accounts:rules.email_invalid',
  passwordTooShort: 'accounts:rules.password_too_short',
  passwordTooLong: 'accounts:rules.password_too_long',
  passwordNeedsUpper: 'accounts:rules.password_needs_upper',
  passwordNeedsLower: 'accounts:rules.password_needs_lower',
  passwordNeedsDigit: 'accounts:rules.password_needs_digit',
  passwordNeedsSymbol: 'accounts:rules.password_needs_symbol',
  passwordsDiffer: 'accounts:rules.passwords_differ',
  passwordUnchanged: 'accounts:rules.password_unchanged',
  usernameFormat: 'accounts:rules.username_format',
  usernameLength: 'accounts:rules.username_length',
  usernameReserved: 'accounts:rules.username_reserved',
  fullNameTooLong: 'accounts:rules.full_name_too_long',
  countryInvalid: 'accounts:rules.country_invalid',
  consentRequired: 'accounts:rules.consent_required',
  otpFormat: 'accounts:rules.otp_format',
} as const;

type RuleKey = (typeof RULE)[keyof typeof RULE];

/** Values the messages interpolate (i18next `{{name}}`), the same on both sides. */
export const RULE_VALUES = {
  min: PASSWORD_MIN_LENGTH,
  max: PASSWORD_MAX_LENGTH,
  symbols: PASSWORD_SYMBOLS,
  usernameMin: USERNAME_MIN_LENGTH,
  usernameMax: USERNAME_MAX_LENGTH,
  fullNameMax: FULL_NAME_MAX_LENGTH,
  digits: PIN_LENGTH,
  // Creator rules (domain/rules/creator-rules.ts) share this one table so every form interpolates the same way.
  priceMin: formatAmount(PRICE_POINT_MIN_CENTS),
  priceMax: formatAmount(PRICE_POINT_MAX_CENTS),
  descriptionMax: PRICE_POINT_DESCRIPTION_MAX_LENGTH,
  bioMax: BIO_MAX_LENGTH,
  amountMin: formatAmount(CUSTOM_AMOUNT_MIN_CENTS),
  amountMax: formatAmount(CUSTOM_AMOUNT_MAX_CENTS),
  // The bank-account wizard's age rule (domain/rules/bank-rules.ts).
  minAge: MINIMUM_AGE_YEARS,
} as const;
