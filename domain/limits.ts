/** Business constants of spec section 9, in one module. Money is in integer cents. */
export const CURRENCY = 'USD';
export const FEE_RATE = 0.05;
export const REQUEST_MAX_EXCLUSIVE_CENTS = 500_00;
export const WITHDRAWAL_MIN_EXCLUSIVE_CENTS = 20_00;
export const WITHDRAWAL_MAX_EXCLUSIVE_CENTS = 10_000_00;
export const CARD_HOLD_HOURS = 72;
export const USER_SEARCH_MIN_CHARS = 3;
export const AUTOCOMPLETE_DEBOUNCE_MS = 300;
export const NOTIFICATION_TIMEOUT_MS = 5_000;
export const VERSION_POLL_MS = 60_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const MOBILE_BREAKPOINT_PX = 768;
/** The chat widget keeps clear of the bottom bar on phones (spec 9: 80 on mobile, 0 otherwise). */
export const CHAT_WIDGET_MOBILE_PADDING_PX = 80;
export const PIN_LENGTH = 6;
export const VIRTUAL_ROW_ESTIMATE_PX = 43;
export const VIRTUAL_OVERSCAN_ROWS = 5;
export const PASSWORD_MIN_LENGTH = 8;
export const MINIMUM_AGE_YEARS = 18;
