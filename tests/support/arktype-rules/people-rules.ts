/**
 * Test oracle: these rules as arktype types, as domain/ had them before session 4 replaced them with plain checks
 * (domain/rules/checks.ts) to keep arktype out of the web app. tests/unit/domain/rules-parity.test.ts
 * runs both over a generated corpus and wants the same problems for every input. The pure helpers (check digits,
 * formats, message keys) come from domain/, so only the composition is repeated here: when a rule changes on
 * purpose, change it here too.
 */
import { type } from 'arktype';
import { EmailRule, OtpRule } from './account-rules';
import { PEOPLE_RULE, isPhoneNumber } from '../../../domain/rules/people-rules';

const text = type('string').configure({ message: PEOPLE_RULE.required });
const filled = text.narrow((s, ctx) => s.trim().length > 0 || ctx.reject({ message: PEOPLE_RULE.required }));

const PhoneRule = filled.narrow(
  (s, ctx) => isPhoneNumber(s) || ctx.reject({ message: PEOPLE_RULE.phoneOrEmailInvalid }),
);

/** Step one of phone verification, and `POST app/user/{userId}/phone/code`. */
export const PhoneForm = type({ phone: PhoneRule });

/** Step two: the number the code was texted to, and the code. */
export const PhoneCodeForm = type({ phone: PhoneRule, code: OtpRule });

/** Invite friends: the friend's email, refused with the same message as a bad phone (spec 5). */
const InviteRule = filled.narrow(
  (s, ctx) => EmailRule.allows(s.trim()) || ctx.reject({ message: PEOPLE_RULE.phoneOrEmailInvalid }),
);
export const InviteForm = type({ email: InviteRule });
