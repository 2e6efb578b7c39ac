import { EmailRule, OtpRule } from './account-rules';
import { form, isString, rule } from './checks';
import { PHONE_MAX_DIGITS, PHONE_MIN_DIGITS } from '../limits';

/**
 * The people forms (issue 7): a phone number with its country code, the texted code, and a friend's email to
 * invite. Shared by the web app and the server like account-rules.ts; messages are keys under `people:rules.*`.
 * Spec 5: a bad phone or email says 'The phone or email is not valid'.
 */
export const PEOPLE_RULE = {
  required: 'people:rules.required',
  phoneOrEmailInvalid: 'people:rules.phone_or_email_invalid',
} as const;

/**
 * People type numbers with spaces, dashes, dots and brackets ("+1 (415) 555-0100"); those are dropped, the rest
 * must be a '+' and digits only. Without the '+' the country code is unknowable, so it is required.
 */
export function normalizePhone(text: string): string {
  return text.replace(/[\s().-]/gu, '');
}

const PHONE_PATTERN = new RegExp(`^\\+[1-9]\\d{${PHONE_MIN_DIGITS - 1},${PHONE_MAX_DIGITS - 1}}$`, 'u');

export function isPhoneNumber(text: string): boolean {
  return PHONE_PATTERN.test(normalizePhone(text));
}

const text = rule(isString, PEOPLE_RULE.required);
const filled = text.narrow((s) => s.trim().length > 0, PEOPLE_RULE.required);

const PhoneRule = filled.narrow((s) => isPhoneNumber(s), PEOPLE_RULE.phoneOrEmailInvalid);

/** Step one of phone verification, and `POST app/user/{userId}/phone/code`. */
export const PhoneForm = form({ phone: PhoneRule });

/** Step two: the number the code was texted to, and the code. */
export const PhoneCodeForm = form({ phone: PhoneRule, code: OtpRule });

/** Invite friends: the friend's email, refused with the same message as a bad phone (spec 5). */
const InviteRule = filled.narrow((s) => EmailRule.allows(s.trim()), PEOPLE_RULE.phoneOrEmailInvalid);
export const InviteForm = form({ email: InviteRule });

/** +14155550100 → "+1 ••• ••• 0100": what a notice or a log may show of a number. */
export function maskPhone(phone: string): string {
  const digits = normalizePhone(phone);
  return `${digits.slice(0, 2)}•••${digits.slice(-4)}`;
}
