import { describe, expect, it } from 'vitest';
import { centsToDecimalString, formatDate, formatMoney } from '../../../src/lib/format';

// Intl output uses narrow/non-breaking spaces in some locales; compare with ordinary spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('centsToDecimalString', () => {
  it('turns integer cents into an exact decimal string', () => {
    expect(centsToDecimalString(0)).toBe('0.00');
    expect(centsToDecimalString(5)).toBe('0.05');
    expect(centsToDecimalString(1250)).toBe('12.50');
    expect(centsToDecimalString(-1234)).toBe('-12.34');
    expect(centsToDecimalString(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
  });

  it('refuses anything that is not a safe integer of cents', () => {
    expect(() => centsToDecimalString(12.5)).toThrow(RangeError);
    expect(() => centsToDecimalString(Number.NaN)).toThrow(RangeError);
    expect(() => centsToDecimalString(2 ** 60)).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it('formats US dollars in each app language', () => {
    expect(plain(formatMoney(123450, 'en'))).toBe('$1,234.50');
    expect(plain(formatMoney(123450, 'es'))).toBe('1234,50 US$');
    expect(plain(formatMoney(12345000, 'es'))).toBe('123.450,00 US$');
    expect(plain(formatMoney(123450, 'pt'))).toBe('US$ 1.234,50');
  });

  it('shows cents exactly, with no float rounding artefacts', () => {
    // 0.1 + 0.2 style errors would show as $0.30000000000000004 or round wrongly.
    expect(formatMoney(30, 'en')).toBe('$0.30');
    expect(formatMoney(1_000_000_01, 'en')).toBe('$1,000,000.01');
    expect(formatMoney(-2000, 'en')).toBe('-$20.00');
  });

  it('falls back to English for an unknown language', () => {
    expect(formatMoney(100, 'fr')).toBe('$1.00');
  });
});

describe('formatDate', () => {
  const date = '2026-03-05T12:00:00Z';

  it('formats a date in each app language', () => {
    expect(formatDate(date, 'en')).toBe('Mar 5, 2026');
    expect(formatDate(date, 'es')).toBe('5 mar 2026');
    expect(formatDate(date, 'pt')).toBe('5 de mar. de 2026');
  });

  it('accepts Date objects and timestamps and can include the time', () => {
    expect(formatDate(new Date(date), 'en')).toBe(formatDate(Date.parse(date), 'en'));
    expect(formatDate(date, 'en', 'dateTime')).toMatch(/^Mar 5, 2026, \d{1,2}:\d{2}\s?[AP]M$/);
  });

  it('says when something opens as weekday, day, month and time (the 24-hour notice of issue 21)', () => {
    // Noon UTC keeps the day the same in every time zone the tests run in; the hour is the machine's own.
    const opens = '2026-11-27T12:00:00Z';
    expect(formatDate(opens, 'en', 'opening')).toMatch(/^Fri, Nov 27, \d{1,2}:\d{2}\s?[AP]M$/u);
    expect(formatDate(opens, 'es', 'opening')).toMatch(/^vie, 27 nov, \d{1,2}:\d{2}$/u);
    expect(formatDate(opens, 'pt', 'opening')).toMatch(/^sex\., 27 de nov\., \d{1,2}:\d{2}$/u);
  });

  it('refuses an invalid date instead of printing "Invalid Date"', () => {
    expect(() => formatDate('not a date', 'en')).toThrow(RangeError);
  });
});
