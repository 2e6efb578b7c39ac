import { describe, expect, it } from 'vitest';
import * as plainAccount from '../../../domain/rules/account-rules';
import * as plainBank from '../../../domain/rules/bank-rules';
import * as plainCard from '../../../domain/rules/card-rules';
import * as plainCreator from '../../../domain/rules/creator-rules';
import * as plainPayout from '../../../domain/rules/payout-rules';
import * as plainPeople from '../../../domain/rules/people-rules';
import { ruleProblems, type Check } from '../../../domain/rules/checks';
import { readPurchase } from '../../../domain/purchase';
import { APP_ROUTE_SEGMENTS } from '../../../domain/app-routes';
import { COUNTRY_CODES } from '../../../domain/countries';
import { PASSWORD_SYMBOLS } from '../../../domain/rules/rule-values';
import * as arkAccount from '../../support/arktype-rules/account-rules';
import * as arkBank from '../../support/arktype-rules/bank-rules';
import * as arkCard from '../../support/arktype-rules/card-rules';
import * as arkCreator from '../../support/arktype-rules/creator-rules';
import * as arkPayout from '../../support/arktype-rules/payout-rules';
import * as arkPeople from '../../support/arktype-rules/people-rules';
import { readPurchase as arkReadPurchase } from '../../support/arktype-rules/purchase';

/**
 * The plain rules (domain/rules/, run by the web app and the server alike) against the arktype types they replaced
 * (tests/support/arktype-rules/): for every input of a generated corpus — boundary lengths, unicode, empty, wrong
 * types, missing and extra fields, reserved names, every country code, every bank format — the same problems, with
 * the same messages, on the same fields, in the same order.
 */

// A seeded generator, so a failure names an input that can be replayed.
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MISSING = Symbol('missing');
type Pool = readonly unknown[];

const around = (make: (n: number) => string, ...ns: number[]) => ns.flatMap((n) => [n - 1, n, n + 1].filter((k) => k >= 0).map(make));

/** Values any field may meet: wrong types, blank and odd strings. */
const ODD: Pool = [
  MISSING, undefined, null, true, false, 0, 1, -1, 1.5, NaN, Infinity, -Infinity, [], {}, ['a'], '', ' ', '\t\n', '\u00a0',
  '\u200b', 'a', 'é', 'e\u0301', '😀', '日本語', 'مرحبا', 'x'.repeat(300), ' a ', '0', '-', '.', '__proto__',
];

const EMAILS: Pool = [
  'ann@example.com', 'Ann@Example.COM', ' ann@example.com ', 'ann@', '@example.com', 'ann@example', 'a@b.co', 'a@b.c',
  'ann lee@example.com', 'ann@-example.com', 'ann@example-.com', 'ann@ex_ample.com', 'ännä@example.com',
  "o'hara+tag@mail.example.org", 'a..b@example.com', 'ann@@example.com', `ann@${'a'.repeat(63)}.com`,
  `ann@${'a'.repeat(64)}.com`, ...around((n) => `${'a'.repeat(n - 12)}@example.com`, 254), 'ann@example.com\n',
];

const strongPasswords = [...PASSWORD_SYMBOLS].map((s) => `Abcdefg1${s}`);
const PASSWORDS: Pool = [
  ...strongPasswords, 'Str0ng!pass', 'Ab1!', 'abcdefg1!', 'ABCDEFG1!', 'Abcdefgh!', 'Abcdefg1 é', 'Abcdefg1', '        ',
  ...around((n) => `Aa1!${'x'.repeat(n - 4)}`, 8, 128), ...around((n) => `Aa1!${'😀'.repeat(n - 4)}`, 8, 128),
  'Aa1!😀😀', 'Ａａ１！abcd', 'Aa1!\u0000xyz',
];

const USERNAMES: Pool = [
  'ann', 'Ann.Lee', 'ann_lee_1', '_ann', 'a.b.c', 'ann lee', 'ann-lee', 'ann!', '.ann', 'ann.', 'a..b', 'añn', 'ab',
  ...around((n) => 'a'.repeat(n), 3, 30), ...APP_ROUTE_SEGMENTS, ...APP_ROUTE_SEGMENTS.map((s) => s.toUpperCase()),
  'admin', 'root', 'tipjar', 'support', ' ann ', 'ann_', '1234',
];

