import { isCountryCode } from '../countries';
import { MINIMUM_AGE_YEARS } from '../limits';
import { form, isString, optional, rule, UNNAMED_PROBLEM } from './checks';

/**
 * The bank-account wizard (spec sections 3 and 5; issue 6 "bank-wizard"): Personal Info (first and last name,
 * birthdate 18 or older, id type including RUT/VISTA, id number), Primary Address, Bank Account (bank country, bank,
 * account type saving or checking, account number in the bank country's format) — rules shared by the web app and
 * the server (domain/rules/checks.ts), one form per step and one for the whole. Messages are translation keys under `wallet:rules`.
 * The formats are documented in docs/money.md ("Bank account formats"); BANK_FORMATS below is the authority.
 */
export const BANK_RULE = {
  required: 'wallet:rules.required',
  name: 'wallet:rules.person_name',
  birthdate: 'wallet:rules.birthdate_invalid',
  underage: 'wallet:rules.underage',
  idType: 'wallet:rules.id_type',
  idNumber: 'wallet:rules.id_number',
  rut: 'wallet:rules.rut_invalid',
  address: 'wallet:rules.address',
  city: 'wallet:rules.city',
  region: 'wallet:rules.region',
  postalCode: 'wallet:rules.postal_code_invalid',
  country: 'wallet:rules.country_invalid',
  bankCountry: 'wallet:rules.bank_country_unsupported',
  bankName: 'wallet:rules.bank_name',
  accountType: 'wallet:rules.account_type',
  accountNumber: 'wallet:rules.account_number_format',
  accountNumberCheck: 'wallet:rules.account_number_check',
} as const;

/** Identity documents. `rut_vista` is the Chilean RUT (as used for a CuentaRUT / Cuenta Vista), checked by its digit. */
export const ID_TYPES = ['national_id', 'passport', 'rut_vista', 'tax_id', 'foreign_id'] as const;
export type IdType = (typeof ID_TYPES)[number];
export const ACCOUNT_TYPES = ['saving', 'checking'] as const;

// ---- Check digits

/** Chilean RUT "12.345.678-5" / "12345678-K": the check digit is mod 11 of the body weighted 2..7 from the right. */
export function rutValid(raw: string): boolean {
  const value = raw.replace(/\./g, '').toUpperCase();
  const match = /^(\d{7,8})-([0-9K])$/.exec(value);
  if (!match) return false;
  const [, body, dv] = match as unknown as [string, string, string];
  let sum = 0;
  let weight = 2;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += Number(body[i]) * weight;
    weight = weight === 7 ? 2 : weight + 1;
  }
  const rest = 11 - (sum % 11);
  const expected = rest === 11 ? '0' : rest === 10 ? 'K' : String(rest);
  return dv === expected;
}

/** IBAN: the first four characters moved to the end, letters as 10..35, mod 97 = 1. */
export function ibanValid(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const n = ch >= 'A' && ch <= 'Z' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const digit of n) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest === 1;
}

