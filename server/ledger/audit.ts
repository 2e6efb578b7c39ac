import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';

/**
 * Checks the ledger's invariants over the whole database and returns what is wrong (empty = healthy):
 * every entry sums to zero, all postings sum to zero, every cached balance equals the sum of its postings,
 * no wallet is negative, and escrow holds exactly the open balance holds. Used by the tests after every step
 * and by anyone auditing (docs/money.md).
 */
export async function auditLedger(database: Database): Promise<string[]> {
  const problems: string[] = [];
  const unbalanced = await database.rows<{ entry_id: string; total: string }>(
    sql`SELECT entry_id, sum(amount_cents) AS total FROM postings GROUP BY entry_id HAVING sum(amount_cents) <> 0`,
  );
  for (const r of unbalanced) problems.push(`entry ${r.entry_id} sums to ${r.total}`);
  const [total] = await database.rows<{ total: string }>(sql`SELECT coalesce(sum(amount_cents), 0) AS total FROM postings`);
  if (Number(total?.total) !== 0) problems.push(`all postings sum to ${total?.total}`);
  const drift = await database.rows<{ id: string; balance_cents: string; posted: string }>(sql`
    SELECT a.id, a.balance_cents, coalesce(p.posted, 0) AS posted
    FROM ledger_accounts a LEFT JOIN (SELECT account_id, sum(amount_cents) AS posted FROM postings GROUP BY account_id) p
      ON p.account_id = a.id
    WHERE a.balance_cents <> coalesce(p.posted, 0)`);
  for (const r of drift) problems.push(`account ${r.id} caches ${r.balance_cents} but its postings sum to ${r.posted}`);
  const negative = await database.rows<{ id: string; balance_cents: string }>(
    sql`SELECT id, balance_cents FROM ledger_accounts WHERE kind = 'user_wallet' AND balance_cents < 0`,
  );
  for (const r of negative) problems.push(`wallet ${r.id} is negative: ${r.balance_cents}`);
  const [escrow] = await database.rows<{ escrow: string; held: string }>(sql`
    SELECT (SELECT balance_cents FROM ledger_accounts WHERE kind = 'escrow' AND user_id IS NULL) AS escrow,
           (SELECT coalesce(sum(amount_cents), 0) FROM holds WHERE status = 'open' AND source = 'balance') AS held`);
  if (Number(escrow?.escrow) !== Number(escrow?.held)) problems.push(`escrow holds ${escrow?.escrow} but open balance holds are ${escrow?.held}`);
  return problems;
}