const COUNTRIES: Pool = [...COUNTRY_CODES, 'us', 'XX', 'USA', ' US', 'U', 'ZZ', 'UK', 'EU'];
const NAMES: Pool = ['Ann Lee', 'Ann', '  ', ...around((n) => 'x'.repeat(n), 100), ` ${'x'.repeat(100)} `, 'José Ñúñez', "O'Hara", 'Anne-Marie', 'A. B.', '李 小龙', 'Ann  Lee', '1 2'];
const OTPS: Pool = ['123456', '12345', '1234567', '12345a', ' 123456', '１２３４５６', '١٢٣٤٥٦', '000000'];

const accountPools: Record<string, Pool> = {
  email: EMAILS, password: PASSWORDS, confirmPassword: PASSWORDS, acceptTerms: [true, false], current_password: PASSWORDS,
  password_1: PASSWORDS, password_2: PASSWORDS, saltcode: ['s', 'saltcode-123', '  '], username: USERNAMES,
  fullName: NAMES, country: COUNTRIES, eSignatureConsent: [true, false], otp: OTPS,
};

const today = new Date('2026-11-21T12:00:00Z');
const BIRTHDATES: Pool = [
  '1990-01-01', '2008-11-21', '2008-11-22', '2008-11-20', '2008-02-29', '2007-02-29', '2026-11-22', '1900-01-01',
  '1899-12-31', '1990-13-01', '1990-00-10', '1990-02-30', '90-01-01', '1990/01/01', '2030-01-01', ' 1990-01-01',
];
const RUTS: Pool = ['12.345.678-5', '12345678-5', '12345678-K', '12345678-k', '1234567-4', '12345678-0', '123456-1', '12.345.678-6'];
const ID_NUMBERS: Pool = [...RUTS, 'AB12345', 'A123', 'A12', 'A-1.2 3', ...around((n) => `A${'1'.repeat(n - 1)}`, 20), '-1234'];
const ACCOUNT_NUMBERS: Pool = [
  ...Object.values(plainBank.BANK_FORMATS).flatMap((f) => [f.example, f.example.toLowerCase(), `${f.example.slice(0, -1)}0`, ` ${f.example.slice(0, 4)} ${f.example.slice(4)} `]),
  '123', '1234', '12345678901234567', '123456789012345678', 'ES0000000000000000000000', '12345678-X', 'GB29 NWBK 6016 1331 9268 19',
];
const bankPools: Record<string, Pool> = {
  firstName: NAMES, lastName: NAMES, birthdate: BIRTHDATES, idType: [...plainBank.ID_TYPES, 'RUT', 'dni'], idNumber: ID_NUMBERS,
  addressLine1: ['Av. Siempre Viva 742', 'x', 'xy', ...around((n) => 'y'.repeat(n), 100)], addressLine2: [null, '', 'Apt 1', ...around((n) => 'y'.repeat(n), 100)],
  city: ['Santiago', 'S', 'SP', ...around((n) => 'c'.repeat(n), 60)], region: [null, '', 'RM', ...around((n) => 'r'.repeat(n), 60)],
  postalCode: ['94107', '1', '12', 'SW1A 1AA', '-123', ...around((n) => '1'.repeat(n), 12)], country: COUNTRIES,
  bankCountry: [...plainBank.BANK_COUNTRIES, 'JP', 'us', 'toString', 'valueOf', 'constructor', '__proto__'], bankName: ['Banco', 'B', ...around((n) => 'b'.repeat(n), 100)],
  accountType: ['saving', 'checking', 'savings', 'Checking'], accountNumber: ACCOUNT_NUMBERS,
};

const cardPools: Record<string, Pool> = {
  nameOnCard: NAMES, number: ['4242424242424242', '4242 4242 4242 4242', '4242-4242-4242-4242', '378282246310005', '3782-822463-10005', '4242424242424241', '42424242424242', '42424242424242424', '4242424242424242 ', 'abcd'],
  expMonth: [0, 1, 10, 11, 12, 13, 1.5, -1, '1'], expYear: [2025, 2026, 2027, 2046, 2047, 2026.5, '2026'],
  cvv: ['123', '1234', '12', '12345', ' 123', '12a'], country: COUNTRIES, postalCode: ['94107', '9', '94', ...around((n) => '9'.repeat(n), 11), '-9410', 'SW1A 1AA'],
};

