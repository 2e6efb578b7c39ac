import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { journalEntries, ledgerAccounts, postings, type SystemAccountKind } from '../db/schema/index';
import type { Tx } from './types';

/**
 * The one way money moves: `postEntry(tx, …)` writes one journal entry whose postings sum to zero and updates the
 * cached balances of the accounts it touches, all inside the caller's transaction (the same one as the status
 * change that caused it). Accounts are locked with one `SELECT … FOR UPDATE` ordered by account id, so two
 * transactions touching the same accounts always lock them in the same order and cannot deadlock; the
 * no-negative-wallet rule is checked under those locks (READ COMMITTED, no retries needed).
 */
type AccountRef = { wallet: string } | { system: SystemAccountKind };

interface PostingInput {
  account: AccountRef;
  /** Positive adds to the account's balance, negative takes from it. */
  amountCents: number;
}

export interface EntryInput {
  /** What kind of movement: 'transfer', 'hold', 'capture', 'release', 'funding', … (free text, for audit). */
  kind: string;
  paymentId?: string | null;
  description?: string | null;
  createdAt: Date;
  postings: PostingInput[];
}

export interface PostedEntry {
  entryId: number;
  /** The balance of every touched account after the entry, by account id. */
  balances: Map<number, number>;
}

export class UnbalancedEntryError extends Error {}

/** A wallet would go below zero: nothing was written (the caller's transaction should roll back). */
export class InsufficientFundsError extends Error {
  constructor(
    readonly userId: string,
    readonly availableCents: number,
    readonly requiredCents: number,
  ) {
    super(`wallet of ${userId} has ${availableCents} cents, ${requiredCents} needed`);
  }
}

async function rowsOf<T>(tx: Tx, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

function keyOf(ref: AccountRef): string {
  return 'wallet' in ref ? `wallet:${ref.wallet}` : `system:${ref.system}`;
}

function checkBalanced(items: PostingInput[]): void {
  if (items.length < 2) throw new UnbalancedEntryError('an entry needs at least two postings');
  let total = 0;
  for (const p of items) {
    if (!Number.isSafeInteger(p.amountCents) || p.amountCents === 0) {
      throw new UnbalancedEntryError(`posting amounts are non-zero integers of cents, got ${p.amountCents}`);
    }
    total += p.amountCents;
  }
  if (total !== 0) throw new UnbalancedEntryError(`postings sum to ${total}, not 0`);
}

interface LockedAccount {
  id: number;
  kind: string;
  userId: string | null;
  balanceCents: number;
}

async function lockAccounts(tx: Tx, userIds: string[], systemKinds: SystemAccountKind[]): Promise<LockedAccount[]> {
  const conditions = [];
  if (userIds.length) conditions.push(and(eq(ledgerAccounts.kind, 'user_wallet'), inArray(ledgerAccounts.userId, userIds)));
  if (systemKinds.length) conditions.push(and(isNull(ledgerAccounts.userId), inArray(ledgerAccounts.kind, systemKinds)));
  return tx
    .select({
      id: ledgerAccounts.id,
      kind: ledgerAccounts.kind,
      userId: ledgerAccounts.userId,
      balanceCents: ledgerAccounts.balanceCents,
    })
    .from(ledgerAccounts)
    .where(or(...conditions))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
}

/** Creates the wallets that do not exist yet (a wallet is made at a user's first movement of money). */
async function ensureWallets(tx: Tx, userIds: string[], now: Date): Promise<void> {
  if (userIds.length === 0) return;
  await tx
    .insert(ledgerAccounts)
    .values(userIds.map((userId) => ({ kind: 'user_wallet' as const, userId, createdAt: now })))
    .onConflictDoNothing({ target: [ledgerAccounts.userId, ledgerAccounts.kind] });
}

export async function postEntry(tx: Tx, input: EntryInput): Promise<PostedEntry> {
  checkBalanced(input.postings);

  const deltas = new Map<string, number>();
  for (const p of input.postings) deltas.set(keyOf(p.account), (deltas.get(keyOf(p.account)) ?? 0) + p.amountCents);
  const userIds = [...new Set(input.postings.flatMap((p) => ('wallet' in p.account ? [p.account.wallet] : [])))].sort();
  const systemKinds = [...new Set(input.postings.flatMap((p) => ('system' in p.account ? [p.account.system] : [])))];

  // Wallets are created (at a user's first movement) before any lock is taken, so that waiting on another
  // transaction's new wallet never happens while holding account locks; then one ordered locking statement.
  if (userIds.length) {
    const existing = await tx
      .select({ userId: ledgerAccounts.userId })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.kind, 'user_wallet'), inArray(ledgerAccounts.userId, userIds)));
    if (existing.length < userIds.length) {
      await ensureWallets(tx, userIds.filter((u) => !existing.some((a) => a.userId === u)), input.createdAt);
    }
  }
  const locked = await lockAccounts(tx, userIds, systemKinds);
  const byKey = new Map(locked.map((a) => [a.userId ? `wallet:${a.userId}` : `system:${a.kind}`, a]));
  for (const key of deltas.keys()) if (!byKey.has(key)) throw new Error(`ledger account ${key} does not exist`);

  // The rule a user's money lives by, decided under the locks: no wallet below zero.
  for (const [key, delta] of deltas) {
    const account = byKey.get(key)!;
    if (account.kind === 'user_wallet' && delta < 0 && account.balanceCents + delta < 0) {
      throw new InsufficientFundsError(account.userId!, account.balanceCents, -delta);
    }
  }

  // One statement writes the entry, its postings and the new cached balances (one round trip under the locks).
  const postingRows = sql.join(
    input.postings.map((p) => sql`(${byKey.get(keyOf(p.account))!.id}::bigint, ${p.amountCents}::bigint)`),
    sql`, `,
  );
  const changes = [...deltas].filter(([, d]) => d !== 0).map(([key, delta]) => ({ id: byKey.get(key)!.id, delta }));
  const balanceRows = changes.length
    ? sql.join(
        changes.map((c) => sql`(${c.id}::bigint, ${c.delta}::bigint)`),
        sql`, `,
      )
    : sql`(0::bigint, 0::bigint)`;
  const [written] = await rowsOf<{ id: string | number }>(
    tx,
    sql`WITH entry AS (
          INSERT INTO ${journalEntries} (kind, payment_id, description, created_at)
          VALUES (${input.kind}, ${input.paymentId ?? null}, ${input.description ?? null}, ${input.createdAt.toISOString()}::timestamptz)
          RETURNING id
        ),
        written AS (
          INSERT INTO ${postings} (entry_id, account_id, amount_cents)
          SELECT entry.id, p.account_id, p.amount_cents FROM entry, (VALUES ${postingRows}) AS p(account_id, amount_cents)
        ),
        balances AS (
          UPDATE ${ledgerAccounts} AS a SET balance_cents = a.balance_cents + d.delta
          FROM (VALUES ${balanceRows}) AS d(id, delta) WHERE a.id = d.id
        )
        SELECT id FROM entry`,
  );
  const entryId = Number(written!.id);
  const balances = new Map<number, number>();
  for (const [key, delta] of deltas) {
    const account = byKey.get(key)!;
    balances.set(account.id, account.balanceCents + delta);
  }
  return { entryId, balances };
}
