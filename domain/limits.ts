/** Business constants of spec section 9, in one module. Money is in integer cents. */
export const CURRENCY = 'USD';
export const FEE_RATE = 0.05;
export const REQUEST_MAX_EXCLUSIVE_CENTS = 500_00;
export const WITHDRAWAL_MIN_EXCLUSIVE_CENTS = 20_00;
export const WITHDRAWAL_MAX_EXCLUSIVE_CENTS = 10_000_00;
/** Issue 21: withdrawals to a bank account set or changed, or a payout account linked, open this long after. */
export const DESTINATION_WAIT_MS = 24 * 60 * 60 * 1000;
/**
 * A new withdrawal stays `created`, and its owner may cancel it (money back), this long; then it is sent to the
 * payout provider (server/wallet/withdrawals.ts, docs/money.md "Withdrawals"). The withdraw screen states it.
 */
export const WITHDRAWAL_CANCEL_WINDOW_MS = 10 * 60_000;
export const CARD_HOLD_HOURS = 72;
/** The same in ms: how long a price point's money (and a card authorisation) is held for the creator's reply. */
export const CARD_HOLD_MS = CARD_HOLD_HOURS * 60 * 60 * 1000;
export const USER_SEARCH_MIN_CHARS = 3;
export const AUTOCOMPLETE_DEBOUNCE_MS = 300;
export const NOTIFICATION_TIMEOUT_MS = 5_000;
export const VERSION_POLL_MS = 60_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const MOBILE_BREAKPOINT_PX = 768;
/** From here the signed-in shell adds its right sidebar (spec 2; Panda's `lg`). */
export const WIDE_BREAKPOINT_PX = 1024;
/** The chat widget keeps clear of the bottom bar on phones (spec 9: 80 on mobile, 0 otherwise). */
export const CHAT_WIDGET_MOBILE_PADDING_PX = 80;
export const PIN_LENGTH = 6;
export const PASSWORD_MIN_LENGTH = 8;
export const MINIMUM_AGE_YEARS = 18;
/** Price points (issue 7, docs/decisions.md): a price from $1 to $500, a short description, at most 12 offered at once. */
export const PRICE_POINT_MIN_CENTS = 1_00;
export const PRICE_POINT_MAX_CENTS = 500_00;
export const PRICE_POINT_DESCRIPTION_MAX_LENGTH = 80;
export const MAX_ACTIVE_PRICE_POINTS = 12;
export const BIO_MAX_LENGTH = 280;
/** The public pay page (issue 7): the amounts offered, and the range of a custom amount. */
export const PAY_PAGE_PRESET_CENTS = [5_00, 10_00, 20_00, 50_00] as const;
export const CUSTOM_AMOUNT_MIN_CENTS = 1_00;
export const CUSTOM_AMOUNT_MAX_CENTS = 10_000_00;
/**
 * A payment by card (a send, a paid request, a price point) is at least $1.00 (issue 21: one-cent card charges are
 * how stolen cards are tested). The server refuses less (422 card_amount_too_small); the send screen says so under
 * the amount once a card is chosen. Card deposits have their own range, from the same $1.00 (DEPOSIT_MIN_CENTS).
 */
const CARD_PAYMENT_MIN_CENTS = 1_00;
export const cardAmountTooSmall = (amountCents: number): boolean => amountCents < CARD_PAYMENT_MIN_CENTS;
/** Card deposits: at least $1.00 and at most $10,000.00 (what reaches the wallet; the 5% fee is on top). */
export const DEPOSIT_MIN_CENTS = 1_00;
export const DEPOSIT_MAX_CENTS = 10_000_00;
/** Uploads (spec 5: 'The file is too large'): photos (JPEG, PNG) up to 10 MB, videos (MP4, MOV) up to 100 MB. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 100 * 1024 * 1024;
/** At most this many people in one answer of the user search. */
export const USER_SEARCH_LIMIT = 10;
/**
 * Phone numbers (issue 7, docs/people.md): E.164 — a '+', the country code and the number, 8 to 15 digits in all
 * (15 is E.164's maximum; 8 is the shortest real number with its country code, e.g. +6 + 7 digits in small states).
 */
export const PHONE_MIN_DIGITS = 8;
export const PHONE_MAX_DIGITS = 15;
/** A texted code lives 10 minutes and dies after 5 wrong tries; a resend replaces it. */
export const PHONE_CODE_TTL_MINUTES = 10;
export const PHONE_CODE_MAX_FAILURES = 5;
/** Top people shown on /contacts before any search. */
export const TOP_PEOPLE_LIMIT = 8;