const PRICES: Pool = ['0.99', '1', '1.00', '5', '5.5', '5.55', '5.555', '500', '500.00', '500.01', '10000', '10000.00', '10000.01', ' 5 ', '-1', '1e2', '$5', '05', 'abc', '0'];
const creatorPools: Record<string, Pool> = {
  price: PRICES, description: ['A photo', ...around((n) => 'd'.repeat(n), 80), ...around((n) => '😀'.repeat(n), 80), `  ${'d'.repeat(80)}  `],
  media_type: ['photo', 'video', 'audio', 'Photo'], bio_message: ['', 'hello', ...around((n) => 'b'.repeat(n), 280), ...around((n) => '😀'.repeat(n), 280)],
  amount: PRICES,
};

const digits = (n: number) => `1${'2'.repeat(n - 1)}`;
const peoplePools: Record<string, Pool> = {
  phone: ['+14155550100', '+1 (415) 555-0100', '4155550100', '+04155550100', '+1415555O100', '555', ...around((n) => `+${digits(n)}`, 8, 15), '+1.415.555.0100'],
  code: OTPS, email: EMAILS,
};

const payoutPools: Record<string, Pool> = {
  email: EMAILS, password: ['p', 'secret', ...around((n) => 'p'.repeat(n), 200)],
  bankAccountNumber: ['GB29 NWBK 6016 1331 9268 19', '123', '1234', '12-34', ...around((n) => 'A'.repeat(n), 34), '12_34', 'ÄBCD'],
};

/** Inputs for one form: each field over its pool and the odd values with the rest good, then random mixes. */
function corpus(good: Record<string, unknown>, pools: Record<string, Pool>, seed: number, mixes = 1500): unknown[] {
  const next = random(seed);
  const pick = <T,>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const build = (entries: [string, unknown][]) => Object.fromEntries(entries.filter(([, v]) => v !== MISSING));
  const fields = Object.keys(good);
  const out: unknown[] = [good, {}, null, undefined, 'text', 42, [], [good], () => good, Object.create(good), { ...good, extra: 'x' }];
  for (const field of fields) {
    for (const value of [...(pools[field] ?? []), ...ODD]) out.push(build(fields.map((f) => [f, f === field ? value : good[f]])));
  }
  for (let i = 0; i < mixes; i++) {
    const entries: [string, unknown][] = fields.map((f) => [f, next() < 0.4 ? good[f] : next() < 0.8 ? pick(pools[f] ?? ODD) : pick(ODD)]);
    // The order of the value's keys orders the problems: shuffle it too.
    for (let j = entries.length - 1; j > 0; j--) {
      const k = Math.floor(next() * (j + 1));
      [entries[j], entries[k]] = [entries[k]!, entries[j]!];
    }
    if (next() < 0.1) entries.push(['unexpected', pick(ODD)]);
    out.push(build(entries));
  }
  return out;
}

const describeInput = (value: unknown) => {
  if (typeof value === 'function') return 'a function';
  try {
    return JSON.stringify(value, (_k, v) => (v === undefined ? '<undefined>' : typeof v === 'number' && !Number.isFinite(v) ? String(v) : v));
  } catch {
    return String(value);
  }
};

function expectSameProblems(plain: Check, ark: (value: unknown) => unknown, inputs: readonly unknown[]): number {
  let compared = 0;
  for (const input of inputs) {
    expect(ruleProblems(plain, input), describeInput(input)).toEqual(arkAccount.ruleProblems(ark, input));
    compared++;
  }
  return compared;
}

const accountGood = {
  email: 'ann@example.com', password: 'Str0ng!pass', confirmPassword: 'Str0ng!pass', acceptTerms: true,
};

