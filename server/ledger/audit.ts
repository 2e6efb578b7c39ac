import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';

/**
 * Checks the ledger's invariants over the whole database and returns what is wrong (empty = healthy):
 * every entry sums to zero, all postings sum to zero, every cached balance equals the sum of its postings,
 * no wallet is negative, escrow holds exactly the open balance holds, and the clearing and fee accounts reconcile
 * with the withdrawals, USDT deposits and completed card payments and deposits they stand for. Used by the tests after every step
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

  // The system accounts reconcile with what they stand for:
  // - payout_clearing holds every withdrawal that left a wallet and was not given back (created, processing, complete);
  // - usdt_clearing is minus every USDT deposit credited;
  // - fee_revenue is every fee of a completed card payment or card deposit (fees are taken at capture only).
  const [recon] = await database.rows<Record<string, string>>(sql`
    SELECT
      (SELECT balance_cents FROM ledger_accounts WHERE kind = 'payout_clearing' AND user_id IS NULL) AS payout_clearing,
      (SELECT coalesce(sum(amount_cents), 0) FROM withdrawals WHERE status IN ('created', 'processing', 'complete')) AS withdrawn,
      (SELECT balance_cents FROM ledger_accounts WHERE kind = 'usdt_clearing' AND user_id IS NULL) AS usdt_clearing,
      (SELECT coalesce(sum(amount_cents), 0) FROM deposits WHERE method = 'usdt' AND status = 'complete') AS usdt_in,
      (SELECT balance_cents FROM ledger_accounts WHERE kind = 'fee_revenue' AND user_id IS NULL) AS fee_revenue,
      (SELECT coalesce(sum(fee_cents), 0) FROM payments WHERE status = 'complete') +
        (SELECT coalesce(sum(fee_cents), 0) FROM deposits WHERE status = 'complete') AS fees_earned,
      (SELECT count(*) FROM card_charges c JOIN payments p ON p.id = c.payment_id
        WHERE c.status = 'captured' AND p.status <> 'complete') AS captured_not_complete`);
  if (recon) {
    if (Number(recon.payout_clearing) !== Number(recon.withdrawn)) {
      problems.push(`payout_clearing holds ${recon.payout_clearing} but withdrawals not returned are ${recon.withdrawn}`);
    }
    if (Number(recon.usdt_clearing) !== -Number(recon.usdt_in)) {
      problems.push(`usdt_clearing is ${recon.usdt_clearing} but USDT deposits credited are ${recon.usdt_in}`);
    }
    if (Number(recon.fee_revenue) !== Number(recon.fees_earned)) {
      problems.push(`fee_revenue is ${recon.fee_revenue} but the fees of completed payments and deposits are ${recon.fees_earned}`);
    }
    if (Number(recon.captured_not_complete) !== 0) problems.push(`${recon.captured_not_complete} captured card charges belong to payments not complete`);
  }
  return problems;
}
