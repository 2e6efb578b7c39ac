/**
 * Test oracle: these rules as arktype types, as domain/ had them before session 4 replaced them with plain checks
 * (domain/rules/checks.ts) to keep arktype out of the web app. tests/unit/domain/rules-parity.test.ts
 * runs both over a generated corpus and wants the same problems for every input. The pure helpers (check digits,
 * formats, message keys) come from domain/, so only the composition is repeated here: when a rule changes on
 * purpose, change it here too.
 */
import { type } from 'arktype';
import { isCountryCode } from '../../../domain/countries';
import { MINIMUM_AGE_YEARS } from '../../../domain/limits';
import {
  ACCOUNT_TYPES,
  BANK_FORMATS,
  BANK_RULE,
  ID_TYPES,
  accountNumberProblem,
  ageOn,
  rutValid,
} from '../../../domain/rules/bank-rules';

// Private in domain/rules/bank-rules.ts.
const PERSON_NAME = /^[\p{L}\p{M}][\p{L}\p{M}' .-]{0,49}$/u;

const text = type('string').configure({ message: BANK_RULE.required });
const filled = text.narrow((s, ctx) => s.trim().length > 0 || ctx.reject({ message: BANK_RULE.required }));
const optionalText = type('string | null | undefined').configure({ message: BANK_RULE.required });
const sized = (min: number, max: number, message: string) =>
  filled.narrow((s, ctx) => (s.trim().length >= min && s.trim().length <= max) || ctx.reject({ message }));

const PersonNameRule = filled.narrow(
  (s, ctx) => PERSON_NAME.test(s.trim()) || ctx.reject({ message: BANK_RULE.name }),
);

function birthdateRule(today: Date) {
  return filled
    .narrow((s, ctx) => ageOn(s, today) !== null || ctx.reject({ message: BANK_RULE.birthdate }))
    .narrow((s, ctx) => (ageOn(s, today) ?? 0) >= MINIMUM_AGE_YEARS || ctx.reject({ message: BANK_RULE.underage }));
}

const IdTypeRule = filled.narrow(
  (s, ctx) => (ID_TYPES as readonly string[]).includes(s) || ctx.reject({ message: BANK_RULE.idType }),
);

const countryRule = (message: string) => filled.narrow((s, ctx) => isCountryCode(s) || ctx.reject({ message }));

/** Step 1: Personal Info. */
export function personalInfoStep(today: Date) {
  return type({
    firstName: PersonNameRule,
    lastName: PersonNameRule,
    birthdate: birthdateRule(today),
    idType: IdTypeRule,
    idNumber: filled,
  }).narrow((f, ctx) => {
    if (f.idType === 'rut_vista')
      return rutValid(f.idNumber.trim()) || ctx.reject({ path: ['idNumber'], message: BANK_RULE.rut });
    return (
      /^[A-Za-z0-9][A-Za-z0-9.\- ]{3,19}$/.test(f.idNumber.trim()) ||
      ctx.reject({ path: ['idNumber'], message: BANK_RULE.idNumber })
    );
  });
}

/** Step 2: Primary Address. */
export const AddressStep = type({
  addressLine1: sized(2, 100, BANK_RULE.address),
  'addressLine2?': optionalText.narrow(
    (s, ctx) => !s || s.trim().length <= 100 || ctx.reject({ message: BANK_RULE.address }),
  ),
  city: sized(2, 60, BANK_RULE.city),
  'region?': optionalText.narrow((s, ctx) => !s || s.trim().length <= 60 || ctx.reject({ message: BANK_RULE.region })),
  postalCode: filled.narrow(
    (s, ctx) => /^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/.test(s.trim()) || ctx.reject({ message: BANK_RULE.postalCode }),
  ),
  country: countryRule(BANK_RULE.country),
});

/** Step 3: Bank Account. */
export const BankAccountStep = type({
  // Own keys since session 4 (`'toString' in BANK_FORMATS` is true, and such a country failed with a 500).
  bankCountry: filled.narrow(
    (s, ctx) => Object.hasOwn(BANK_FORMATS, s) || ctx.reject({ message: BANK_RULE.bankCountry }),
  ),
  bankName: sized(2, 100, BANK_RULE.bankName),
  accountType: filled.narrow(
    (s, ctx) => (ACCOUNT_TYPES as readonly string[]).includes(s) || ctx.reject({ message: BANK_RULE.accountType }),
  ),
  accountNumber: filled,
}).narrow((f, ctx) => {
  if (!Object.hasOwn(BANK_FORMATS, f.bankCountry)) return true; // reported on bankCountry
  const problem = accountNumberProblem(f.bankCountry, f.accountNumber);
  return problem === null || ctx.reject({ path: ['accountNumber'], message: problem });
});

/** The whole wizard (step 4, Confirm Info, sends this). */
export function bankAccountForm(today: Date) {
  return personalInfoStep(today).and(AddressStep).and(BankAccountStep);
}