/** Mexican CLABE (18 digits): weights 3, 7, 1 over the first 17; the 18th is (10 − Σ mod 10) mod 10. */
export function clabeValid(clabe: string): boolean {
  if (!/^\d{18}$/.test(clabe)) return false;
  const weights = [3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (Number(clabe[i]) * weights[i % 3]!) % 10;
  return (10 - (sum % 10)) % 10 === Number(clabe[17]);
}

/** Argentine CBU (22 digits): two blocks (8 + 14), each ending in a weighted check digit. */
export function cbuValid(cbu: string): boolean {
  if (!/^\d{22}$/.test(cbu)) return false;
  const check = (block: string, weights: number[]) => {
    let sum = 0;
    for (let i = 0; i < block.length - 1; i++) sum += Number(block[i]) * weights[i % weights.length]!;
    return (10 - (sum % 10)) % 10 === Number(block[block.length - 1]);
  };
  return check(cbu.slice(0, 8), [7, 1, 3, 9]) && check(cbu.slice(8), [3, 9, 7, 1]);
}

// ---- Account number formats by bank country

export interface BankFormat {
  /** What the number is called there. */
  name: string;
  /** The accepted shape, after spaces are removed and letters upper-cased. */
  pattern: RegExp;
  /** An example in that shape (valid check digits), for placeholders and docs. */
  example: string;
  /** A check-digit test, when the format has one. */
  check?: (normalized: string) => boolean;
}

const iban = (country: string, length: number, example: string): BankFormat => ({
  name: 'IBAN',
  pattern: new RegExp(`^${country}\\d{2}[A-Z0-9]{${length - 4}}$`),
  example,
  check: ibanValid,
});

/**
 * The bank countries withdrawals can go to, and each one's account number format. Countries with an IBAN require
 * their own country-code prefix; Mexico's CLABE, Argentina's CBU and IBANs are checked by their check digits.
 */
export const BANK_FORMATS: Record<string, BankFormat> = {
  US: { name: 'Account number', pattern: /^\d{4,17}$/, example: '000123456789' },
  CA: { name: 'Account number', pattern: /^\d{7,12}$/, example: '1234567' },
  MX: { name: 'CLABE', pattern: /^\d{18}$/, example: '002010077777777771', check: clabeValid },
  AR: { name: 'CBU', pattern: /^\d{22}$/, example: '2850590940090418135201', check: cbuValid },
  BR: { name: 'Conta (with its check digit)', pattern: /^\d{1,12}-[0-9X]$/, example: '12345678-9' },
  CL: { name: 'Número de cuenta', pattern: /^\d{7,12}$/, example: '12345678' },
  CO: { name: 'Número de cuenta', pattern: /^\d{6,20}$/, example: '123456789012' },
  PE: { name: 'CCI', pattern: /^\d{20}$/, example: '00219100123456789012' },
  ES: iban('ES', 24, 'ES9121000418450200051332'),
  PT: iban('PT', 25, 'PT50000201231234567890154'),
  DE: iban('DE', 22, 'DE89370400440532013000'),
  FR: iban('FR', 27, 'FR1420041010050500013M02606'),
  IT: iban('IT', 27, 'IT60X0542811101000000123456'),
  GB: iban('GB', 22, 'GB29NWBK60161331926819'),
};
export const BANK_COUNTRIES = Object.keys(BANK_FORMATS);

/**
 * The format of a bank country, or undefined. Own keys only: `'toString' in BANK_FORMATS` is true, and a request
 * naming such a country reached a format without a pattern and failed with a 500 (found by rules-parity.test.ts).
 */
function bankFormatOf(bankCountry: string): BankFormat | undefined {
  return Object.hasOwn(BANK_FORMATS, bankCountry) ? BANK_FORMATS[bankCountry] : undefined;
}

/** Spaces removed, letters upper-cased: the stored form of an account number. */
export function normalizeAccountNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** null when `accountNumber` is good for `bankCountry`, else the rule key that says why not. */
export function accountNumberProblem(bankCountry: string, accountNumber: string): string | null {
  const format = bankFormatOf(bankCountry);
  if (!format) return BANK_RULE.bankCountry;
  const normalized = normalizeAccountNumber(accountNumber);
  if (!format.pattern.test(normalized)) return BANK_RULE.accountNumber;
  if (format.check && !format.check(normalized)) return BANK_RULE.accountNumberCheck;
  return null;
}

// ---- People

/** Names in any script: letters, marks, spaces, apostrophes, periods and hyphens, 1–50 characters. */
const PERSON_NAME = /^[\p{L}\p{M}][\p{L}\p{M}' .-]{0,49}$/u;

/** Full years between `birthdate` (YYYY-MM-DD) and `today`, or null when it is not a real date. */
export function ageOn(birthdate: string, today: Date): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthdate);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d || y < 1900) return null;
  if (date.getTime() > today.getTime()) return null;
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d)) age -= 1;
  return age;
}

/**
 * Whether the name on the bank account is the user's own: compared ignoring case, accents and spacing. A mismatch
 * blocks withdrawals until one of the two is corrected (spec section 8, the bank info warning).
 */
