import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  ChangePasswordForm,
  NewPasswordRule,
  PASSWORD_SYMBOLS,
  RULE,
  ResetPasswordForm,
  SetUpForm,
  SignUpForm,
  UsernameRule,
  normalizeEmail,
  ruleProblems,
} from '../../../domain/rules/account-rules';
import type { Check } from '../../../domain/rules/checks';
import { APP_ROUTE_SEGMENTS, isReservedName } from '../../../domain/app-routes';
import { COUNTRY_CODES } from '../../../domain/countries';

const messages = (form: Check, value: unknown) =>
  Object.fromEntries((ruleProblems(form, value) ?? []).map((p) => [p.field, p.message]));

describe('account rules (shared by client and server)', () => {
  it('a password needs 8+ characters with upper, lower, digit and a symbol of the documented set', () => {
    expect(PASSWORD_SYMBOLS).toHaveLength(32);
    for (const symbol of PASSWORD_SYMBOLS) expect(ruleProblems(NewPasswordRule, `Abcdefg1${symbol}`), symbol).toBeNull();
    expect(messages(NewPasswordRule, 'Abcdefg1 é')).toEqual({ '': RULE.passwordNeedsSymbol });
    expect(messages(NewPasswordRule, 'Ab1!')).toEqual({ '': RULE.passwordTooShort });
    expect(messages(NewPasswordRule, 'abcdefg1!')).toEqual({ '': RULE.passwordNeedsUpper });
    expect(messages(NewPasswordRule, 'ABCDEFG1!')).toEqual({ '': RULE.passwordNeedsLower });
    expect(messages(NewPasswordRule, 'Abcdefgh!')).toEqual({ '': RULE.passwordNeedsDigit });
    expect(messages(NewPasswordRule, '')).toEqual({ '': RULE.required });
  });

  it('the sign-up form checks the confirmation and the consent; missing fields read as required', () => {
    const good = { email: 'ann@example.com', password: 'Str0ng!pass', confirmPassword: 'Str0ng!pass', acceptTerms: true };
    expect(ruleProblems(SignUpForm, good)).toBeNull();
    expect(messages(SignUpForm, { ...good, confirmPassword: 'other' })).toEqual({ confirmPassword: RULE.passwordsDiffer });
    expect(messages(SignUpForm, { ...good, acceptTerms: false })).toEqual({ acceptTerms: RULE.consentRequired });
    expect(messages(SignUpForm, {})).toEqual({
      email: RULE.required,
      password: RULE.required,
      confirmPassword: RULE.required,
      acceptTerms: RULE.required,
    });
    expect(messages(SignUpForm, { ...good, email: 'ann@' })).toEqual({ email: RULE.emailInvalid });
  });

  it('problems come in the order of the form fields', () => {
    const problems = ruleProblems(SetUpForm, { fullName: '', username: '', country: '', eSignatureConsent: false });
    expect(problems?.map((p) => p.field)).toEqual(['fullName', 'username', 'country', 'eSignatureConsent']);
  });

  it('usernames: letters, numbers, periods and underscores, 3 to 30, never a route of the app', () => {
    for (const ok of ['ann', 'Ann.Lee', 'ann_lee_1', '_ann', 'a.b.c']) expect(ruleProblems(UsernameRule, ok), ok).toBeNull();
    for (const bad of ['ann lee', 'ann-lee', 'ann!', '.ann', 'ann.', 'a..b', 'añn']) {
      expect(messages(UsernameRule, bad), bad).toEqual({ '': RULE.usernameFormat });
    }
    expect(messages(UsernameRule, 'ab')).toEqual({ '': RULE.usernameLength });
    expect(messages(UsernameRule, 'a'.repeat(31))).toEqual({ '': RULE.usernameLength });
    for (const route of ['settings', 'Profile', 'payment', 'transactions', 'contacts', 'api', 'flows', 'audit', 'media', 'welcome', 'dmca']) {
      expect(messages(UsernameRule, route), route).toEqual({ '': RULE.usernameReserved });
    }
  });

  it('the route list names every route of spec section 2', () => {
    for (const segment of [
      'settings', 'profile', 'payment', 'transactions', 'withdraw-funds', 'contacts', 'account-info', 'change-password',
      'sign-in', 'sign-up', 'welcome', 'set-up', 'how-it-works', 'check-email', 'verify-email', 'expired-link',
      'forgot-password', 'reset-password', 'verify-success-mobile', 'expired-session', 'terms-of-service',
      'creator-terms-of-service', 'privacy-policy', 'dmca', 'acceptable-use-guidelines', 'community-guidelines',
      'api', 'flows', 'audit', 'media',
    ]) {
      expect(APP_ROUTE_SEGMENTS as readonly string[]).toContain(segment);
      expect(isReservedName(segment.toUpperCase())).toBe(true);
    }
  });

  it('set-up: country is an ISO 3166-1 alpha-2 code, consent is required, full name is required', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    const good = { fullName: 'Ann Lee', username: 'annlee', country: 'BR', eSignatureConsent: true };
    expect(ruleProblems(SetUpForm, good)).toBeNull();
    expect(messages(SetUpForm, { ...good, country: 'XX' })).toEqual({ country: RULE.countryInvalid });
    expect(messages(SetUpForm, { ...good, country: 'br' })).toEqual({ country: RULE.countryInvalid });
    expect(messages(SetUpForm, { ...good, eSignatureConsent: false })).toEqual({ eSignatureConsent: RULE.consentRequired });
    expect(messages(SetUpForm, { ...good, fullName: '  ' })).toEqual({ fullName: RULE.required });
    expect(messages(SetUpForm, { ...good, fullName: 'x'.repeat(101) })).toEqual({ fullName: RULE.fullNameTooLong });
  });

  it('reset and change password: confirmation must match; the new password must differ from the current', () => {
    expect(messages(ResetPasswordForm, { email: 'a@b.co', saltcode: 's', password_1: 'Str0ng!pass', password_2: 'x' })).toEqual({
      password_2: RULE.passwordsDiffer,
    });
    expect(
      messages(ChangePasswordForm, { current_password: 'Str0ng!pass', password_1: 'Str0ng!pass', password_2: 'Str0ng!pass' }),
    ).toEqual({ password_1: RULE.passwordUnchanged });
  });

  it('emails are normalised by trimming and lower-casing', () => {
    expect(normalizeEmail('  Ann@Example.COM ')).toBe('ann@example.com');
  });

  it('every rule key and every server error key exists in en, es and pt', () => {
    const files = ['en', 'es', 'pt'].map((l) => JSON.parse(readFileSync(`locales/${l}/accounts.json`, 'utf8')));
    const keysOf = (o: Record<string, unknown>, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v ? keysOf(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]));
    const en = keysOf(files[0]).sort();
    for (const key of Object.values(RULE)) expect(en).toContain(key.replace('accounts:', ''));
    for (const other of files.slice(1)) expect(keysOf(other).sort()).toEqual(en);
  });
});
