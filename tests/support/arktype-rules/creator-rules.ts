/**
 * Test oracle: these rules as arktype types, as domain/ had them before session 4 replaced them with plain checks
 * (domain/rules/checks.ts) to keep arktype out of the web app. tests/unit/domain/rules-parity.test.ts
 * runs both over a generated corpus and wants the same problems for every input. The pure helpers (check digits,
 * formats, message keys) come from domain/, so only the composition is repeated here: when a rule changes on
 * purpose, change it here too.
 */
import { type } from 'arktype';
import {
  CUSTOM_AMOUNT_MAX_CENTS,
  CUSTOM_AMOUNT_MIN_CENTS,
  BIO_MAX_LENGTH,
  PRICE_POINT_DESCRIPTION_MAX_LENGTH,
  PRICE_POINT_MAX_CENTS,
  PRICE_POINT_MIN_CENTS,
} from '../../../domain/limits';
import { parseAmount } from '../../../domain/money/amount';
import { CREATOR_RULE, PRICE_POINT_MEDIA_TYPES } from '../../../domain/rules/creator-rules';

const text = type('string').configure({ message: CREATOR_RULE.required });
const filled = text.narrow((s, ctx) => s.trim().length > 0 || ctx.reject({ message: CREATOR_RULE.required }));

const PriceRule = filled
  .narrow((s, ctx) => parseAmount(s.trim()) !== null || ctx.reject({ message: CREATOR_RULE.priceInvalid }))
  .narrow((s, ctx) => {
    const cents = parseAmount(s.trim()) ?? 0;
    return (
      (cents >= PRICE_POINT_MIN_CENTS && cents <= PRICE_POINT_MAX_CENTS) ||
      ctx.reject({ message: CREATOR_RULE.priceRange })
    );
  });

const DescriptionRule = filled.narrow(
  (s, ctx) =>
    [...s.trim()].length <= PRICE_POINT_DESCRIPTION_MAX_LENGTH ||
    ctx.reject({ message: CREATOR_RULE.descriptionTooLong }),
);

const MediaTypeRule = type('string')
  .configure({ message: CREATOR_RULE.mediaTypeRequired })
  .narrow(
    (s, ctx) =>
      (PRICE_POINT_MEDIA_TYPES as readonly string[]).includes(s) ||
      ctx.reject({ message: CREATOR_RULE.mediaTypeRequired }),
  );

/** /profile/price-point and `POST app/user/{userId}/price-points`. */
export const PricePointForm = type({ price: PriceRule, description: DescriptionRule, media_type: MediaTypeRule });

const BioRule = text.narrow(
  (s, ctx) => [...s.trim()].length <= BIO_MAX_LENGTH || ctx.reject({ message: CREATOR_RULE.bioTooLong }),
);

/** The bio on /profile and `PATCH app/user/{userId}/profile`. */
export const ProfileForm = type({ bio_message: BioRule });

/** A custom amount on the public pay page: dollars, at most two decimals, from $1 to $10,000. */
const CustomAmountRule = filled
  .narrow((s, ctx) => parseAmount(s.trim()) !== null || ctx.reject({ message: CREATOR_RULE.priceInvalid }))
  .narrow((s, ctx) => {
    const cents = parseAmount(s.trim()) ?? 0;
    return (
      (cents >= CUSTOM_AMOUNT_MIN_CENTS && cents <= CUSTOM_AMOUNT_MAX_CENTS) ||
      ctx.reject({ message: CREATOR_RULE.amountRange })
    );
  });

export const CustomAmountForm = type({ amount: CustomAmountRule });
