import { CURRENCY } from '../../domain/limits';
import { DEFAULT_LOCALE, isLocale } from '../../domain/product';
import { INTL_LOCALES } from '../i18n/intl-locale';

/**
 * Money and dates for display, through Intl in the active language (spec 2/7 "Language", design.md §3).
 * Amounts stay integer cents until the last step: they reach Intl as an exact decimal string, never as a
 * float, so no value ever displays a rounding artefact.
 */

const moneyFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function intlLocale(language: string): string {
  return INTL_LOCALES[isLocale(language) ? language : DEFAULT_LOCALE];
}

/** Integer cents to an exact decimal string: -1234 → "-12.34". */
export function centsToDecimalString(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Money must be an integer number of cents, got ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  const whole = Math.trunc(absolute / 100);
  const fraction = String(absolute % 100).padStart(2, '0');
  return `${sign}${whole}.${fraction}`;
}

export function formatMoney(cents: number, language: string = DEFAULT_LOCALE): string {
  const locale = intlLocale(language);
  let format = moneyFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: CURRENCY });
    moneyFormats.set(locale, format);
  }
  return format.format(centsToDecimalString(cents) as Intl.StringNumericLiteral);
}

const signedFormats = new Map<string, Intl.NumberFormat>();

/** Money with its direction always shown (+$20.00 in, −$20.50 out), for activity rows; zero has no sign. */
export function formatSignedMoney(cents: number, language: string = DEFAULT_LOCALE): string {
  const locale = intlLocale(language);
  let format = signedFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: CURRENCY, signDisplay: 'exceptZero' });
    signedFormats.set(locale, format);
  }
  return format.format(centsToDecimalString(cents) as Intl.StringNumericLiteral);
}

export type DateStyle = 'date' | 'dateTime';

export function formatDate(
  value: Date | string | number,
  language: string = DEFAULT_LOCALE,
  style: DateStyle = 'date',
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  const locale = intlLocale(language);
  const key = `${locale}|${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      locale,
      style === 'date' ? { dateStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'short' },
    );
    dateFormats.set(key, format);
  }
  return format.format(date);
}
