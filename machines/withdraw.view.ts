import { WITHDRAWAL_CANCEL_WINDOW_MS } from '../domain/limits';
import type { SnapshotFrom } from 'xstate';
import { stepOf } from './forms/step-meta';
import { opensLater, type WithdrawDestination, type WithdrawSetup, type withdrawMachine } from './withdraw.machine';

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

type WithdrawSnapshot = Pick<SnapshotFrom<typeof withdrawMachine>, 'matches' | 'can' | 'getMeta'>;

/**
 * The withdraw screen's part and buttons as its machine shows them (issue 24 item 6): the stepper's step from the
 * states' `meta.step`; what the form's submit sends, Back, Withdraw and Retry from `can`. The page renders this.
 */
export interface WithdrawScreen {
  stage: 'loading' | 'loadFailed' | 'blocked' | 'notOpenYet' | 'amount' | 'destination' | 'confirm' | 'failed' | 'created' | 'leaving';
  /** The stepper's step on the amount, destination and confirm parts; null elsewhere. */
  step: number | null;
  submit: 'NEXT' | 'CONFIRM' | null;
  back: boolean;
  withdraw: { enabled: boolean; labelKey: 'actions.withdraw' | 'actions.withdrawing' };
  retry: boolean;
}

const BEFORE_STEPS = ['loading', 'loadFailed', 'blocked', 'notOpenYet', 'created', 'failed', 'amount', 'destination'] as const;

export function withdrawScreen(snapshot: WithdrawSnapshot): WithdrawScreen {
  const submitting = snapshot.matches('submitting');
  const stage: WithdrawScreen['stage'] = submitting ? 'confirm' : (BEFORE_STEPS.find((s) => snapshot.matches(s)) ?? (snapshot.matches('confirm') ? 'confirm' : 'leaving'));
  return {
    stage,
    step: stepOf(snapshot),
    submit: snapshot.can({ type: 'CONFIRM' }) ? 'CONFIRM' : snapshot.can({ type: 'NEXT' }) ? 'NEXT' : null,
    back: snapshot.can({ type: 'BACK' }),
    withdraw: { enabled: snapshot.can({ type: 'CONFIRM' }), labelKey: submitting ? 'actions.withdrawing' : 'actions.withdraw' },
    retry: snapshot.can({ type: 'RETRY' }),
  };
}