describe('the plain rules give the verdicts of the arktype types they replaced', () => {
  it('account forms', () => {
    const forms: [Check, (v: unknown) => unknown, Record<string, unknown>][] = [
      [plainAccount.SignUpForm, arkAccount.SignUpForm, accountGood],
      [plainAccount.CreateUserRules, arkAccount.CreateUserRules, { email: 'ann@example.com', password: 'Str0ng!pass' }],
      [plainAccount.SignInForm, arkAccount.SignInForm, { email: 'ann@example.com', password: 'anything' }],
      [plainAccount.EmailForm, arkAccount.EmailForm, { email: 'ann@example.com' }],
      [plainAccount.VerifyEmailForm, arkAccount.VerifyEmailForm, { email: 'ann@example.com', otp: '123456' }],
      [plainAccount.ResetPasswordForm, arkAccount.ResetPasswordForm, { email: 'a@b.co', saltcode: 's', password_1: 'Str0ng!pass', password_2: 'Str0ng!pass' }],
      [plainAccount.ChangePasswordForm, arkAccount.ChangePasswordForm, { current_password: 'Old!pass1', password_1: 'Str0ng!pass', password_2: 'Str0ng!pass' }],
      [plainAccount.SetUpForm, arkAccount.SetUpForm, { fullName: 'Ann Lee', username: 'annlee', country: 'BR', eSignatureConsent: true }],
      [plainAccount.AccountInfoForm, arkAccount.AccountInfoForm, { fullName: 'Ann Lee', username: 'annlee', country: 'BR', email: 'ann@example.com' }],
    ];
    let compared = 0;
    forms.forEach(([plain, ark, good], i) => (compared += expectSameProblems(plain, ark, corpus(good, accountPools, 100 + i))));
    // Cross-field rules: the confirmation and the current password, drawn from the same few passwords so they meet.
    const few = ['Str0ng!pass', 'Other!pass1', 'weak'];
    const triples = few.flatMap((a) => few.flatMap((b) => few.map((c) => [a, b, c] as const)));
    compared += expectSameProblems(plainAccount.ChangePasswordForm, arkAccount.ChangePasswordForm, triples.map(([a, b, c]) => ({ current_password: a, password_1: b, password_2: c })));
    compared += expectSameProblems(plainAccount.ResetPasswordForm, arkAccount.ResetPasswordForm, triples.map(([, b, c]) => ({ email: 'a@b.co', saltcode: 's', password_1: b, password_2: c })));
    expect(compared).toBeGreaterThan(10_000);
  });

  it('account rules one by one, over every string of their pools and the odd values', () => {
    const rules: [Check, (v: unknown) => unknown, Pool][] = [
      [plainAccount.EmailRule, arkAccount.EmailRule, EMAILS],
      [plainAccount.NewPasswordRule, arkAccount.NewPasswordRule, PASSWORDS],
      [plainAccount.ExistingPasswordRule, arkAccount.ExistingPasswordRule, PASSWORDS],
      [plainAccount.UsernameRule, arkAccount.UsernameRule, USERNAMES],
      [plainAccount.FullNameRule, arkAccount.FullNameRule, NAMES],
      [plainAccount.CountryRule, arkAccount.CountryRule, COUNTRIES],
      [plainAccount.ConsentRule, arkAccount.ConsentRule, [true, false]],
      [plainAccount.OtpRule, arkAccount.OtpRule, OTPS],
    ];
    for (const [plain, ark, pool] of rules) expectSameProblems(plain, ark, [...pool, ...ODD.filter((v) => v !== MISSING)]);
  });

  it('bank-account wizard: each step and the whole, on several days (birthdays, leap days)', () => {
    const good = {
      firstName: 'Ann', lastName: 'Lee', birthdate: '1990-01-01', idType: 'national_id', idNumber: 'AB12345',
      addressLine1: 'Av. Siempre Viva 742', addressLine2: 'Apt 1', city: 'Santiago', region: 'RM', postalCode: '8320000',
      country: 'CL', bankCountry: 'CL', bankName: 'Banco', accountType: 'saving', accountNumber: '12345678',
    };
    const pick = (keys: string[]) => Object.fromEntries(keys.map((k) => [k, good[k as keyof typeof good]]));
    const personal = pick(['firstName', 'lastName', 'birthdate', 'idType', 'idNumber']);
    const address = pick(['addressLine1', 'addressLine2', 'city', 'region', 'postalCode', 'country']);
    const bank = pick(['bankCountry', 'bankName', 'accountType', 'accountNumber']);
    let compared = 0;
    for (const [i, day] of [today, new Date('2028-02-29T00:00:00Z'), new Date('2026-12-31T23:59:59Z')].entries()) {
      compared += expectSameProblems(plainBank.personalInfoStep(day), arkBank.personalInfoStep(day), corpus(personal, bankPools, 200 + i));
      // The whole wizard is the three steps joined: fields of every step, then each step's cross-field rule.
      compared += expectSameProblems(plainBank.bankAccountForm(day), arkBank.bankAccountForm(day), corpus(good, bankPools, 210 + i, 3000));
    }
    compared += expectSameProblems(plainBank.AddressStep, arkBank.AddressStep, corpus(address, bankPools, 220));
    compared += expectSameProblems(plainBank.BankAccountStep, arkBank.BankAccountStep, corpus(bank, bankPools, 221));
    // Every bank country with every account number of the pool: the formats and check digits.
    const accounts = plainBank.BANK_COUNTRIES.flatMap((bankCountry) => ACCOUNT_NUMBERS.map((accountNumber) => ({ ...bank, bankCountry, accountNumber })));
    compared += expectSameProblems(plainBank.BankAccountStep, arkBank.BankAccountStep, accounts);
    // A RUT is checked by its digit only for the RUT id type.
    const ids = plainBank.ID_TYPES.flatMap((idType) => ID_NUMBERS.map((idNumber) => ({ ...personal, idType, idNumber })));
    compared += expectSameProblems(plainBank.personalInfoStep(today), arkBank.personalInfoStep(today), ids);
    expect(compared).toBeGreaterThan(10_000);
  });

  it('add card, on several days (the expiry month and year)', () => {
    const good = { nameOnCard: 'Ann Lee', number: '4242 4242 4242 4242', expMonth: 12, expYear: 2026, cvv: '123', country: 'US', postalCode: '94107' };
    let compared = 0;
    for (const [i, day] of [today, new Date('2027-01-01T00:00:00Z'), new Date('2026-12-31T23:59:59Z')].entries()) {
      const [plain, ark] = [plainCard.cardForm(day), arkCard.cardForm(day)];
      compared += expectSameProblems(plain, ark, corpus(good, cardPools, 300 + i, 3000));
      const expiries = [];
      for (let expMonth = 0; expMonth <= 13; expMonth++) {
        for (const expYear of [2025, 2026, 2027, 2046, 2047]) expiries.push({ ...good, expMonth, expYear });
      }
      compared += expectSameProblems(plain, ark, expiries);
    }
    expect(compared).toBeGreaterThan(5_000);
  });

  it('creator, people and payout forms', () => {
    const cases: [Check, (v: unknown) => unknown, Record<string, unknown>, Record<string, Pool>][] = [
      [plainCreator.PricePointForm, arkCreator.PricePointForm, { price: '5.00', description: 'A photo', media_type: 'photo' }, creatorPools],
      [plainCreator.ProfileForm, arkCreator.ProfileForm, { bio_message: 'hello' }, creatorPools],
      [plainCreator.CustomAmountForm, arkCreator.CustomAmountForm, { amount: '25' }, creatorPools],
      [plainPeople.PhoneForm, arkPeople.PhoneForm, { phone: '+14155550100' }, peoplePools],
      [plainPeople.PhoneCodeForm, arkPeople.PhoneCodeForm, { phone: '+14155550100', code: '123456' }, peoplePools],
      [plainPeople.InviteForm, arkPeople.InviteForm, { email: 'friend@example.com' }, peoplePools],
      [plainPayout.PayoutLinkForm, arkPayout.PayoutLinkForm, { email: 'ann@example.com', password: 'secret', bankAccountNumber: 'GB29NWBK60161331926819' }, payoutPools],
    ];
    let compared = 0;
    cases.forEach(([plain, ark, good, pools], i) => (compared += expectSameProblems(plain, ark, corpus(good, pools, 400 + i))));
    expect(compared).toBeGreaterThan(10_000);
  });

  it('a purchase read from a link or history state', () => {
    const good = { creatorUsername: 'ann', amount: '12.50', pricePointId: 'pp_1' };
    const pools: Record<string, Pool> = {
      creatorUsername: ['ann', '', ...around((n) => 'a'.repeat(n), 30), ...around((n) => '😀'.repeat(n), 15)],
      amount: ['12.50', '0', '0.5', '00', '1.005', '9999999.99', '10000000', '-1', '1,00', ' 1'],
      pricePointId: ['pp_1', '', ...around((n) => 'p'.repeat(n), 64)],
    };
    const inputs = corpus(good, pools, 500, 3000);
    const strings = inputs.flatMap((v) => (typeof v === 'object' && v !== null ? [JSON.stringify(v)] : []));
    // Read field by field: arktype handed back the input itself (inherited fields and all), readPurchase a copy.
    const read = (p: { creatorUsername: string; amount?: string; pricePointId?: string } | null) =>
      p && { creatorUsername: p.creatorUsername, amount: p.amount, pricePointId: p.pricePointId };
    for (const input of [...inputs, ...strings, '{', '"ann"', 'null', '[]', '']) {
      const plain = readPurchase(input);
      expect(read(plain), describeInput(input)).toEqual(read(arkReadPurchase(input)));
      for (const key of Object.keys(plain ?? {})) expect(['creatorUsername', 'amount', 'pricePointId']).toContain(key);
    }
  });
});
