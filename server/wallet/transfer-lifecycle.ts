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
  return recordTransition(tx, { depositId: deposit.id }, deposit.status, to, { type: event.type, actorUserId, now, reason }, async (status) => {
    const [updated] = await tx
      .update(deposits)
      .set({ status, updatedAt: now, ...extra })
      .where(and(eq(deposits.id, deposit.id), eq(deposits.status, deposit.status)))
      .returning();
    return updated;
  });
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
  return recordTransition(tx, { withdrawalId: withdrawal.id }, withdrawal.status, to, { type: event.type, actorUserId, now, reason }, async (status) => {
    const [updated] = await tx
      .update(withdrawals)
      .set({ status, updatedAt: now, ...extra })
      .where(and(eq(withdrawals.id, withdrawal.id), eq(withdrawals.status, withdrawal.status)))
      .returning();
    return updated;
  });
}

/**
 * The part every transfer transition shares: refuse what the machine refused (`to` null), write the row through the
 * caller's guarded UPDATE (nothing written = the status moved under the lock), then append the trail line.
 */
async function recordTransition<S extends string, Row>(
  tx: Tx,
  subject: { depositId: string } | { withdrawalId: string },
  from: S,
  to: S | null,
  event: { type: string; actorUserId: string | null; now: Date; reason: string },
  write: (to: S) => Promise<Row | undefined>,
): Promise<Row> {
  const what = 'depositId' in subject ? `deposit ${subject.depositId}` : `withdrawal ${subject.withdrawalId}`;
  if (!to) throw new TransferTransitionRefused(`${event.type} is not allowed from ${what} status ${from}`);
  const updated = await write(to);
  if (!updated) throw new TransferTransitionRefused(`${what} changed under its lock`);
  await tx.insert(transferEvents).values({
    ...subject,
    fromStatus: from,
    toStatus: to,
    event: event.type,
    actorUserId: event.actorUserId,
    reason: event.reason,
    occurredAt: event.now,
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
