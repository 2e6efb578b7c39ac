import { WITHDRAWAL_CANCEL_WINDOW_MS } from '../domain/limits';
import { opensLater, type WithdrawDestination, type WithdrawSetup } from './withdraw.machine';

/**
 * What the withdraw screen shows about its destinations (issue 21's 24-hour rule), from the setup the machine
 * holds: each destination there is, whether it can be chosen, and when it opens if not yet. The view formats the
 * moment in the UI language and renders "Withdrawals to this account open on …" for every `opensAt`.
 */
export interface DestinationChoice {
  destination: WithdrawDestination;
  label: string;
  /** ISO moment withdrawals to it open; null once open. */
  opensAt: string | null;
}

export function destinationChoices(setup: WithdrawSetup | null): DestinationChoice[] {
  if (!setup) return [];
  const choices: DestinationChoice[] = [];
  if (setup.bankAccount) choices.push({ destination: 'bank_account', label: setup.bankAccount.label, opensAt: opensLater(setup, 'bank_account') });
  if (setup.payoutAccount) choices.push({ destination: 'payout_account', label: setup.payoutAccount.label, opensAt: opensLater(setup, 'payout_account') });
  return choices;
}

/** The destinations that do not take withdrawals yet: the notices shown above the amount. */
export const notOpenYet = (setup: WithdrawSetup | null) => destinationChoices(setup).filter((c) => c.opensAt !== null);

/** `withdrawalsOpenAt` when it is still ahead of `checkedAt` (the screen's read), else null: for the withdraw-method screen. */
export const stillClosedUntil = (withdrawalsOpenAt: string, checkedAt: string): string | null =>
  Date.parse(withdrawalsOpenAt) > Date.parse(checkedAt) ? withdrawalsOpenAt : null;

/**
 * What the confirm step says about timing (issue 22 item 12), from the server's rule (domain/limits.ts,
 * docs/money.md "Withdrawals"): the withdrawal can be cancelled for the first `cancelMinutes`, until
 * `cancellableUntil`; at that moment it is sent to the destination. Both from `now`, the moment the step is shown.
 */
export interface WithdrawalTimeline {
  cancelMinutes: number;
  /** ISO moment the cancellation window closes and the money is sent on. */
  cancellableUntil: string;
}

export function withdrawalTimeline(now: string): WithdrawalTimeline {
  return {
    cancelMinutes: Math.round(WITHDRAWAL_CANCEL_WINDOW_MS / 60_000),
    cancellableUntil: new Date(Date.parse(now) + WITHDRAWAL_CANCEL_WINDOW_MS).toISOString(),
  };
}
