import { DESTINATION_WAIT_MS } from '../../domain/limits';
import { DomainError } from '../problems/domain-error';

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
  // The date is written for the reader (their language, UTC) when the refusal is rendered.
  throw new DomainError('destination_not_open_yet', { values: { date: openAt }, extensions: { withdrawalsOpenAt: openAt.toISOString() } });
}
