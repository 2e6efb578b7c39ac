/** The product's name in one place: cookie and storage keys derive from it (design.md: `tipjar-user`, `tipjar-lang`). */
const PRODUCT_NAME = 'Tipjar';
const PRODUCT_KEY = 'tipjar';

export const USER_COOKIE = `${PRODUCT_KEY}-user`;
export const LANG_STORAGE_KEY = `${PRODUCT_KEY}-lang`;

/** The shared login-path constant: where a 401 sends the user. */
export const LOGIN_PATH = '/sign-in';
export const EXPIRED_SESSION_PATH = '/expired-session';
export const SET_UP_PATH = '/set-up';

export const LOCALES = ['en', 'es', 'pt'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** External help site (spec: Support opens in a new tab). */
export const SUPPORT_URL = 'https://help.tipjar.example';
export const SUPPORT_EMAIL = 'support@tipjar.example';

/** The HttpOnly session cookie; the server accepts it like the `authtoken` header (design.md §6). */
export const SESSION_COOKIE = `${PRODUCT_KEY}-session`;
export const AUTH_HEADER = 'authtoken';
