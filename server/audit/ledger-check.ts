import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { auditLedger } from '../ledger/audit';
import { untrailedStatusChanges } from './payment-trail';
import { statementBreaches } from '../ledger/statement';
import { walletTotalsBreaches } from './wallet-totals';

export interface LedgerCheck {
  /** When the check ran. */
  checkedAt: Date;
  /** How much it looked at, so "no breach" is not mistaken for "nothing checked". */
  counted: { entries: number; accounts: number; payments: number };
  /** Every breach, in words; empty = healthy. */
  breaches: string[];
}

/**
 * Every invariant over the whole database: the ledger's own (entries and the whole journal sum to zero, cached
 * balances equal their postings, no negative wallet, escrow equals open holds — server/ledger/audit.ts) and the
 * payments' (every status a payment is in was reached by a trail event), and last month's statement of every wallet
 * (server/ledger/statement.ts), and the money summary's quarter-hour totals against the ledger (./wallet-totals.ts).
 */
export async function checkLedger(database: Database, now: Date = new Date()): Promise<LedgerCheck> {
  const [counts] = await database.rows<{ entries: string; accounts: string; payments: string }>(
    // Counted in one statement so the numbers describe the same moment.
    sql`SELECT (SELECT count(*) FROM journal_entries) AS entries,
      (SELECT count(*) FROM ledger_accounts) AS accounts, (SELECT count(*) FROM payments) AS payments`,
  );
  const breaches = [
    ...(await auditLedger(database)),
    ...(await untrailedStatusChanges(database)),
    ...(await statementBreaches(database, now)),
    ...(await walletTotalsBreaches(database)),
  ];
  return {
    checkedAt: now,
    counted: { entries: Number(counts?.entries ?? 0), accounts: Number(counts?.accounts ?? 0), payments: Number(counts?.payments ?? 0) },
    breaches,
  };
}