export function namesMatch(firstName: string, lastName: string, fullName: string | null): boolean {
  if (!fullName) return false;
  const norm = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^\p{L}\d]+/gu, ' ')
      .trim();
  return norm(`${firstName} ${lastName}`) === norm(fullName);
}

const text = rule(isString, BANK_RULE.required);
const filled = text.narrow((s) => s.trim().length > 0, BANK_RULE.required);
// A wrong type here names no wallet message: it reads as the unnamed problem (what arktype's own message became).
const optionalText = rule((v): v is string | null | undefined => v === undefined || v === null || typeof v === 'string', UNNAMED_PROBLEM);
const sized = (min: number, max: number, message: string) =>
  filled.narrow((s) => s.trim().length >= min && s.trim().length <= max, message);

const PersonNameRule = filled.narrow((s) => PERSON_NAME.test(s.trim()), BANK_RULE.name);

function birthdateRule(today: Date) {
  return filled
    .narrow((s) => ageOn(s, today) !== null, BANK_RULE.birthdate)
    .narrow((s) => (ageOn(s, today) ?? 0) >= MINIMUM_AGE_YEARS, BANK_RULE.underage);
}

const IdTypeRule = filled.narrow((s) => (ID_TYPES as readonly string[]).includes(s), BANK_RULE.idType);

const countryRule = (message: string) => filled.narrow((s) => isCountryCode(s), message);

/** Step 1: Personal Info. */
export function personalInfoStep(today: Date) {
  return form({
    firstName: PersonNameRule,
    lastName: PersonNameRule,
    birthdate: birthdateRule(today),
    idType: IdTypeRule,
    idNumber: filled,
  }).refine((f) => {
    if (f.idType === 'rut_vista') return rutValid(f.idNumber.trim()) ? null : { field: 'idNumber', message: BANK_RULE.rut };
    return /^[A-Za-z0-9][A-Za-z0-9.\- ]{3,19}$/.test(f.idNumber.trim()) ? null : { field: 'idNumber', message: BANK_RULE.idNumber };
  });
}

/** Step 2: Primary Address. */
export const AddressStep = form({
  addressLine1: sized(2, 100, BANK_RULE.address),
  addressLine2: optional(optionalText.narrow((s) => !s || s.trim().length <= 100, BANK_RULE.address)),
  city: sized(2, 60, BANK_RULE.city),
  region: optional(optionalText.narrow((s) => !s || s.trim().length <= 60, BANK_RULE.region)),
  postalCode: filled.narrow((s) => /^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/.test(s.trim()), BANK_RULE.postalCode),
  country: countryRule(BANK_RULE.country),
});

/** Step 3: Bank Account. */
export const BankAccountStep = form({
  bankCountry: filled.narrow((s) => bankFormatOf(s) !== undefined, BANK_RULE.bankCountry),
  bankName: sized(2, 100, BANK_RULE.bankName),
  accountType: filled.narrow((s) => (ACCOUNT_TYPES as readonly string[]).includes(s), BANK_RULE.accountType),
  accountNumber: filled,
}).refine((f) => {
  if (!bankFormatOf(f.bankCountry)) return null; // reported on bankCountry
  const problem = accountNumberProblem(f.bankCountry, f.accountNumber);
  return problem === null ? null : { field: 'accountNumber', message: problem };
});

/** The whole wizard (step 4, Confirm Info, sends this). */
export function bankAccountForm(today: Date) {
  return personalInfoStep(today).and(AddressStep).and(BankAccountStep);
}

export interface BankAccountInput {
  firstName: string;
  lastName: string;
  birthdate: string;
  idType: IdType;
  idNumber: string;
  addressLine1: string;
  addressLine2?: string | null;
  city: string;
  region?: string | null;
  postalCode: string;
  country: string;
  bankCountry: string;
  bankName: string;
  accountType: 'saving' | 'checking';
  accountNumber: string;
}

export const BANK_RULE_VALUES = { minAge: MINIMUM_AGE_YEARS } as const;
