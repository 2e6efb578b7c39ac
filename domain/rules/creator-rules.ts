import { CUSTOM_AMOUNT_MAX_CENTS, CUSTOM_AMOUNT_MIN_CENTS, BIO_MAX_LENGTH, PRICE_POINT_DESCRIPTION_MAX_LENGTH, PRICE_POINT_MAX_CENTS, PRICE_POINT_MIN_CENTS } from '../limits';
import { parseAmount } from '../money/amount';
import { form, isString, rule } from './checks';

/**
 * The creator forms (issue 7), shared by the web app and the server like account-rules.ts.
 * Messages are translation keys under `creators:rules.*`, interpolated with RULE_VALUES (account-rules.ts).
 */
export const CREATOR_RULE = {
  required: 'creators:rules.required',
  priceInvalid: 'creators:rules.price_invalid',
  priceRange: 'creators:rules.price_range',
  descriptionTooLong: 'creators:rules.description_too_long',
  mediaTypeRequired: 'creators:rules.media_type_required',
  bioTooLong: 'creators:rules.bio_too_long',
  amountRange: 'creators:rules.amount_range',
} as const;

export const PRICE_POINT_MEDIA_TYPES = ['photo', 'video'] as const;
export type PricePointMediaType = (typeof PRICE_POINT_MEDIA_TYPES)[number];

const text = rule(isString, CREATOR_RULE.required);
const filled = text.narrow((s) => s.trim().length > 0, CREATOR_RULE.required);

const PriceRule = filled
  .narrow((s) => parseAmount(s.trim()) !== null, CREATOR_RULE.priceInvalid)
  .narrow((s) => {
    const cents = parseAmount(s.trim()) ?? 0;
    return cents >= PRICE_POINT_MIN_CENTS && cents <= PRICE_POINT_MAX_CENTS;
  }, CREATOR_RULE.priceRange);

const DescriptionRule = filled.narrow(
  (s) => [...s.trim()].length <= PRICE_POINT_DESCRIPTION_MAX_LENGTH,
  CREATOR_RULE.descriptionTooLong,
);

const MediaTypeRule = rule(isString, CREATOR_RULE.mediaTypeRequired).narrow(
  (s) => (PRICE_POINT_MEDIA_TYPES as readonly string[]).includes(s),
  CREATOR_RULE.mediaTypeRequired,
);

/** /profile/price-point and `POST app/user/{userId}/price-points`. */
export const PricePointForm = form({ price: PriceRule, description: DescriptionRule, media_type: MediaTypeRule });

const BioRule = text.narrow((s) => [...s.trim()].length <= BIO_MAX_LENGTH, CREATOR_RULE.bioTooLong);

/** The bio on /profile and `PATCH app/user/{userId}/profile`. */
export const ProfileForm = form({ bio_message: BioRule });

/** The price as the API stores it: trimmed and normalised ("5" → "5.00" is the server's answer). */
export function priceCentsOf(price: string): number | null {
  return parseAmount(price.trim());
}

/** A custom amount on the public pay page: dollars, at most two decimals, from $1 to $10,000. */
const CustomAmountRule = filled
  .narrow((s) => parseAmount(s.trim()) !== null, CREATOR_RULE.priceInvalid)
  .narrow((s) => {
    const cents = parseAmount(s.trim()) ?? 0;
    return cents >= CUSTOM_AMOUNT_MIN_CENTS && cents <= CUSTOM_AMOUNT_MAX_CENTS;
  }, CREATOR_RULE.amountRange);

export const CustomAmountForm = form({ amount: CustomAmountRule });
