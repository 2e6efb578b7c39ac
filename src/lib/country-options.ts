import { COUNTRY_CODES } from '../../domain/countries';

/**
 * The countries of the set-up select, named in the user's language by the browser (Intl.DisplayNames, so no
 * names ship in our locale files) and sorted by that language's collation.
 */
export function countryOptions(locale: string): Array<{ value: string; label: string }> {
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(locale);
  return COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) =>
    collator.compare(a.label, b.label),
  );
}
