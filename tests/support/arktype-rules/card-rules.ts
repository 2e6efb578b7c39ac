/**
 * Test oracle: these rules as arktype types, as domain/ had them before session 4 replaced them with plain checks
 * (domain/rules/checks.ts) to keep arktype out of the web app. tests/unit/domain/rules-parity.test.ts
 * runs both over a generated corpus and wants the same problems for every input. The pure helpers (check digits,
 * formats, message keys) come from domain/, so only the composition is repeated here: when a rule changes on
 * purpose, change it here too.
 */
import { type } from 'arktype';
import { isCountryCode } from '../../../domain/countries';
import { CARD_MAX_YEARS_AHEAD, CARD_NAME_MAX_LENGTH } from '../../../domain/rules/card-limits';
import { CARD_RULE, cardExpired, luhnValid, normalizeCardNumber } from '../../../domain/rules/card-rules';

const text = type('string').configure({ message: CARD_RULE.required });
const filled = text.narrow((s, ctx) => s.trim().length > 0 || ctx.reject({ message: CARD_RULE.required }));

const CardNameRule = filled
  .narrow((s, ctx) => s.trim().length <= CARD_NAME_MAX_LENGTH || ctx.reject({ message: CARD_RULE.nameTooLong }))
  .narrow((s, ctx) => s.trim().split(/\s+/).length >= 2 || ctx.reject({ message: CARD_RULE.nameTwoWords }));

const CardNumberRule = filled
  .narrow((s, ctx) => /^\d{15,16}$/.test(normalizeCardNumber(s)) || ctx.reject({ message: CARD_RULE.numberLength }))
  .narrow((s, ctx) => luhnValid(normalizeCardNumber(s)) || ctx.reject({ message: CARD_RULE.numberInvalid }));

const CvvRule = filled.narrow((s, ctx) => /^\d{3,4}$/.test(s) || ctx.reject({ message: CARD_RULE.cvv }));

const ExpMonthRule = type('number')
  .configure({ message: CARD_RULE.expMonth })
  .narrow((n, ctx) => (Number.isInteger(n) && n >= 1 && n <= 12) || ctx.reject({ message: CARD_RULE.expMonth }));

const CardCountryRule = filled.narrow(
  (s, ctx) => isCountryCode(s) || ctx.reject({ message: CARD_RULE.country }),
);

const PostalCodeRule = filled.narrow(
  (s, ctx) => /^[A-Za-z0-9][A-Za-z0-9 -]{1,10}$/.test(s.trim()) || ctx.reject({ message: CARD_RULE.postalCode }),
);

/** The add-card form; the expiry is checked against `today` (the server's clock, or the browser's). */
export function cardForm(today: Date) {
  const thisYear = today.getUTCFullYear();
  const ExpYearRule = type('number')
    .configure({ message: CARD_RULE.expYear })
    .narrow(
      (n, ctx) =>
        (Number.isInteger(n) && n >= thisYear && n <= thisYear + CARD_MAX_YEARS_AHEAD) ||
        ctx.reject({ message: CARD_RULE.expYear }),
    );
  return type({
    nameOnCard: CardNameRule,
    number: CardNumberRule,
    expMonth: ExpMonthRule,
    expYear: ExpYearRule,
    cvv: CvvRule,
    country: CardCountryRule,
    postalCode: PostalCodeRule,
  }).narrow(
    (f, ctx) =>
      !cardExpired(f.expMonth, f.expYear, today) || ctx.reject({ path: ['expMonth'], message: CARD_RULE.expired }),
  );
}
