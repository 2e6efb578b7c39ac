import { parseLanguageCookie, serializeLanguageCookie } from '../../domain/language-cookie';
import { isLocale, LANG_STORAGE_KEY, type Locale } from '../../domain/product';

// Storage can throw (private mode, disabled cookies); the language choice is a convenience, never a blocker.

export function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANG_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeLanguage(language: Locale): void {
  try {
    window.localStorage.setItem(LANG_STORAGE_KEY, language);
  } catch {
    // Not persisted: the choice still applies until the tab closes.
  }
  writeLanguageCookie(language);
}

/**
 * The server renders the public pages' HTML in the language of the `tipjar-lang` cookie (domain/language-cookie.ts):
 * a choice stored before the cookie existed is copied into it at start, so the next visit's HTML is in it too.
 */
export function mirrorStoredLanguage(): void {
  const stored = readStoredLanguage();
  if (isLocale(stored) && parseLanguageCookie(document.cookie) !== stored) writeLanguageCookie(stored);
}

function writeLanguageCookie(language: Locale): void {
  document.cookie = serializeLanguageCookie(language, { secure: window.location.protocol === 'https:' });
}
