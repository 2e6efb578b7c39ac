import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ruleProblems } from '../../../domain/rules/account-rules';
import type { Check } from '../../../domain/rules/checks';
import { cardBrandOf, cardExpired, cardForm, luhnValid, normalizeCardNumber } from '../../../domain/rules/card-rules';
import {
  BANK_FORMATS,
  accountNumberProblem,
  ageOn,
  bankAccountForm,
  cbuValid,
  clabeValid,
  ibanValid,
  namesMatch,
  personalInfoStep,
  rutValid,
} from '../../../domain/rules/bank-rules';
import { LOCALES } from '../../../domain/product';

const today = new Date('2026-11-21T12:00:00Z');
const fields = (form: Check, value: unknown) =>
  Object.fromEntries((ruleProblems(form, value) ?? []).map((p) => [p.field, p.message]));

describe('card rules (spec 5)', () => {
  const good = { nameOnCard: 'Ann Lee', number: '4242 4242 4242 4242', expMonth: 12, expYear: 2026, cvv: '123', country: 'US', postalCode: '94107' };

  it('accepts a good card; numbers may carry spaces or dashes', () => {
    expect(ruleProblems(cardForm(today), good)).toBeNull();
    expect(ruleProblems(cardForm(today), { ...good, number: '3782-822463-10005', cvv: '1234' })).toBeNull();
    expect(normalizeCardNumber('4242 4242-4242 4242')).toBe('4242424242424242');
  });

  it('name at least two words, 15 or 16 digits with Luhn, month 1–12, not expired, CVV 3–4 digits, country, postal code', () => {
    expect(fields(cardForm(today), { ...good, nameOnCard: 'Ann' })).toEqual({ nameOnCard: 'wallet:rules.card_name_two_words' });
    expect(fields(cardForm(today), { ...good, number: '42424242424242' })).toEqual({ number: 'wallet:rules.card_number_length' });
    expect(fields(cardForm(today), { ...good, number: '42424242424242424' })).toEqual({ number: 'wallet:rules.card_number_length' });
    expect(fields(cardForm(today), { ...good, number: '4242424242424241' })).toEqual({ number: 'wallet:rules.card_number_invalid' });
    expect(fields(cardForm(today), { ...good, expMonth: 0 })).toEqual({ expMonth: 'wallet:rules.card_exp_month' });
    expect(fields(cardForm(today), { ...good, expMonth: 13 })).toEqual({ expMonth: 'wallet:rules.card_exp_month' });
    expect(fields(cardForm(today), { ...good, expYear: 2025 })).toEqual({ expYear: 'wallet:rules.card_exp_year' });
    expect(fields(cardForm(today), { ...good, expMonth: 10 })).toEqual({ expMonth: 'wallet:rules.card_expired' });
    expect(ruleProblems(cardForm(today), { ...good, expMonth: 11 })).toBeNull(); // good through the end of its month
    expect(fields(cardForm(today), { ...good, cvv: '12' })).toEqual({ cvv: 'wallet:rules.card_cvv' });
    expect(fields(cardForm(today), { ...good, cvv: '12345' })).toEqual({ cvv: 'wallet:rules.card_cvv' });
    expect(fields(cardForm(today), { ...good, country: 'XX' })).toEqual({ country: 'wallet:rules.country_invalid' });
    expect(fields(cardForm(today), { ...good, postalCode: '' })).toEqual({ postalCode: 'wallet:rules.required' });
  });

  it('Luhn, brands and expiry', () => {
    for (const n of ['4242424242424242', '4000000000000002', '4000000000009995', '4000000000000341', '5555555555554444', '378282246310005']) {
      expect(luhnValid(n), n).toBe(true);
    }
    expect(luhnValid('4242424242424243')).toBe(false);
    expect(cardBrandOf('4242424242424242')).toBe('visa');
    expect(cardBrandOf('5555555555554444')).toBe('mastercard');
    expect(cardBrandOf('2223003122003222')).toBe('mastercard');
    expect(cardBrandOf('378282246310005')).toBe('amex');
    expect(cardBrandOf('6011111111111117')).toBe('discover');
    expect(cardBrandOf('9999999999999995')).toBe('other');
    expect(cardExpired(11, 2026, today)).toBe(false);
    expect(cardExpired(10, 2026, today)).toBe(true);
  });
});

