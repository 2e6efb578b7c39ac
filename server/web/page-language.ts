import { parseLanguageCookie } from '../../domain/language-cookie';
import type { Locale } from '../../domain/product';
import { detectInitialLanguage } from '../../src/i18n/detect-language';

/**
 * The language a page's HTML is made for, as the web app will pick it (src/main.tsx): the visitor's choice (the
 * `tipjar-lang` cookie mirrors the stored one), else the first Accept-Language we speak, else English. The server
 * renders the public pages in it (./prerendered-pages.ts) and names its strings in the preload links
 * (./route-preloads.ts); when the app's pick still differs, it renders afresh instead of hydrating.
 */
export function pageLanguage(cookieHeader: string | undefined, acceptLanguage: string | undefined): Locale {
  return detectInitialLanguage(parseLanguageCookie(cookieHeader ?? ''), acceptedLanguages(acceptLanguage));
}

/** `es-419,es;q=0.9,en;q=0.8` → the tags by preference (a stable sort on q). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const qParam = params.find((param) => /^\s*q=/.test(param));
      // A weight that is not a number counts as "not wanted" rather than as the default 1.
      const q = qParam === undefined ? 1 : Number(/^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(qParam)?.[1] ?? 0);
      return { tag: tag.trim(), q, index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}
