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

const RECEIVED_KINDS = sql`('transfer', 'card_capture', 'capture')`;

/** Whether PostgreSQL and Intl know the zone (the route refuses any other with 422 summary_time_zone_invalid). */
export function validTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The summary in `timeZone` (already checked with validTimeZone). */
export async function moneySummary(database: Database, userId: string, period: SummaryPeriod, timeZone: string, now: Date) {
  const { unit, count } = SUMMARY_PERIODS[period];
  // The unit is one of two constants, never the caller's text.
  const step = sql.raw(`interval '1 ${unit}'`);
  const nowText = now.toISOString();
  // The buckets' local starts (generate_series: empty ones too), then each bucket's wallet postings.
  const buckets = await database.rows<{ local_date: string; money_in: string; money_out: string }>(sql`
    WITH last AS (SELECT date_trunc(${unit}, ${nowText}::timestamptz AT TIME ZONE ${timeZone}) AS local_start),
    series AS (
      SELECT generate_series(local_start - ${count - 1} * ${step}, local_start, ${step}) AS local_start FROM last
    ),
    bounds AS (
      SELECT min(local_start) AT TIME ZONE ${timeZone} AS start_at, (max(local_start) + ${step}) AT TIME ZONE ${timeZone} AS end_at FROM series
    ),
    mine AS (
      SELECT p.amount_cents, date_trunc(${unit}, e.created_at AT TIME ZONE ${timeZone}) AS local_start FROM postings p
      JOIN journal_entries e ON e.id = p.entry_id
      WHERE p.account_id = (SELECT id FROM ledger_accounts WHERE kind = 'user_wallet' AND user_id = ${userId})
        AND e.created_at >= (SELECT start_at FROM bounds) AND e.created_at < (SELECT end_at FROM bounds)
    )
    SELECT to_char(s.local_start, 'YYYY-MM-DD') AS local_date,
      coalesce(sum(m.amount_cents) FILTER (WHERE m.amount_cents > 0), 0) AS money_in,
      coalesce(-sum(m.amount_cents) FILTER (WHERE m.amount_cents < 0), 0) AS money_out
    FROM series s LEFT JOIN mine m ON m.local_start = s.local_start
    GROUP BY s.local_start ORDER BY s.local_start`);
  const [bounds] = await database.rows<{ start_at: Date | string; end_at: Date | string }>(sql`
    SELECT (${buckets[0]!.local_date}::timestamp AT TIME ZONE ${timeZone}) AS start_at,
           ((${buckets.at(-1)!.local_date}::timestamp + ${step}) AT TIME ZONE ${timeZone}) AS end_at`);
  const start = new Date(bounds!.start_at).toISOString();
  const end = new Date(bounds!.end_at).toISOString();
  const [t] = await database.rows<Record<string, string | boolean>>(sql`
    WITH mine AS (
      SELECT p.entry_id, p.amount_cents, e.kind, e.payment_id FROM postings p
      JOIN journal_entries e ON e.id = p.entry_id
      WHERE p.account_id = (SELECT id FROM ledger_accounts WHERE kind = 'user_wallet' AND user_id = ${userId})
        AND e.created_at >= ${start}::timestamptz AND e.created_at < ${end}::timestamptz
    ),
    sent_entries AS (
      SELECT e.id FROM payments pay JOIN journal_entries e ON e.payment_id = pay.id
      WHERE pay.sender_user_id = ${userId} AND e.kind IN ${RECEIVED_KINDS}
        AND e.created_at >= ${start}::timestamptz AND e.created_at < ${end}::timestamptz
    ),
    paid_entries AS (
      SELECT entry_id AS id FROM mine WHERE payment_id IS NULL AND amount_cents > 0
      UNION SELECT id FROM sent_entries
    )
    SELECT
      (SELECT coalesce(sum(amount_cents) FILTER (WHERE amount_cents > 0), 0) FROM mine) AS money_in,
      (SELECT coalesce(-sum(amount_cents) FILTER (WHERE amount_cents < 0), 0) FROM mine) AS money_out,
      (SELECT coalesce(sum(amount_cents), 0) FROM mine WHERE amount_cents > 0 AND kind IN ${RECEIVED_KINDS}) AS received,
      (SELECT coalesce(sum(amount_cents), 0) FROM mine WHERE amount_cents > 0 AND kind = 'capture') AS orders,
      (SELECT coalesce(-sum(amount_cents), 0) FROM mine WHERE kind = 'withdrawal') AS withdrawn,
      (SELECT coalesce(sum(p.amount_cents), 0) FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
        WHERE p.entry_id IN (SELECT id FROM sent_entries) AND a.kind = 'user_wallet' AND a.user_id <> ${userId} AND p.amount_cents > 0) AS sent,
      (SELECT coalesce(sum(f.amount_cents), 0) FROM postings f
        WHERE f.account_id = (SELECT fa.id FROM ledger_accounts fa WHERE fa.kind = 'fee_revenue' AND fa.user_id IS NULL)
          AND f.entry_id IN (SELECT id FROM paid_entries)) AS fees,
      EXISTS (SELECT 1 FROM price_points pp WHERE pp.creator_user_id = ${userId}) AS creator`);
  const held = (await walletOf(database.db, userId)).heldCents;
  const creator = t!.creator === true || t!.creator === 't';
  const received = Number(t!.received);
  const orders = Number(t!.orders);
  return {
    period,
    unit,
    time_zone: timeZone,
    period_start: start,
    period_end: end,
    creator,
    buckets: buckets.map((b) => ({ date: b.local_date, money_in: formatAmount(Number(b.money_in)), money_out: formatAmount(Number(b.money_out)) })),
    totals: {
      money_in: formatAmount(Number(t!.money_in)),
      money_out: formatAmount(Number(t!.money_out)),
      received: formatAmount(received),
      sent: formatAmount(Number(t!.sent)),
      fees: formatAmount(Number(t!.fees)),
      withdrawn: formatAmount(Number(t!.withdrawn)),
      held: formatAmount(held),
      orders: creator ? formatAmount(orders) : null,
      tips: creator ? formatAmount(received - orders) : null,
    },
  };
}
