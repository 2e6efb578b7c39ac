import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { bankAccounts, payoutAccounts, users, withdrawals } from '../db/schema/index';
import type { Tx } from '../ledger/types';
import { InsufficientFundsError, postEntry } from '../ledger/post-entry';
import { enqueueJob } from '../jobs/queue';
import type { PayoutDestination, PayoutState, PayoutSubmission } from '../providers/payouts';
import { formatAmount } from '../../domain/money/amount';
import { WITHDRAWAL_CANCEL_WINDOW_MS, WITHDRAWAL_MAX_EXCLUSIVE_CENTS, WITHDRAWAL_MIN_EXCLUSIVE_CENTS } from '../../domain/limits';
import { namesMatch } from '../../domain/rules/bank-rules';
import { PENDING_WITHDRAWAL_STATUSES, withdrawalActions, type WithdrawalEvent } from '../../machines/transfer-lifecycle.machine';
import { recordCreated, trailOfTransfer, transitionWithdrawal, TransferTransitionRefused, type Withdrawal } from './transfer-lifecycle';
import type { TransferListQuery } from './deposits';
import { requireDestinationOpen } from './destination-wait';
import { DomainError } from '../problems/domain-error';

/**
 * Withdrawals (docs/money.md "Withdrawals"): more than $20, less than $10,000, not above the available balance, to
 * the bank account or the linked payout account — once 24 hours have passed since it was set (destination-wait.ts).
 *
 *   created   the money leaves the wallet at once (wallet → payout_clearing), so it cannot be spent twice;
 *             the user may cancel for WITHDRAWAL_SUBMIT_DELAY_MS (→ cancelled, money back)
 *   ─SUBMIT→ processing   the payout_submit job marks it (no cancelling from here on), then asks the provider
 *   ─PAID→ complete       the payout_settle job learns it was paid (payout_clearing keeps what left)
 *   ─FAILED→ failed / ─REJECTED→ rejected   the money goes back (payout_clearing → wallet)
 */
type Reader = Db | Tx;

/** How long a new withdrawal waits (cancellable) before it is sent to the payout provider: the window the app states. */
export const WITHDRAWAL_SUBMIT_DELAY_MS = WITHDRAWAL_CANCEL_WINDOW_MS;
/** How often a submitted payout's status is asked for. */
export const PAYOUT_POLL_MS = 5 * 60_000;
const WITHDRAWAL_PAGE_SIZE = 20;

const withdrawalNotFound = () => new DomainError('withdrawal_not_found');

export interface WithdrawalInput {
  userId: string;
  amountCents: number;
  destination: 'bank_account' | 'payout_account';
  now: Date;
}

function lastFour(value: string): string {
  const alnum = value.replace(/[^A-Za-z0-9]/g, '');
  return alnum.slice(-4);
}

