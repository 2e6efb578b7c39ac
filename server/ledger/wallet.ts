import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { holds, ledgerAccounts } from '../db/schema/index';

export interface WalletView {
  /** available + held: everything that is still the user's. */
  balanceCents: number;
  /** What the user can spend or withdraw now: the wallet account's balance. */
  availableCents: number;
  /** Set aside for price-point payments awaiting the creator's reply (in escrow, returned if not claimed). */
  heldCents: number;
}

/** A read: it never creates the wallet (a user who never moved money has 0 everywhere). */
export async function walletOf(db: Db, userId: string): Promise<WalletView> {
  const [account] = await db
    .select({ balanceCents: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, 'user_wallet'), eq(ledgerAccounts.userId, userId)));
  const [held] = await db
    .select({ cents: sql<string>`coalesce(sum(${holds.amountCents}), 0)` })
    .from(holds)
    .where(and(eq(holds.userId, userId), eq(holds.status, 'open'), eq(holds.source, 'balance')));
  const availableCents = account?.balanceCents ?? 0;
  const heldCents = Number(held?.cents ?? 0);
  return { availableCents, heldCents, balanceCents: availableCents + heldCents };
}
