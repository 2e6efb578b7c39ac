import { CURRENCY } from '../limits';
import { INTL_LOCALES } from '../intl-locales';
import { DEFAULT_LOCALE, isLocale } from '../product';
import { formatAmount } from './amount';

/**
 * An amount for people to read, through Intl in their language ($12.50, 12,50 US$, US$ 12,50): the web app's
 * screens and the server's emails use this one function. Cents reach Intl as an exact decimal string, never as a
 * float, so no value ever displays a rounding artefact.
 */
const moneyFormats = new Map<string, Intl.NumberFormat>();

export function intlLocale(language: string): string {
  return INTL_LOCALES[isLocale(language) ? language : DEFAULT_LOCALE];
}

export function formatMoney(cents: number, language: string = DEFAULT_LOCALE): string {
  const locale = intlLocale(language);
  let format = moneyFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: CURRENCY });
    moneyFormats.set(locale, format);
  }
  return format.format(formatAmount(cents) as Intl.StringNumericLiteral);
}
