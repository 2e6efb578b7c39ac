import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { formatAmount } from '../../domain/money/amount';
import { walletOf } from './wallet';

/**
 * Money at a glance (issue 26.1): a user's money in and out by local day (last 30 days) or ISO week (last 26 weeks),
 * with the period's totals, summed in SQL from the ledger. Definitions (docs/money.md, "Money at a glance"):
 * - money in / out: the postings that added to / took from the user's wallet (a statement's money in and out);
 * - received: money in from other people's payments (transfer, card_capture, capture); orders: the capture part;
 *   tips: the rest of received — both for a creator only (someone with a price point);
 * - sent: what reached others from payments the user sent (by balance or by card: a card payment never touches
 *   the payer's wallet, so it is read through the payment), at the moment it reached them;
 * - fees: the fee revenue of entries the user paid for (their card deposits, the payments they sent), as
 *   statement.ts's feeOf reads it;
 * - withdrawn: money out by withdrawals created in the period (one cancelled or returned comes back as money in);
 * - held: now, not over the period: the user's open balance holds (the wallet's `held`).
 */
const SUMMARY_PERIODS = {
  '30d': { unit: 'day', count: 30 },
  '26w': { unit: 'week', count: 26 },
} as const;

export type SummaryPeriod = keyof typeof SUMMARY_PERIODS;

/**
 * Past this many rows of wallet_totals that could be merged (more than one row for a quarter), the reader merges the
 * user's rows (wallet_totals_compact), so a summary keeps reading about one row per quarter with money.
 */
const COMPACT_AFTER_LOOSE_ROWS = 256;

interface BucketRow {
  local_date: string;
  start_at: Date | string;
  end_at: Date | string;
  money_in: string;
  money_out: string;
  received: string;
  orders: string;
  withdrawn: string;
  sent: string;
  fees: string;
  loose: string;
  creator: boolean | string;
}

/**
 * The summary in `timeZone` (already checked with validTimeZone), in one statement (one snapshot): every bucket with
 * its UTC bounds and sums, the period's bounds being the first bucket's start and the last one's end. The sums come
 * from the quarter-hour totals of migration 0031 when every bucket bound is a quarter hour in UTC (every zone offset
 * in use is a multiple of 15 minutes); otherwise (a historical offset such as -00:44:30) from the user's journal
 * entries themselves, through the same definition (wallet_totals_of), so the figures are exact either way.
 */
