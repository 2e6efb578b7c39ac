import { EmailRule } from './account-rules';
import { form, isString, rule } from './checks';

/**
 * Linking the international payout account (spec 3 and 4): the provider account's email and password, and the
 * bank account number it pays out to. Shared by the payout-linking machine and the server
 * (server/wallet/payout-accounts.ts), so the form and the API refuse the same things with the same messages.
 */
export const PAYOUT_PASSWORD_MAX_LENGTH = 200;

// The password and number name no message for a wrong type: that reads as the unnamed problem (checks.ts).
export const PayoutLinkForm = form({
  email: EmailRule,
  password: rule(isString).narrow((s) => s.length > 0 && s.length <= PAYOUT_PASSWORD_MAX_LENGTH, 'wallet:rules.required'),
  // Empty is 'Required field' (spec 5), as in the bank wizard; anything else that is no account number, its format.
  bankAccountNumber: rule(isString)
    .narrow((s) => normalizePayoutAccountNumber(s).length > 0, 'wallet:rules.required')
    .narrow((s) => /^[A-Za-z0-9]{4,34}$/.test(normalizePayoutAccountNumber(s)), 'wallet:rules.account_number_format'),
});

/** Spaces and dashes dropped, letters upper-cased: how the number is sent and kept. */
export function normalizePayoutAccountNumber(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}
