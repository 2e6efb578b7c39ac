import { DESTINATION_WAIT_MS } from '../../domain/limits';
import type { Locale } from '../../domain/product';
import { HttpProblem } from '../http/problem';
import { formatDateTime } from '../i18n/format-date-time';

/**
 * The 24-hour wait (issue 21): a stolen session that sets a bank account or links a payout account cannot take the
 * money out at once — the owner is emailed at the change and has a day to act. Measured by the server clock from
 * the moment the destination was last set or changed.
 */
export function withdrawalsOpenAt(changedAt: Date): Date {
  return new Date(changedAt.getTime() + DESTINATION_WAIT_MS);
}

/** 409 `destination_not_open_yet` ("Withdrawals to this account open on …", in the caller's language, UTC). */
export function requireDestinationOpen(changedAt: Date, now: Date): void {
  const openAt = withdrawalsOpenAt(changedAt);
  if (now.getTime() >= openAt.getTime()) return;
  throw new HttpProblem(
    409,
    'destination_not_open_yet',
    'wallet:errors.destination_not_open_yet',
    { date: (locale: Locale) => formatDateTime(openAt, locale) },
    undefined,
    { withdrawalsOpenAt: openAt.toISOString() },
  );
}
