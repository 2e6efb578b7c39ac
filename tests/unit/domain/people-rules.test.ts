import { describe, expect, it } from 'vitest';
import { PHONE_MAX_DIGITS, PHONE_MIN_DIGITS } from '../../../domain/limits';
import { ruleProblems } from '../../../domain/rules/account-rules';
import { InviteForm, isPhoneNumber, maskPhone, normalizePhone, PhoneCodeForm, PhoneForm } from '../../../domain/rules/people-rules';

const digits = (n: number) => '1' + '2'.repeat(n - 1);

describe('people rules (issue 7)', () => {
  it(`a phone number is '+' and ${PHONE_MIN_DIGITS} to ${PHONE_MAX_DIGITS} digits, the country code first`, () => {
    expect(isPhoneNumber(`+${digits(PHONE_MIN_DIGITS)}`)).toBe(true);
    expect(isPhoneNumber(`+${digits(PHONE_MAX_DIGITS)}`)).toBe(true);
    expect(isPhoneNumber(`+${digits(PHONE_MIN_DIGITS - 1)}`)).toBe(false);
    expect(isPhoneNumber(`+${digits(PHONE_MAX_DIGITS + 1)}`)).toBe(false);
    // No country code, a country code starting with 0, letters.
    expect(isPhoneNumber('4155550100')).toBe(false);
    expect(isPhoneNumber('+04155550100')).toBe(false);
    expect(isPhoneNumber('+1415555O100')).toBe(false);
  });

  it('spaces, dashes, dots and brackets are how people type numbers: dropped', () => {
    expect(normalizePhone(' +1 (415) 555-01.00 ')).toBe('+14155550100');
    expect(isPhoneNumber('+1 (415) 555-0100')).toBe(true);
    expect(maskPhone('+1 415 555 0100')).toBe('+1•••0100');
  });

  it("says 'The phone or email is not valid' for a bad number or invitation address, 'Required field' when empty", () => {
    expect(ruleProblems(PhoneForm, { phone: '555' })).toEqual([{ field: 'phone', message: 'people:rules.phone_or_email_invalid' }]);
    expect(ruleProblems(PhoneForm, { phone: '  ' })).toEqual([{ field: 'phone', message: 'people:rules.required' }]);
    expect(ruleProblems(InviteForm, { email: 'friend@' })).toEqual([{ field: 'email', message: 'people:rules.phone_or_email_invalid' }]);
    expect(ruleProblems(InviteForm, { email: ' Friend@Example.com ' })).toBeNull();
    expect(ruleProblems(PhoneCodeForm, { phone: '+14155550100', code: '12345' })).toEqual([{ field: 'code', message: 'accounts:rules.otp_format' }]);
    expect(ruleProblems(PhoneCodeForm, { phone: '+14155550100', code: '123456' })).toBeNull();
  });
});