export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/** POST withdrawals, in the request's transaction (with its Idempotency-Key). The money moves last. */
export async function createWithdrawal(tx: Tx, input: WithdrawalInput, payoutProviderName: string): Promise<Withdrawal> {
  if (input.amountCents <= WITHDRAWAL_MIN_EXCLUSIVE_CENTS || input.amountCents >= WITHDRAWAL_MAX_EXCLUSIVE_CENTS) {
    throw new DomainError('withdrawal_amount_out_of_range');
  }
  const [user] = await tx.select({ fullName: users.fullName }).from(users).where(eq(users.id, input.userId));
  const [bank] = await tx.select().from(bankAccounts).where(eq(bankAccounts.userId, input.userId));
  // Spec 8: a mismatch between the user's name and the bank account's holder prevents withdrawals (any destination).
  if (bank && !namesMatch(bank.firstName, bank.lastName, user?.fullName ?? null)) {
    throw new DomainError('bank_info_mismatch');
  }
  let details: PayoutDestination;
  let label: string;
  if (input.destination === 'bank_account') {
    if (!bank) throw new DomainError('bank_account_missing');
    requireDestinationOpen(bank.destinationChangedAt, input.now);
    details = {
      kind: 'bank_account',
      holderName: `${bank.firstName} ${bank.lastName}`,
      bankCountry: bank.bankCountry,
      bankName: bank.bankName,
      accountType: bank.accountType,
      accountNumber: bank.accountNumber,
    };
    label = `${bank.bankName} ····${lastFour(bank.accountNumber)}`;
  } else {
    const [account] = await tx.select().from(payoutAccounts).where(eq(payoutAccounts.userId, input.userId));
    if (!account) throw new DomainError('payout_account_missing');
    requireDestinationOpen(account.linkedAt, input.now);
    details = { kind: 'payout_account', providerAccountId: account.providerAccountId, email: account.email };
    label = `${payoutProviderName} ${maskEmail(account.email)}`;
  }
  const [withdrawal] = await tx
    .insert(withdrawals)
    .values({
      id: randomUUID(),
      userId: input.userId,
      destination: input.destination,
      destinationDetails: details as unknown as Record<string, string>,
      destinationLabel: label,
      status: 'created',
      amountCents: input.amountCents,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning();
  await recordCreated(tx, { withdrawalId: withdrawal!.id }, input.userId, `withdrawal to ${input.destination}`, input.now);
  await enqueueJob(tx, 'payout_submit', { withdrawalId: withdrawal!.id }, new Date(input.now.getTime() + WITHDRAWAL_SUBMIT_DELAY_MS), input.now);
  try {
    await postEntry(tx, {
      kind: 'withdrawal',
      description: `withdrawal ${withdrawal!.id}`,
      createdAt: input.now,
      postings: [
        { account: { wallet: input.userId }, amountCents: -input.amountCents },
        { account: { system: 'payout_clearing' }, amountCents: input.amountCents },
      ],
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) {
      throw new DomainError('withdrawal_above_balance');
    }
    throw error;
  }
  return withdrawal!;
}

async function lockWithdrawal(tx: Tx, id: string): Promise<Withdrawal | undefined> {
  const [withdrawal] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  return withdrawal;
}

/** The money goes back to the wallet: failed, rejected or cancelled. */
async function returnMoney(tx: Tx, withdrawal: Withdrawal, kind: string, now: Date): Promise<void> {
  await postEntry(tx, {
    kind,
    description: `withdrawal ${withdrawal.id}`,
    createdAt: now,
    postings: [
      { account: { system: 'payout_clearing' }, amountCents: -withdrawal.amountCents },
      { account: { wallet: withdrawal.userId }, amountCents: withdrawal.amountCents },
    ],
  });
}

/** POST withdrawals/{id}/cancel: the owner, while it is still `created` (not yet sent). */
export async function cancelWithdrawal(tx: Tx, userId: string, withdrawalId: string, now: Date): Promise<Withdrawal> {
  const withdrawal = UUID.test(withdrawalId) ? await lockWithdrawal(tx, withdrawalId) : undefined;
  if (!withdrawal || withdrawal.userId !== userId) throw withdrawalNotFound();
  let cancelled: Withdrawal;
  try {
    cancelled = await transitionWithdrawal(tx, withdrawal, { type: 'CANCEL', role: 'owner' }, userId, now, 'cancelled by the user');
  } catch (error) {
    if (error instanceof TransferTransitionRefused) {
      throw new DomainError('withdrawal_not_cancellable');
    }
    throw error;
  }
  await returnMoney(tx, withdrawal, 'withdrawal_cancelled', now);
  return cancelled;
}

// ---- The jobs

export interface SubmitCall {
  withdrawalId: string;
  amountCents: number;
  destination: PayoutDestination;
}

/**
 * payout_submit, step 1 (committed before the provider is called): `created → processing`, so the user can no
 * longer cancel money that is being sent. A withdrawal found `processing` without a provider reference (a crash
 * after this step) is submitted again: the provider's idempotency key is the withdrawal id.
 */
export async function payoutToSubmit(tx: Tx, withdrawalId: string, now: Date): Promise<SubmitCall | null> {
  let withdrawal = await lockWithdrawal(tx, withdrawalId);
  if (!withdrawal) return null;
  if (withdrawal.status === 'created') {
    withdrawal = await transitionWithdrawal(tx, withdrawal, { type: 'SUBMIT', role: 'system' }, null, now, 'sent to the payout provider');
  } else if (withdrawal.status !== 'processing' || withdrawal.providerReference) {
    return null;
  }
  return {
    withdrawalId,
    amountCents: withdrawal.amountCents,
    destination: withdrawal.destinationDetails as unknown as PayoutDestination,
  };
}

export async function applySubmission(tx: Tx, withdrawalId: string, outcome: PayoutSubmission, now: Date): Promise<void> {
  const withdrawal = await lockWithdrawal(tx, withdrawalId);
  if (!withdrawal || withdrawal.status !== 'processing' || withdrawal.providerReference) return;
  if (outcome.outcome === 'accepted') {
    await tx.update(withdrawals).set({ providerReference: outcome.reference, submittedAt: now, updatedAt: now }).where(eq(withdrawals.id, withdrawalId));
    await enqueueJob(tx, 'payout_settle', { withdrawalId }, new Date(now.getTime() + PAYOUT_POLL_MS), now);
    return;
  }
  await transitionWithdrawal(tx, withdrawal, { type: 'REJECTED', role: 'system' }, null, now, `refused by the payout provider: ${outcome.code}`, {
    failureCode: outcome.code,
  });
  await returnMoney(tx, withdrawal, 'withdrawal_returned', now);
}

export async function payoutToSettle(tx: Tx, withdrawalId: string): Promise<{ reference: string } | null> {
  const withdrawal = await lockWithdrawal(tx, withdrawalId);
  if (!withdrawal || withdrawal.status !== 'processing' || !withdrawal.providerReference) return null;
  return { reference: withdrawal.providerReference };
}

export async function applySettlement(tx: Tx, withdrawalId: string, state: PayoutState, now: Date): Promise<{ retryAt: Date } | void> {
  const withdrawal = await lockWithdrawal(tx, withdrawalId);
  if (!withdrawal || withdrawal.status !== 'processing') return;
  if (state.state === 'pending') return { retryAt: new Date(now.getTime() + PAYOUT_POLL_MS) };
  if (state.state === 'paid') {
    await transitionWithdrawal(tx, withdrawal, { type: 'PAID', role: 'system' }, null, now, 'paid out');
    return;
  }
  const event: WithdrawalEvent = state.state === 'failed' ? { type: 'FAILED', role: 'system' } : { type: 'REJECTED', role: 'system' };
  await transitionWithdrawal(tx, withdrawal, event, null, now, `${state.state}: ${state.code}`, { failureCode: state.code });
  await returnMoney(tx, withdrawal, 'withdrawal_returned', now);
}

// ---- Reading

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function withdrawalView(w: Withdrawal) {
  return {
    id: w.id,
    payment_id: w.id,
    created_at: w.createdAt.toISOString(),
    updated_at: w.updatedAt.toISOString(),
    status: w.status,
    destination: w.destination,
    destination_label: w.destinationLabel,
    charged_type: w.destination,
    amount: formatAmount(w.amountCents),
    fee: formatAmount(0),
    total: formatAmount(w.amountCents),
    charged_amount: formatAmount(w.amountCents),
    failure_code: w.failureCode,
    actions: withdrawalActions(w.status),
  };
}

/** One of the caller's withdrawals by id or by its createdAt (the spec names them by date); anyone else's → 404. */
export async function findWithdrawal(db: Reader, userId: string, ref: string): Promise<Withdrawal> {
  const byId = UUID.test(ref);
  const at = byId ? null : Date.parse(ref);
  if (!byId && (at === null || Number.isNaN(at))) throw withdrawalNotFound();
  const [withdrawal] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), byId ? eq(withdrawals.id, ref) : eq(withdrawals.createdAt, new Date(at!))))
    .orderBy(desc(withdrawals.id))
    .limit(1);
  if (!withdrawal) throw withdrawalNotFound();
  return withdrawal;
}

