/**
 * Test oracle: these rules as arktype types, as domain/ had them before session 4 replaced them with plain checks
 * (domain/rules/checks.ts) to keep arktype out of the web app. tests/unit/domain/rules-parity.test.ts
 * runs both over a generated corpus and wants the same problems for every input. The pure helpers (check digits,
 * formats, message keys) come from domain/, so only the composition is repeated here: when a rule changes on
 * purpose, change it here too.
 */
import { type } from 'arktype';
import { isReservedName } from '../../../domain/app-routes';
import { isCountryCode } from '../../../domain/countries';
import { PASSWORD_MIN_LENGTH, PIN_LENGTH } from '../../../domain/limits';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_SYMBOLS,
  RULE,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  FULL_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
} from '../../../domain/rules/rule-values';

// The WHATWG (HTML input type=email) address syntax, with at least one dot in the domain.
const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const USERNAME_PATTERN = /^[A-Za-z0-9_](?:[A-Za-z0-9._]*[A-Za-z0-9_])?$/;
const OTP_PATTERN = new RegExp(`^\\d{${PIN_LENGTH}}$`);
const symbolSet = new Set(PASSWORD_SYMBOLS);

const text = type('string').configure({ message: RULE.required });
const filled = text.narrow((s, ctx) => s.trim().length > 0 || ctx.reject({ message: RULE.required }));

export const EmailRule = filled.narrow(
  (s, ctx) => (s.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(s)) || ctx.reject({ message: RULE.emailInvalid }),
);

/** A new password: spec 5 (at least 8, upper, lower, digit, symbol from PASSWORD_SYMBOLS). */
export const NewPasswordRule = text
  .narrow((s, ctx) => s.length > 0 || ctx.reject({ message: RULE.required }))
  .narrow((s, ctx) => [...s].length >= PASSWORD_MIN_LENGTH || ctx.reject({ message: RULE.passwordTooShort }))
  .narrow((s, ctx) => [...s].length <= PASSWORD_MAX_LENGTH || ctx.reject({ message: RULE.passwordTooLong }))
  .narrow((s, ctx) => /[A-Z]/.test(s) || ctx.reject({ message: RULE.passwordNeedsUpper }))
  .narrow((s, ctx) => /[a-z]/.test(s) || ctx.reject({ message: RULE.passwordNeedsLower }))
  .narrow((s, ctx) => /[0-9]/.test(s) || ctx.reject({ message: RULE.passwordNeedsDigit }))
  .narrow((s, ctx) => [...s].some((c) => symbolSet.has(c)) || ctx.reject({ message: RULE.passwordNeedsSymbol }));

/** An existing password (sign-in, current password): only required; old passwords may predate the rules. */
export const ExistingPasswordRule = text.narrow((s, ctx) => s.length > 0 || ctx.reject({ message: RULE.required }));

export const UsernameRule = filled
  .narrow(
    (s, ctx) =>
      (s.length >= USERNAME_MIN_LENGTH && s.length <= USERNAME_MAX_LENGTH) ||
      ctx.reject({ message: RULE.usernameLength }),
  )
  .narrow((s, ctx) => (USERNAME_PATTERN.test(s) && !s.includes('..')) || ctx.reject({ message: RULE.usernameFormat }))
  .narrow((s, ctx) => !isReservedName(s) || ctx.reject({ message: RULE.usernameReserved }));

export const FullNameRule = filled.narrow(
  (s, ctx) => s.trim().length <= FULL_NAME_MAX_LENGTH || ctx.reject({ message: RULE.fullNameTooLong }),
);

export const CountryRule = filled.narrow((s, ctx) => isCountryCode(s) || ctx.reject({ message: RULE.countryInvalid }));

export const ConsentRule = type('boolean')
  .configure({ message: RULE.consentRequired })
  .narrow((v, ctx) => v === true || ctx.reject({ message: RULE.consentRequired }));

export const OtpRule = filled.narrow((s, ctx) => OTP_PATTERN.test(s) || ctx.reject({ message: RULE.otpFormat }));

const SecretRule = filled;

// ---- Forms: one per screen or call. Cross-field rules report on the field the user must fix.

/** Sign-up screen: the confirmation and the consent to the terms and privacy policy are checked here. */
export const SignUpForm = type({
  email: EmailRule,
  password: NewPasswordRule,
  confirmPassword: text,
  acceptTerms: ConsentRule,
}).narrow(
  (f, ctx) =>
    f.password === f.confirmPassword || ctx.reject({ path: ['confirmPassword'], message: RULE.passwordsDiffer }),
);

/** What `POST app/user/create/` checks beyond the contract's shape. */
export const CreateUserRules = type({ email: EmailRule, password: NewPasswordRule });

export const SignInForm = type({ email: EmailRule, password: ExistingPasswordRule });

export const EmailForm = type({ email: EmailRule });

export const VerifyEmailForm = type({ email: EmailRule, otp: OtpRule });

export const ResetPasswordForm = type({
  email: EmailRule,
  saltcode: SecretRule,
  password_1: NewPasswordRule,
  password_2: text,
}).narrow(
  (f, ctx) => f.password_1 === f.password_2 || ctx.reject({ path: ['password_2'], message: RULE.passwordsDiffer }),
);

export const ChangePasswordForm = type({
  current_password: ExistingPasswordRule,
  password_1: NewPasswordRule,
  password_2: text,
})
  .narrow(
    (f, ctx) => f.password_1 === f.password_2 || ctx.reject({ path: ['password_2'], message: RULE.passwordsDiffer }),
  )
  .narrow(
    (f, ctx) =>
      f.password_1 !== f.current_password || ctx.reject({ path: ['password_1'], message: RULE.passwordUnchanged }),
  );

export const SetUpForm = type({
  fullName: FullNameRule,
  username: UsernameRule,
  country: CountryRule,
  eSignatureConsent: ConsentRule,
});

export interface RuleProblem {
  /** Dotted path of the field, e.g. `password_2`. */
  field: string;
  /** The translation key, e.g. `accounts:rules.password_needs_symbol` or `wallet:rules.card_number_invalid`. */
  message: string;
}

/**
 * Runs a form type and returns its problems (first per field, in the order of the value's keys), or null when the
 * value is good. A missing or mistyped field reads as `required`, so every message is a translation key.
 */
export function ruleProblems(form: (value: unknown) => unknown, value: unknown): RuleProblem[] | null {
  const out = form(value);
  if (!(out instanceof type.errors)) return null;
  const seen = new Set<string>();
  const problems: RuleProblem[] = [];
  for (const error of out) {
    const field = error.path.join('.');
    if (seen.has(field)) continue;
    seen.add(field);
    // Our messages are translation keys (`accounts:rules.…`, `wallet:rules.…`); arktype's own (a wrong type) read as required.
    problems.push({ field, message: /^[a-z]+:rules\./.test(error.message) ? error.message : RULE.required });
  }
  const order = typeof value === 'object' && value !== null ? Object.keys(value) : [];
  const rank = (field: string) => {
    const i = order.indexOf(field.split('.')[0] ?? '');
    return i < 0 ? order.length : i;
  };
  return problems.sort((a, b) => rank(a.field) - rank(b.field));
}

/** Account info (/account-info): the set-up fields, editable later, and the email (a new one is verified again). */
export const AccountInfoForm = type({
  fullName: FullNameRule,
  username: UsernameRule,
  country: CountryRule,
  email: EmailRule,
});
