import { getNextSnapshot, setup } from 'xstate';

/**
 * The authority on deposit and withdrawal status (design.md §4, "Deposits" and "Withdrawals"). Like the payment
 * lifecycle, the server asks these machines before every status change and records each transition it takes; the
 * web app asks them what to offer (cancel a withdrawal); the flow atlas draws them. Pure: no I/O.
 *
 *   deposit      created ─AUTHORISED→ processing ─CAPTURED→ complete                 (card: authorised, then captured)
 *                created ─CONFIRMING→ processing ─CONFIRMED→ complete                 (USDT: first, then enough confirmations)
 *                created | processing ─FAILED→ failed                                (card declined / capture refused / transfer dropped)
 *   withdrawal   created ─SUBMIT→ processing ─PAID→ complete                         (sent to the payout provider, then settled)
 *                processing ─FAILED→ failed | ─REJECTED→ rejected                     (the money goes back to the wallet)
 *                created ─CANCEL→ cancelled                                           (by the user, before it is sent)
 *
 * Roles: `owner` (the user whose deposit or withdrawal it is) or `system` (a job, or the outcome of a provider call).
 */
export const DEPOSIT_STATUSES = ['created', 'processing', 'complete', 'failed'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
export const WITHDRAWAL_STATUSES = ['created', 'processing', 'complete', 'failed', 'rejected', 'cancelled'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

export type TransferRole = 'owner' | 'system';

export type DepositEvent =
  | { type: 'AUTHORISED'; role: TransferRole }
  | { type: 'CAPTURED'; role: TransferRole }
  | { type: 'CONFIRMING'; role: TransferRole }
  | { type: 'CONFIRMED'; role: TransferRole }
  | { type: 'FAILED'; role: TransferRole };

export type WithdrawalEvent =
  | { type: 'SUBMIT'; role: TransferRole }
  | { type: 'PAID'; role: TransferRole }
  | { type: 'FAILED'; role: TransferRole }
  | { type: 'REJECTED'; role: TransferRole }
  | { type: 'CANCEL'; role: TransferRole };

const guards = {
  bySystem: ({ event }: { event: { role: TransferRole } }) => event.role === 'system',
  byOwner: ({ event }: { event: { role: TransferRole } }) => event.role === 'owner',
};

export const depositLifecycleMachine = setup({
  types: { events: {} as DepositEvent },
  guards,
}).createMachine({
  id: 'depositLifecycle',
  initial: 'created',
  states: {
    created: {
      on: {
        AUTHORISED: { target: 'processing', guard: 'bySystem' },
        CONFIRMING: { target: 'processing', guard: 'bySystem' },
        FAILED: { target: 'failed', guard: 'bySystem' },
      },
    },
    processing: {
      on: {
        CAPTURED: { target: 'complete', guard: 'bySystem' },
        CONFIRMED: { target: 'complete', guard: 'bySystem' },
        FAILED: { target: 'failed', guard: 'bySystem' },
      },
    },
    complete: { type: 'final' },
    failed: { type: 'final' },
  },
});

export const withdrawalLifecycleMachine = setup({
  types: { events: {} as WithdrawalEvent },
  guards,
}).createMachine({
  id: 'withdrawalLifecycle',
  initial: 'created',
  states: {
    created: {
      on: {
        SUBMIT: { target: 'processing', guard: 'bySystem' },
        CANCEL: { target: 'cancelled', guard: 'byOwner' },
      },
    },
    processing: {
      on: {
        PAID: { target: 'complete', guard: 'bySystem' },
        FAILED: { target: 'failed', guard: 'bySystem' },
        REJECTED: { target: 'rejected', guard: 'bySystem' },
      },
    },
    complete: { type: 'final' },
    failed: { type: 'final' },
    rejected: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

/** The status `event` leads to from `status`, or null when the machine does not allow it. */
export function nextDepositStatus(status: DepositStatus, event: DepositEvent): DepositStatus | null {
  const snapshot = depositLifecycleMachine.resolveState({ value: status, context: {} });
  if (snapshot.status !== 'active' || !snapshot.can(event)) return null;
  return getNextSnapshot(depositLifecycleMachine, snapshot, event).value as DepositStatus;
}

export function nextWithdrawalStatus(status: WithdrawalStatus, event: WithdrawalEvent): WithdrawalStatus | null {
  const snapshot = withdrawalLifecycleMachine.resolveState({ value: status, context: {} });
  if (snapshot.status !== 'active' || !snapshot.can(event)) return null;
  return getNextSnapshot(withdrawalLifecycleMachine, snapshot, event).value as WithdrawalStatus;
}

/** What the owner may do now (the app offers `cancel` on a withdrawal still `created`). */
export function withdrawalActions(status: WithdrawalStatus): 'cancel'[] {
  return nextWithdrawalStatus(status, { type: 'CANCEL', role: 'owner' }) ? ['cancel'] : [];
}

/** Statuses still on their way (shown as "being processed"). */
export const PENDING_DEPOSIT_STATUSES: readonly DepositStatus[] = ['created', 'processing'];
export const PENDING_WITHDRAWAL_STATUSES: readonly WithdrawalStatus[] = ['created', 'processing'];