export async function withdrawalDetails(db: Reader, withdrawal: Withdrawal) {
  return { data: [withdrawalView(withdrawal)], events: await trailOfTransfer(db, { withdrawalId: withdrawal.id }) };
}

export async function listWithdrawals(db: Reader, userId: string, q: TransferListQuery) {
  const conditions: SQL[] = [eq(withdrawals.userId, userId)];
  if (q.status === 'pending') conditions.push(inArray(withdrawals.status, [...PENDING_WITHDRAWAL_STATUSES]));
  if (q.status === 'complete') conditions.push(eq(withdrawals.status, 'complete'));
  if (q.status === 'failed') conditions.push(inArray(withdrawals.status, ['failed', 'rejected', 'cancelled']));
  const where = and(...conditions);
  const [counted] = await db.select({ n: count() }).from(withdrawals).where(where);
  const rows = await db
    .select()
    .from(withdrawals)
    .where(where)
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit((q.endPage - q.startPage + 1) * WITHDRAWAL_PAGE_SIZE)
    .offset((q.startPage - 1) * WITHDRAWAL_PAGE_SIZE);
  return { totalPages: Math.ceil(Number(counted?.n ?? 0) / WITHDRAWAL_PAGE_SIZE), results: rows.map(withdrawalView) };
}
