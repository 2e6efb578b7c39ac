import { isReservedName } from '../app-routes';
import { isCountryCode } from '../countries';
import { PASSWORD_MIN_LENGTH, PIN_LENGTH } from '../limits';
import { form, isBoolean, isString, rule } from './checks';

/**
 * The account form rules of spec section 5, plain checks (domain/rules/checks.ts) shared by the web app and the
 * server. Every message is a translation key (namespace `accounts`, object `rules`): the client shows `t(message)`,
 * the server turns the same keys into localised field errors. The contract (openapi.yaml) only checks shapes
 * and transport bounds; these rules decide what a good value is.
 */

export {
  PASSWORD_SYMBOLS,
  
  
  
  
  
  RULE,
  
  
} from './rule-values';
export { ruleProblems,  } from './checks';
import { PASSWORD_MAX_LENGTH, PASSWORD_SYMBOLS, RULE, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH, FULL_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH } from './rule-values';

// The WHATWG (HTML input type=email) address syntax, with at least one dot in the domain.
const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const USERNAME_PATTERN = /^[A-Za-z0-9_](?:[A-Za-z0-9._]*[A-Za-z0-9_])?$/;
const OTP_PATTERN = new RegExp(`^\\d{${PIN_LENGTH}}$`);
const symbolSet = new Set(PASSWORD_SYMBOLS);

/** Emails are compared and stored trimmed and lower-cased: the one normalisation, used by client and server. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const text = rule(isString, RULE.required);
const filled = text.narrow((s) => s.trim().length > 0, RULE.required);

export const EmailRule = filled.narrow((s) => s.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(s), RULE.emailInvalid);

/** A new password: spec 5 (at least 8, upper, lower, digit, symbol from PASSWORD_SYMBOLS). */
export const NewPasswordRule = text
  .narrow((s) => s.length > 0, RULE.required)
  .narrow((s) => [...s].length >= PASSWORD_MIN_LENGTH, RULE.passwordTooShort)
  .narrow((s) => [...s].length <= PASSWORD_MAX_LENGTH, RULE.passwordTooLong)
  .narrow((s) => /[A-Z]/.test(s), RULE.passwordNeedsUpper)
  .narrow((s) => /[a-z]/.test(s), RULE.passwordNeedsLower)
  .narrow((s) => /[0-9]/.test(s), RULE.passwordNeedsDigit)
  .narrow((s) => [...s].some((c) => symbolSet.has(c)), RULE.passwordNeedsSymbol);

/** An existing password (sign-in, current password): only required; old passwords may predate the rules. */
export const ExistingPasswordRule = text.narrow((s) => s.length > 0, RULE.required);

export const UsernameRule = filled
  .narrow((s) => s.length >= USERNAME_MIN_LENGTH && s.length <= USERNAME_MAX_LENGTH, RULE.usernameLength)
  .narrow((s) => USERNAME_PATTERN.test(s) && !s.includes('..'), RULE.usernameFormat)
  .narrow((s) => !isReservedName(s), RULE.usernameReserved);

export const FullNameRule = filled.narrow((s) => s.trim().length <= FULL_NAME_MAX_LENGTH, RULE.fullNameTooLong);

export const CountryRule = filled.narrow((s) => isCountryCode(s), RULE.countryInvalid);

export const ConsentRule = rule(isBoolean, RULE.consentRequired).narrow((v) => v === true, RULE.consentRequired);

export const OtpRule = filled.narrow((s) => OTP_PATTERN.test(s), RULE.otpFormat);

const SecretRule = filled;

// ---- Forms: one per screen or call. Cross-field rules report on the field the user must fix.

/** Sign-up screen: the confirmation and the consent to the terms and privacy policy are checked here. */
export const SignUpForm = form({
  email: EmailRule,
  password: NewPasswordRule,
  confirmPassword: text,
  acceptTerms: ConsentRule,
}).refine((f) => (f.password === f.confirmPassword ? null : { field: 'confirmPassword', message: RULE.passwordsDiffer }));

/** What `POST app/user/create/` checks beyond the contract's shape. */
export const CreateUserRules = form({ email: EmailRule, password: NewPasswordRule });

export const SignInForm = form({ email: EmailRule, password: ExistingPasswordRule });

export const EmailForm = form({ email: EmailRule });

export const VerifyEmailForm = form({ email: EmailRule, otp: OtpRule });

export const ResetPasswordForm = form({
  email: EmailRule,
  saltcode: SecretRule,
  password_1: NewPasswordRule,
  password_2: text,
}).refine((f) => (f.password_1 === f.password_2 ? null : { field: 'password_2', message: RULE.passwordsDiffer }));

export const ChangePasswordForm = form({
  current_password: ExistingPasswordRule,
  password_1: NewPasswordRule,
  password_2: text,
})
  .refine((f) => (f.password_1 === f.password_2 ? null : { field: 'password_2', message: RULE.passwordsDiffer }))
  .refine((f) => (f.password_1 !== f.current_password ? null : { field: 'password_1', message: RULE.passwordUnchanged }));

export const SetUpForm = form({
  fullName: FullNameRule,
  username: UsernameRule,
  country: CountryRule,
  eSignatureConsent: ConsentRule,
});

/** Account info (/account-info): the set-up fields, editable later, and the email (a new one is verified again). */
export const AccountInfoForm = form({
  fullName: FullNameRule,
  username: UsernameRule,
  country: CountryRule,
  email: EmailRule,
});
