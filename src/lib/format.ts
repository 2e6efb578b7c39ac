import { CURRENCY } from '../../domain/limits';
import { DEFAULT_LOCALE } from '../../domain/product';
import { formatAmount } from '../../domain/money/amount';
import { intlLocale } from '../../domain/money/format-money';

/**
 * Money and dates for display, through Intl in the active language (spec 2/7 "Language", design.md §3).
 * Amounts stay integer cents until the last step: they reach Intl as an exact decimal string, never as a
 * float, so no value ever displays a rounding artefact.
 */

const dateFormats = new Map<string, Intl.DateTimeFormat>();

// Plain amounts are formatted by the one function the server's emails use too.
export { formatMoney } from '../../domain/money/format-money';
/** Integer cents to an exact decimal string: -1234 → "-12.34". */
export { formatAmount as centsToDecimalString } from '../../domain/money/amount';

const signedFormats = new Map<string, Intl.NumberFormat>();

/** Money with its direction always shown (+$20.00 in, −$20.50 out), for activity rows; zero has no sign. */
export function formatSignedMoney(cents: number, language: string = DEFAULT_LOCALE): string {
  const locale = intlLocale(language);
  let format = signedFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: CURRENCY, signDisplay: 'exceptZero' });
    signedFormats.set(locale, format);
  }
  return format.format(formatAmount(cents) as Intl.StringNumericLiteral);
}

/** `opening`: a moment within the next day or so, as "Fri 27 Nov, 14:05" (weekday, day, month, time). `time`: a
 * moment within the next minutes, as "14:15" (a withdrawal's cancellation window). */
export type DateStyle = 'date' | 'dateTime' | 'opening' | 'time';

const DATE_OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  opening: { weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' },
  time: { hour: 'numeric', minute: '2-digit' },
};

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
    format = new Intl.DateTimeFormat(locale, DATE_OPTIONS[style]);
    dateFormats.set(key, format);
  }
  return format.format(date);
}
