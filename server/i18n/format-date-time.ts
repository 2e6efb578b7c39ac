import type { Locale } from '../../domain/product';

/**
 * A moment as people read it in their language, for emails and problem details ("November 27, 2026 at 3:05 PM
 * UTC"). In UTC, named as such: users have no stored time zone, and the server must not guess one.
 */
export function formatDateTime(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(date);
}
