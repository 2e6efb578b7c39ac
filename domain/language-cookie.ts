import { isLocale, LANG_STORAGE_KEY, type Locale } from './product';

/**
 * The visitor's chosen language as a cookie too (localStorage keeps it for the app): the server renders the public
 * pages' HTML in it (server/web/prerendered-pages.ts), which it cannot read from localStorage. Same name as the
 * storage key; a year, like the choice it mirrors. Not a secret, and the server only ever reads a known locale.
 */
const LANG_COOKIE = LANG_STORAGE_KEY;
const LANG_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The language in a `Cookie` header or `document.cookie` string; anything else is null. */
export function parseLanguageCookie(cookieHeader: string): Locale | null {
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== LANG_COOKIE) continue;
    const value = part.slice(separator + 1).trim();
    return isLocale(value) ? value : null;
  }
  return null;
}

/** The whole cookie line, for `document.cookie`. */
export function serializeLanguageCookie(language: Locale, { secure }: { secure: boolean }): string {
  const attributes = `Path=/; Max-Age=${LANG_COOKIE_MAX_AGE_S}; SameSite=Lax${secure ? '; Secure' : ''}`;
  return `${LANG_COOKIE}=${language}; ${attributes}`;
}
