import { DEFAULT_LOCALE, isLocale, type Locale } from '../../domain/product';

/**
 * Spec 4 "Language": the stored choice wins, else the first browser language we support, else English.
 * Browser tags are matched on their primary subtag, so `pt-BR` and `es-419` count as `pt` and `es`.
 */
export function detectInitialLanguage(stored: string | null | undefined, browserLanguages: readonly string[]): Locale {
  if (isLocale(stored)) return stored;
  for (const tag of browserLanguages) {
    const primary = tag.split('-')[0]?.toLowerCase();
    if (isLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}
