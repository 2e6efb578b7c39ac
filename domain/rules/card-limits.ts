/**
 * The numbers the card rules' messages name, apart from the rules themselves so the web app's message text
 * (src/ui/form/use-form-text.ts, in the entry chunk) does not pull the rules and the country list along.
 */
export const CARD_NAME_MAX_LENGTH = 100;
/** How far ahead an expiry year may be (processors refuse years further out). */
export const CARD_MAX_YEARS_AHEAD = 20;

/** Values the messages interpolate. */
export const CARD_RULE_VALUES = { nameMax: CARD_NAME_MAX_LENGTH, yearsAhead: CARD_MAX_YEARS_AHEAD } as const;