export async function moneySummary(database: Database, userId: string, period: SummaryPeriod, timeZone: string, now: Date) {
  const { unit, count } = SUMMARY_PERIODS[period];
  // The unit is one of two constants, never the caller's text.
  const step = sql.raw(`interval '1 ${unit}'`);
  // JIT off: the planner cannot know the quarters' range of each bucket before the zone is applied, so it guesses
  // thousands of rows per bucket and, past jit_above_cost, compiled the statement: ~0.3–2 s of LLVM for a read of
  // milliseconds (measured at 200,000 movements). SET LOCAL lasts for this transaction only.
  const buckets = await database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL jit = off`);
    return ((await tx.execute(sql`
    WITH last AS (SELECT date_trunc(${unit}, ${now.toISOString()}::timestamptz AT TIME ZONE ${timeZone}) AS local_start),
    series AS (SELECT local_start - n * ${step} AS local_start FROM last, generate_series(0, ${count - 1}::int) AS n),
    b AS (
      SELECT s.local_start, s.local_start AT TIME ZONE ${timeZone} AS start_at, (s.local_start + ${step}) AT TIME ZONE ${timeZone} AS end_at
      FROM series s
    ),
    shape AS (
      SELECT min(start_at) AS start_at, max(end_at) AS end_at,
        bool_and(extract(epoch FROM start_at) % 900 = 0 AND extract(epoch FROM end_at) % 900 = 0) AS aligned
      FROM b
    ),
    quarters AS (
      SELECT b.local_start, t.quarter, t.money_in, t.money_out, t.received, t.orders, t.withdrawn, t.sent, t.fees
      FROM b JOIN wallet_totals t ON t.user_id = ${userId}
        AND t.quarter >= wallet_quarter(b.start_at) AND t.quarter < wallet_quarter(b.end_at)
      WHERE (SELECT aligned FROM shape)
    ),
    entries AS (
      SELECT e.id, e.created_at FROM postings p JOIN journal_entries e ON e.id = p.entry_id
      WHERE NOT (SELECT aligned FROM shape)
        AND p.account_id = (SELECT id FROM ledger_accounts WHERE kind = 'user_wallet' AND user_id = ${userId})
        AND e.created_at >= (SELECT start_at FROM shape) AND e.created_at < (SELECT end_at FROM shape)
      UNION
      SELECT e.id, e.created_at FROM payments pay JOIN journal_entries e ON e.payment_id = pay.id
      WHERE NOT (SELECT aligned FROM shape) AND pay.sender_user_id = ${userId}
        AND e.created_at >= (SELECT start_at FROM shape) AND e.created_at < (SELECT end_at FROM shape)
    ),
    ledger AS (
      SELECT b.local_start, NULL::integer AS quarter, x.money_in, x.money_out, x.received, x.orders, x.withdrawn, x.sent, x.fees
      FROM entries en CROSS JOIN LATERAL wallet_totals_of(en.id) x
      JOIN b ON en.created_at >= b.start_at AND en.created_at < b.end_at
      WHERE x.user_id = ${userId}
    ),
    moved AS (SELECT * FROM quarters UNION ALL SELECT * FROM ledger)
    SELECT to_char(b.local_start, 'YYYY-MM-DD') AS local_date, b.start_at, b.end_at,
      coalesce(sum(m.money_in), 0) AS money_in, coalesce(sum(m.money_out), 0) AS money_out,
      coalesce(sum(m.received), 0) AS received, coalesce(sum(m.orders), 0) AS orders,
      coalesce(sum(m.withdrawn), 0) AS withdrawn, coalesce(sum(m.sent), 0) AS sent, coalesce(sum(m.fees), 0) AS fees,
      count(m.quarter) - count(DISTINCT m.quarter) AS loose,
      EXISTS (SELECT 1 FROM price_points pp WHERE pp.creator_user_id = ${userId}) AS creator
    FROM b LEFT JOIN moved m ON m.local_start = b.local_start
    GROUP BY b.local_start, b.start_at, b.end_at ORDER BY b.local_start`)) as unknown as { rows: BucketRow[] }).rows;
  });
  const total = (field: Exclude<keyof BucketRow, 'local_date' | 'start_at' | 'end_at' | 'creator'>) =>
    buckets.reduce((sum, b) => sum + Number(b[field]), 0);
  if (total('loose') > COMPACT_AFTER_LOOSE_ROWS) await database.rows(sql`SELECT wallet_totals_compact(${userId}::uuid)`);
  const held = (await walletOf(database.db, userId)).heldCents;
  const creator = buckets[0]!.creator === true || buckets[0]!.creator === 't';
  const received = total('received');
  const orders = total('orders');
  return {
    period,
    unit,
    time_zone: timeZone,
    period_start: new Date(buckets[0]!.start_at).toISOString(),
    period_end: new Date(buckets.at(-1)!.end_at).toISOString(),
    creator,
    buckets: buckets.map((b) => ({ date: b.local_date, money_in: formatAmount(Number(b.money_in)), money_out: formatAmount(Number(b.money_out)) })),
    totals: {
      money_in: formatAmount(total('money_in')),
      money_out: formatAmount(total('money_out')),
      received: formatAmount(received),
      sent: formatAmount(total('sent')),
      fees: formatAmount(total('fees')),
      withdrawn: formatAmount(total('withdrawn')),
      held: formatAmount(held),
      orders: creator ? formatAmount(orders) : null,
      tips: creator ? formatAmount(received - orders) : null,
    },
  };
}
