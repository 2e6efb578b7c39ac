import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';

const FIELDS = ['money_in', 'money_out', 'received', 'orders', 'withdrawn', 'sent', 'fees'] as const;

/**
 * The money summary's quarter-hour totals (wallet_totals, migration 0031) against the ledger: every user's quarter,
 * summed over its rows, equals what the journal entries of that quarter mean to the user (wallet_totals_of, the
 * trigger's own definition, recomputed from every entry). A drift — a row edited or deleted by hand, an entry the
 * trigger did not see — is named with the user, the quarter and each figure that differs.
 */
export async function walletTotalsBreaches(database: Database): Promise<string[]> {
  const rows = await database.rows<Record<string, string | null>>(sql`
    WITH ledger AS (
      SELECT t.user_id, wallet_quarter(e.created_at) AS quarter,
        sum(t.money_in) AS money_in, sum(t.money_out) AS money_out, sum(t.received) AS received, sum(t.orders) AS orders,
        sum(t.withdrawn) AS withdrawn, sum(t.sent) AS sent, sum(t.fees) AS fees
      FROM journal_entries e CROSS JOIN LATERAL wallet_totals_of(e.id) t
      GROUP BY t.user_id, wallet_quarter(e.created_at)
    ),
    kept AS (
      SELECT user_id, quarter, sum(money_in) AS money_in, sum(money_out) AS money_out, sum(received) AS received,
        sum(orders) AS orders, sum(withdrawn) AS withdrawn, sum(sent) AS sent, sum(fees) AS fees
      FROM wallet_totals GROUP BY user_id, quarter
    )
    SELECT coalesce(l.user_id, k.user_id) AS user_id, coalesce(l.quarter, k.quarter) AS quarter,
      ${sql.join(
        FIELDS.map((f) => sql`coalesce(${sql.raw(`l.${f}`)}, 0) AS ${sql.raw(`ledger_${f}`)}, coalesce(${sql.raw(`k.${f}`)}, 0) AS ${sql.raw(`kept_${f}`)}`),
        sql`, `,
      )}
    FROM ledger l FULL JOIN kept k ON k.user_id = l.user_id AND k.quarter = l.quarter
    WHERE ${sql.join(
      FIELDS.map((f) => sql`coalesce(${sql.raw(`l.${f}`)}, 0) <> coalesce(${sql.raw(`k.${f}`)}, 0)`),
      sql` OR `,
    )}
    ORDER BY 1, 2`);
  return rows.map((r) => {
    const at = new Date(Number(r.quarter) * 900_000).toISOString();
    const differ = FIELDS.filter((f) => Number(r[`ledger_${f}`]) !== Number(r[`kept_${f}`])).map(
      (f) => `${f} ${r[`kept_${f}`]} kept, ${r[`ledger_${f}`]} in the ledger`,
    );
    return `wallet totals of ${r.user_id} for the quarter hour from ${at}: ${differ.join('; ')}`;
  });
}
