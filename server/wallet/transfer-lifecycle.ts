import { and, eq } from 'drizzle-orm';
import { deposits, transferEvents, withdrawals } from '../db/schema/index';
import type { Tx } from '../ledger/types';
import {
  nextDepositStatus,
  nextWithdrawalStatus,
  type DepositEvent,
  type WithdrawalEvent,
} from '../../machines/transfer-lifecycle.machine';

/**
 * Every status change of a deposit or withdrawal goes through its machine (machines/transfer-lifecycle.machine.ts),
 * is written with a `WHERE status = <old>` guard, and is appended to `transfer_events` in the caller's transaction —
 * the same one as the journal entry it goes with.
 */
export type Deposit = typeof deposits.$inferSelect;
export type Withdrawal = typeof withdrawals.$inferSelect;

export class TransferTransitionRefused extends Error {}

export async function recordCreated(
  tx: Tx,
  subject: { depositId: string } | { withdrawalId: string },
  actorUserId: string | null,
  reason: string,
  now: Date,
): Promise<void> {
  await tx.insert(transferEvents).values({
    ...subject,
    fromStatus: null,
    toStatus: 'created',
    event: 'CREATE',
    actorUserId,
    reason,
    occurredAt: now,
  });
}

export async function transitionDeposit(
  tx: Tx,
  deposit: Deposit,
  event: DepositEvent,
  actorUserId: string | null,
  now: Date,
  reason: string,
  extra: Partial<Pick<Deposit, 'failureCode' | 'confirmations'>> = {},
): Promise<Deposit> {
  const to = nextDepositStatus(deposit.status, event);
  if (!to) throw new TransferTransitionRefused(`${event.type} is not allowed from deposit status ${deposit.status}`);
  const [updated] = await tx
    .update(deposits)
    .set({ status: to, updatedAt: now, ...extra })
    .where(and(eq(deposits.id, deposit.id), eq(deposits.status, deposit.status)))
    .returning();
  if (!updated) throw new TransferTransitionRefused(`deposit ${deposit.id} changed under its lock`);
  await tx.insert(transferEvents).values({
    depositId: deposit.id,
    fromStatus: deposit.status,
    toStatus: to,
    event: event.type,
    actorUserId,
    reason,
    occurredAt: now,
  });
  return updated;
}

export async function transitionWithdrawal(
  tx: Tx,
  withdrawal: Withdrawal,
  event: WithdrawalEvent,
  actorUserId: string | null,
  now: Date,
  reason: string,
  extra: Partial<Pick<Withdrawal, 'failureCode' | 'providerReference' | 'submittedAt'>> = {},
): Promise<Withdrawal> {
  const to = nextWithdrawalStatus(withdrawal.status, event);
  if (!to) throw new TransferTransitionRefused(`${event.type} is not allowed from withdrawal status ${withdrawal.status}`);
  const [updated] = await tx
    .update(withdrawals)
    .set({ status: to, updatedAt: now, ...extra })
    .where(and(eq(withdrawals.id, withdrawal.id), eq(withdrawals.status, withdrawal.status)))
    .returning();
  if (!updated) throw new TransferTransitionRefused(`withdrawal ${withdrawal.id} changed under its lock`);
  await tx.insert(transferEvents).values({
    withdrawalId: withdrawal.id,
    fromStatus: withdrawal.status,
    toStatus: to,
    event: event.type,
    actorUserId,
    reason,
    occurredAt: now,
  });
  return updated;
}

export async function trailOfTransfer(tx: Tx | import('../db/database').Db, subject: { depositId: string } | { withdrawalId: string }) {
  const where = 'depositId' in subject ? eq(transferEvents.depositId, subject.depositId) : eq(transferEvents.withdrawalId, subject.withdrawalId);
  const rows = await tx.select().from(transferEvents).where(where).orderBy(transferEvents.id);
  return rows.map((e) => ({
    from_status: e.fromStatus,
    to_status: e.toStatus,
    event: e.event,
    actor: e.actorUserId ?? 'system',
    reason: e.reason,
    occurred_at: e.occurredAt.toISOString(),
  }));
}
