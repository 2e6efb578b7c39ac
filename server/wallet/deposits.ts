import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { cards, deposits, usdtAddresses } from '../db/schema/index';
import type { Tx } from '../ledger/types';
import { postEntry } from '../ledger/post-entry';
import { enqueueJob } from '../jobs/queue';
import type { KeyRef } from '../idempotency/store';
import type { Authorisation, CaptureRefusal } from '../providers/card';
import type { UsdtNetwork, UsdtTransfer } from '../providers/usdt';
import { formatAmount } from '../../domain/money/amount';
import { chargeFor } from '../../domain/money/fees';
import { DEPOSIT_MAX_CENTS, DEPOSIT_MIN_CENTS } from '../../domain/limits';
import { PENDING_DEPOSIT_STATUSES } from '../../machines/transfer-lifecycle.machine';
import { recordChargeIntent, scheduleCapture, usableCard, type Charge } from './card-charges';
import { cardDeclinedProblem, type Answer } from './answers';
import { recordCreated, trailOfTransfer, transitionDeposit, type Deposit } from './transfer-lifecycle';
import { DomainError } from '../problems/domain-error';

/**
 * Deposits (docs/money.md "Deposits"): money into a wallet by card (5% fee on top: a $50 deposit charges $52.50
 * and credits $50) or by USDT (free; credited once the network has confirmed it).
 *
 *   card   created ─AUTHORISED→ processing ─CAPTURED→ complete   card_clearing −total, wallet +amount, fee_revenue +fee
 *          created ─FAILED→ failed (declined: 402 with the decline text); processing ─FAILED→ failed (capture refused)
 *   USDT   created (seen) ─CONFIRMING→ processing (1+ confirmations) ─CONFIRMED→ complete (20)   usdt_clearing → wallet
 *          ─FAILED→ failed (the network dropped it)
 */
type Reader = Db | Tx;

const DEPOSIT_PAGE_SIZE = 20;
/** How often a confirming USDT transfer is looked at again. */
const USDT_POLL_MS = 15_000;

const depositNotFound = () => new DomainError('deposit_not_found');

// ---- Card deposits

export interface CardDepositInput {
  userId: string;
  cardId: string;
  amountCents: number;
  key: KeyRef | null;
  now: Date;
}

