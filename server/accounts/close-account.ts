import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { deposits, payments, sessions, users, withdrawals } from '../db/schema/index';
import { FINAL_STATUSES, PAYMENT_STATUSES } from '../../machines/payment-lifecycle.machine';
import { walletOf } from '../ledger/wallet';
import { DomainError } from '../problems/domain-error';

/** Statuses of a payment, deposit or withdrawal that is still on its way (money may still move). */
const OPEN_PAYMENT_STATUSES = PAYMENT_STATUSES.filter((s) => !FINAL_STATUSES.includes(s));
const OPEN_TRANSFER_STATUSES = ['created', 'processing'] as const;

type CloseRefusal = 'account_has_balance' | 'account_has_pending';

/**
 * Why the account cannot be closed now, or null. Money in the wallet (available or held for a price point) would
 * be stranded; an open payment, deposit or withdrawal would still move money to or from a closed account.
 */
async function closeRefusal(db: Db, userId: string): Promise<CloseRefusal | null> {
  const wallet = await walletOf(db, userId);
  if (wallet.balanceCents !== 0) return 'account_has_balance';
  const [payment] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        or(eq(payments.senderUserId, userId), eq(payments.receiverUserId, userId)),
        inArray(payments.status, OPEN_PAYMENT_STATUSES),
      ),
    )
    .limit(1);
  if (payment) return 'account_has_pending';
  const [deposit] = await db
    .select({ id: deposits.id })
    .from(deposits)
    .where(and(eq(deposits.userId, userId), inArray(deposits.status, [...OPEN_TRANSFER_STATUSES])))
    .limit(1);
  if (deposit) return 'account_has_pending';
  const [withdrawal] = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), inArray(withdrawals.status, [...OPEN_TRANSFER_STATUSES])))
    .limit(1);
  return withdrawal ? 'account_has_pending' : null;
}

const refusalProblem = (code: CloseRefusal) => new DomainError(code);

/**
 * Closes the account: the checks and the close run in one transaction with the user's row locked (two closes, or a
 * close and a set-up, do not interleave). Every session is revoked. Nothing is deleted: the ledger's entries and
 * the payment trails keep naming this user, and the audit still balances.
 */
export async function closeAccount(db: Db, userId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ status: users.accountStatus }).from(users).where(eq(users.id, userId)).for('update');
    if (!row || row.status !== 'active') throw new DomainError('user_not_found', { variant: 'account' });
    const refusal = await closeRefusal(tx as unknown as Db, userId);
    if (refusal) throw refusalProblem(refusal);
    await tx.update(users).set({ accountStatus: 'closed', closedAt: now, updatedAt: now }).where(eq(users.id, userId));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), sql`${sessions.revokedAt} IS NULL`));
  });
}