describe('bank account rules', () => {
  const good = {
    firstName: 'Ana María',
    lastName: "O'Connor-Pérez",
    birthdate: '2000-01-31',
    idType: 'rut_vista',
    idNumber: '12.345.678-5',
    addressLine1: 'Av. Siempre Viva 742',
    city: 'Santiago',
    postalCode: '8320000',
    country: 'CL',
    bankCountry: 'CL',
    bankName: 'BancoEstado',
    accountType: 'saving',
    accountNumber: '12345678',
  };

  it('accepts the whole wizard; every documented example account number is valid for its country', () => {
    expect(ruleProblems(bankAccountForm(today), good)).toBeNull();
    for (const [country, format] of Object.entries(BANK_FORMATS)) {
      expect(accountNumberProblem(country, format.example), country).toBeNull();
      expect(ruleProblems(bankAccountForm(today), { ...good, bankCountry: country, accountNumber: format.example }), country).toBeNull();
    }
  });

  it('18 or older, on the day', () => {
    expect(ageOn('2008-11-21', today)).toBe(18);
    expect(ageOn('2008-11-22', today)).toBe(17);
    expect(ageOn('2008-02-30', today)).toBeNull();
    expect(ruleProblems(personalInfoStep(today), { ...good, birthdate: '2008-11-21' })).toBeNull();
    expect(fields(personalInfoStep(today), { ...good, birthdate: '2008-11-22' })).toEqual({ birthdate: 'wallet:rules.underage' });
    expect(fields(personalInfoStep(today), { ...good, birthdate: '31/01/2000' })).toEqual({ birthdate: 'wallet:rules.birthdate_invalid' });
  });

  it('id types include RUT/VISTA, checked by its digit', () => {
    expect(rutValid('12.345.678-5')).toBe(true);
    expect(rutValid('12345678-5')).toBe(true);
    expect(rutValid('12.345.678-4')).toBe(false);
    expect(rutValid('11.111.111-1')).toBe(true);
    expect(fields(personalInfoStep(today), { ...good, idNumber: '12.345.678-4' })).toEqual({ idNumber: 'wallet:rules.rut_invalid' });
    expect(ruleProblems(personalInfoStep(today), { ...good, idType: 'passport', idNumber: 'X1234567' })).toBeNull();
    expect(fields(personalInfoStep(today), { ...good, idType: 'passport', idNumber: '!!' })).toEqual({ idNumber: 'wallet:rules.id_number' });
    expect(fields(personalInfoStep(today), { ...good, idType: 'library_card' })).toEqual({ idType: 'wallet:rules.id_type' });
  });

  it('account numbers: per-country shape, prefix and check digits', () => {
    expect(accountNumberProblem('US', '12')).toBe('wallet:rules.account_number_format');
    expect(accountNumberProblem('US', '000123456789')).toBeNull();
    expect(accountNumberProblem('ES', 'DE89370400440532013000')).toBe('wallet:rules.account_number_format'); // another country's prefix
    expect(accountNumberProblem('ES', 'ES9121000418450200051333')).toBe('wallet:rules.account_number_check');
    expect(accountNumberProblem('ES', 'es91 2100 0418 4502 0005 1332')).toBeNull(); // spaces and case are normalised
    expect(accountNumberProblem('MX', '002010077777777772')).toBe('wallet:rules.account_number_check');
    expect(accountNumberProblem('ZZ', '1234')).toBe('wallet:rules.bank_country_unsupported');
    expect(ibanValid('GB29NWBK60161331926819')).toBe(true);
    expect(clabeValid('002010077777777771')).toBe(true);
    expect(cbuValid('2850590940090418135201')).toBe(true);
    expect(cbuValid('2850590940090418135202')).toBe(false);
    expect(fields(bankAccountForm(today), { ...good, accountType: 'current' })).toEqual({ accountType: 'wallet:rules.account_type' });
  });

  it("the bank info mismatch: the holder's name against the user's full name, ignoring case, accents and spacing", () => {
    expect(namesMatch('Ana María', "O'Connor-Pérez", "ana maria o'connor perez")).toBe(true);
    expect(namesMatch('Ana', 'Pérez', '  ANA   PEREZ ')).toBe(true);
    expect(namesMatch('Ana', 'Pérez', 'Ana Gómez')).toBe(false);
    expect(namesMatch('Ana', 'Pérez', null)).toBe(false);
  });
});

describe('wallet and money messages', () => {
  const ROOT = join(import.meta.dirname, '../../../locales');
  type Tree = { [key: string]: string | Tree };
  const flatten = (tree: Tree, prefix = ''): Map<string, string> => {
    const out = new Map<string, string>();
    for (const [key, value] of Object.entries(tree)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (typeof value === 'string') out.set(path, value);
      else for (const [k, v] of flatten(value, path)) out.set(k, v);
    }
    return out;
  };
  const load = (lang: string, ns: string) => flatten(JSON.parse(readFileSync(join(ROOT, lang, `${ns}.json`), 'utf8')) as Tree);
  const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

  for (const ns of ['wallet', 'money']) {
    it(`${ns}: every language has the English keys and placeholders`, () => {
      const en = load('en', ns);
      for (const lang of LOCALES.filter((l) => l !== 'en')) {
        const other = load(lang, ns);
        expect([...other.keys()].sort(), `${lang}/${ns}`).toEqual([...en.keys()].sort());
        for (const [key, text] of en) expect(placeholders(other.get(key) ?? ''), `${lang}/${ns}:${key}`).toEqual(placeholders(text));
      }
    });
  }

  it("the spec's texts, word for word", () => {
    const en = load('en', 'wallet');
    expect(en.get('errors.card_declined')).toBe('Your credit card was declined. Please check the number, contact your bank or choose/enter another card');
    expect(en.get('errors.withdrawal_amount_out_of_range')).toBe('Must be more than $20 and less than $10000');
    expect(en.get('errors.withdrawal_above_balance')).toBe('Withdrawal amount must be less than balance');
    expect(en.get('errors.file_too_large')).toBe('The file is too large');
  });

  it('every rule key the wallet forms use has a message', () => {
    const en = load('en', 'wallet');
    const sources = ['card-rules.ts', 'bank-rules.ts'].map((f) => readFileSync(join(import.meta.dirname, '../../../domain/rules', f), 'utf8')).join('\n');
    for (const [, key] of sources.matchAll(/'wallet:(rules\.[a-z_]+)'/g)) expect(en.has(key!), key).toBe(true);
  });
});