/** Step 1 (intent), in the request's transaction: the deposit `created` and its card charge `authorising`. */
export async function startCardDeposit(tx: Tx, input: CardDepositInput): Promise<{ chargeId: string }> {
  if (input.amountCents < DEPOSIT_MIN_CENTS || input.amountCents > DEPOSIT_MAX_CENTS) {
    throw new DomainError('deposit_amount_out_of_range', {
      values: { min: formatAmount(DEPOSIT_MIN_CENTS), max: formatAmount(DEPOSIT_MAX_CENTS) },
    });
  }
  const card = await usableCard(tx, input.userId, input.cardId);
  const charge = chargeFor(input.amountCents, 'card');
  const [deposit] = await tx
    .insert(deposits)
    .values({
      id: randomUUID(),
      userId: input.userId,
      method: 'card',
      status: 'created',
      amountCents: charge.amountCents,
      feeCents: charge.feeCents,
      cardId: card.id,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning();
  await recordCreated(tx, { depositId: deposit!.id }, input.userId, 'deposit by card', input.now);
  const intent = await recordChargeIntent(tx, {
    userId: input.userId,
    card,
    totalCents: charge.totalCents,
    feeCents: charge.feeCents,
    depositId: deposit!.id,
    key: input.key,
    now: input.now,
  });
  return { chargeId: intent.id };
}

async function lockDeposit(tx: Tx, depositId: string): Promise<Deposit> {
  const [deposit] = await tx.select().from(deposits).where(eq(deposits.id, depositId)).for('update');
  if (!deposit) throw new Error(`deposit ${depositId} is missing`);
  return deposit;
}

export async function depositAuthorised(tx: Tx, charge: Charge, _auth: Extract<Authorisation, { outcome: 'authorised' }>, now: Date): Promise<Answer> {
  let deposit = await lockDeposit(tx, charge.depositId!);
  deposit = await transitionDeposit(tx, deposit, { type: 'AUTHORISED', role: 'system' }, null, now, 'card authorised');
  await scheduleCapture(tx, charge, now);
  return { status: 201, body: { data: [await depositView(tx, deposit)] } };
}

export async function depositDeclined(tx: Tx, charge: Charge, declineCode: string, now: Date): Promise<Answer> {
  const deposit = await lockDeposit(tx, charge.depositId!);
  await transitionDeposit(tx, deposit, { type: 'FAILED', role: 'system' }, null, now, `card declined: ${declineCode}`, { failureCode: declineCode });
  return { problem: cardDeclinedProblem(declineCode) };
}

export async function depositCaptured(tx: Tx, charge: Charge, now: Date): Promise<void> {
  const deposit = await lockDeposit(tx, charge.depositId!);
  await transitionDeposit(tx, deposit, { type: 'CAPTURED', role: 'system' }, null, now, 'card captured');
  await postEntry(tx, {
    kind: 'card_deposit',
    description: `deposit ${deposit.id}`,
    createdAt: now,
    postings: [
      { account: { system: 'card_clearing' }, amountCents: -(deposit.amountCents + deposit.feeCents) },
      { account: { wallet: deposit.userId }, amountCents: deposit.amountCents },
      ...(deposit.feeCents > 0 ? [{ account: { system: 'fee_revenue' } as const, amountCents: deposit.feeCents }] : []),
    ],
  });
}

export async function depositCaptureRefused(tx: Tx, charge: Charge, code: CaptureRefusal, now: Date): Promise<void> {
  const deposit = await lockDeposit(tx, charge.depositId!);
  await transitionDeposit(tx, deposit, { type: 'FAILED', role: 'system' }, null, now, `capture refused: ${code}`, { failureCode: code });
}

// ---- USDT deposits

/** The user's deposit address: asked of the network provider once (outside any transaction), then kept. */
export async function usdtAddressOf(db: Db, network: UsdtNetwork, userId: string, now: Date): Promise<string> {
  const [known] = await db.select().from(usdtAddresses).where(eq(usdtAddresses.userId, userId));
  if (known) return known.address;
  const address = await network.depositAddress(userId);
  await db.insert(usdtAddresses).values({ userId, address, network: network.network, createdAt: now }).onConflictDoNothing();
  const [row] = await db.select().from(usdtAddresses).where(eq(usdtAddresses.userId, userId));
  return row!.address;
}

const usdtTransferUnknown = () => new DomainError('usdt_transfer_unknown');

/**
 * A transfer arrived at one of our addresses (the provider's notice, or the sandbox's simulation): the network is
 * asked what it is (outside any transaction), then the deposit is recorded `created` with a `usdt_confirm` job.
 * Idempotent by transaction hash: a repeated notice finds the same deposit.
 */
export async function noticeUsdtTransfer(db: Db, network: UsdtNetwork, txHash: string, now: Date): Promise<Deposit> {
  const transfer = await network.transfer(txHash);
  if (!transfer || transfer.amountCents <= 0) throw usdtTransferUnknown();
  const [owner] = await db.select().from(usdtAddresses).where(eq(usdtAddresses.address, transfer.address));
  if (!owner) throw usdtTransferUnknown();
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(deposits)
      .values({
        id: randomUUID(),
        userId: owner.userId,
        method: 'usdt',
        status: 'created',
        amountCents: transfer.amountCents,
        feeCents: 0,
        usdtTxHash: transfer.txHash,
        usdtAddress: transfer.address,
        confirmations: transfer.confirmations,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: deposits.usdtTxHash })
      .returning();
    if (!inserted) {
      const [existing] = await tx.select().from(deposits).where(eq(deposits.usdtTxHash, transfer.txHash));
      return existing!;
    }
    await recordCreated(tx, { depositId: inserted.id }, null, `USDT transfer ${transfer.txHash} seen`, now);
    await enqueueJob(tx, 'usdt_confirm', { depositId: inserted.id }, now, now);
    return inserted;
  });
}

/** The usdt_confirm job, step 1: which transfer to ask about (null: the deposit is settled already). */
export async function usdtToConfirm(tx: Tx, depositId: string): Promise<{ txHash: string } | null> {
  const [deposit] = await tx.select().from(deposits).where(eq(deposits.id, depositId)).for('update');
  if (!deposit || deposit.method !== 'usdt' || !PENDING_DEPOSIT_STATUSES.includes(deposit.status)) return null;
  return { txHash: deposit.usdtTxHash! };
}

