/**
 * Test oracle: these rules as arktype types, as domain/ had them before session 4 replaced them with plain checks
 * (domain/rules/checks.ts) to keep arktype out of the web app. tests/unit/domain/rules-parity.test.ts
 * runs both over a generated corpus and wants the same problems for every input. The pure helpers (check digits,
 * formats, message keys) come from domain/, so only the composition is repeated here: when a rule changes on
 * purpose, change it here too.
 */
import { type } from 'arktype';
import { EmailRule } from './account-rules';
import { PAYOUT_PASSWORD_MAX_LENGTH, normalizePayoutAccountNumber } from '../../../domain/rules/payout-rules';

export const PayoutLinkForm = type({
  email: EmailRule,
  password: type('string').narrow(
    (s, ctx) =>
      (s.length > 0 && s.length <= PAYOUT_PASSWORD_MAX_LENGTH) || ctx.reject({ message: 'wallet:rules.required' }),
  ),
  // Changed on purpose (issue 24 item 9 review): empty is 'Required field' (spec 5), as in the bank wizard.
  bankAccountNumber: type('string').narrow((s, ctx) =>
    normalizePayoutAccountNumber(s).length === 0
      ? ctx.reject({ message: 'wallet:rules.required' })
      : /^[A-Za-z0-9]{4,34}$/.test(normalizePayoutAccountNumber(s)) || ctx.reject({ message: 'wallet:rules.account_number_format' }),
  ),
});