/** The usdt_confirm job, step 3: records what the network said; looks again later until the transfer is final. */
export async function applyUsdtConfirmations(
  tx: Tx,
  depositId: string,
  transfer: UsdtTransfer | null,
  required: number,
  now: Date,
): Promise<{ retryAt: Date } | void> {
  let deposit = await lockDeposit(tx, depositId);
  if (!PENDING_DEPOSIT_STATUSES.includes(deposit.status)) return;
  if (!transfer || transfer.state === 'dropped') {
    const code = transfer ? 'usdt_dropped' : 'usdt_unknown_transaction';
    await transitionDeposit(tx, deposit, { type: 'FAILED', role: 'system' }, null, now, 'the network dropped the transfer', { failureCode: code });
    return;
  }
  if (transfer.amountCents !== deposit.amountCents || transfer.address !== deposit.usdtAddress) {
    throw new Error(`USDT transfer ${transfer.txHash} no longer matches deposit ${deposit.id}`);
  }
  if (deposit.status === 'created' && transfer.confirmations >= 1) {
    deposit = await transitionDeposit(tx, deposit, { type: 'CONFIRMING', role: 'system' }, null, now, `${transfer.confirmations} confirmations`, {
      confirmations: transfer.confirmations,
    });
  }
  if (deposit.status === 'processing' && transfer.state === 'confirmed' && transfer.confirmations >= required) {
    await transitionDeposit(tx, deposit, { type: 'CONFIRMED', role: 'system' }, null, now, `${transfer.confirmations} confirmations: final`, {
      confirmations: transfer.confirmations,
    });
    await postEntry(tx, {
      kind: 'usdt_deposit',
      description: `deposit ${deposit.id} (${transfer.txHash})`,
      createdAt: now,
      postings: [
        { account: { system: 'usdt_clearing' }, amountCents: -deposit.amountCents },
        { account: { wallet: deposit.userId }, amountCents: deposit.amountCents },
      ],
    });
    return;
  }
  if (deposit.confirmations !== transfer.confirmations) {
    await tx.update(deposits).set({ confirmations: transfer.confirmations, updatedAt: now }).where(eq(deposits.id, deposit.id));
  }
  return { retryAt: new Date(now.getTime() + USDT_POLL_MS) };
}

// ---- Reading

export async function depositView(db: Reader, deposit: Deposit, requiredConfirmations?: number) {
  let card: { id: string; brand: string; last4: string } | null = null;
  if (deposit.cardId) {
    const [row] = await db.select({ id: cards.id, brand: cards.brand, last4: cards.last4 }).from(cards).where(eq(cards.id, deposit.cardId));
    card = row ?? null;
  }
  const total = deposit.amountCents + deposit.feeCents;
  return {
    id: deposit.id,
    payment_id: deposit.id,
    created_at: deposit.createdAt.toISOString(),
    updated_at: deposit.updatedAt.toISOString(),
    status: deposit.status,
    method: deposit.method,
    charged_type: deposit.method,
    amount: formatAmount(deposit.amountCents),
    fee: formatAmount(deposit.feeCents),
    total: formatAmount(total),
    charged_amount: formatAmount(total),
    card,
    usdt:
      deposit.method === 'usdt'
        ? {
            address: deposit.usdtAddress!,
            tx_hash: deposit.usdtTxHash!,
            confirmations: deposit.confirmations ?? 0,
            required_confirmations: requiredConfirmations ?? null,
          }
        : null,
    failure_code: deposit.failureCode,
  };
}

/** One of the caller's deposits by id or by its createdAt (the spec names them by date); anyone else's → 404. */
export async function findDeposit(db: Reader, userId: string, ref: string): Promise<Deposit> {
  const byId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(ref);
  const at = byId ? null : Date.parse(ref);
  if (!byId && (at === null || Number.isNaN(at))) throw depositNotFound();
  const [deposit] = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.userId, userId), byId ? eq(deposits.id, ref) : eq(deposits.createdAt, new Date(at!))))
    .orderBy(desc(deposits.id))
    .limit(1);
  if (!deposit) throw depositNotFound();
  return deposit;
}

export async function depositDetails(db: Reader, deposit: Deposit, requiredConfirmations: number) {
  return { data: [await depositView(db, deposit, requiredConfirmations)], events: await trailOfTransfer(db, { depositId: deposit.id }) };
}

export interface TransferListQuery {
  startPage: number;
  endPage: number;
  status: 'all' | 'pending' | 'complete' | 'failed';
}

export async function listDeposits(db: Reader, userId: string, q: TransferListQuery, requiredConfirmations: number) {
  const conditions: SQL[] = [eq(deposits.userId, userId)];
  if (q.status === 'pending') conditions.push(inArray(deposits.status, [...PENDING_DEPOSIT_STATUSES]));
  if (q.status === 'complete') conditions.push(eq(deposits.status, 'complete'));
  if (q.status === 'failed') conditions.push(eq(deposits.status, 'failed'));
  const where = and(...conditions);
  const [counted] = await db.select({ n: count() }).from(deposits).where(where);
  const rows = await db
    .select()
    .from(deposits)
    .where(where)
    .orderBy(desc(deposits.createdAt), desc(deposits.id))
    .limit((q.endPage - q.startPage + 1) * DEPOSIT_PAGE_SIZE)
    .offset((q.startPage - 1) * DEPOSIT_PAGE_SIZE);
  const results = [];
  for (const row of rows) results.push(await depositView(db, row, requiredConfirmations));
  return { totalPages: Math.ceil(Number(counted?.n ?? 0) / DEPOSIT_PAGE_SIZE), results };
}
