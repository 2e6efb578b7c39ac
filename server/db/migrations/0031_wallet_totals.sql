-- Money at a glance without reading every movement (issue 26, docs/money.md "Money at a glance",
-- docs/performance.md "Money summary from quarter-hour totals"). The summary used to sum a wallet's postings over the
-- period (every posting of the wallet was read and joined to its entry: ~1.2 s at 200,000 movements). Now each
-- journal entry adds, once, what it means to each user's summary to `wallet_totals`, keyed by the user and the
-- quarter hour (UTC) of the entry; the summary sums the quarters of its period.
-- Why quarter hours: the summary is by local day or week in the caller's zone. Every zone offset in use is a multiple
-- of 15 minutes (+05:30 Kolkata, +05:45 Kathmandu, +08:45 Eucla, -03:30 St John's), so a local midnight is always a
-- quarter-hour boundary in UTC and a quarter never straddles two local days: the sums are exact. A zone whose bounds
-- are not quarter-aligned (a historical offset such as Monrovia's -00:44:30 before 1972) is summed from the ledger
-- itself (server/ledger/summary.ts checks the bounds in the same statement).
-- Why delta rows and not one row per (user, quarter) updated in place: as activity_counts (0023), an INSERT waits on
-- nobody, while an upsert would lock a row that another payment's transaction may hold, in a different order.
-- wallet_totals_compact() merges a user's rows now and then (run by a read past a threshold).
CREATE TABLE wallet_totals (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL,
  -- floor(epoch seconds / 900) of the entry's created_at: the quarter hour [quarter * 900, quarter * 900 + 900).
  quarter integer NOT NULL,
  money_in bigint NOT NULL DEFAULT 0,
  money_out bigint NOT NULL DEFAULT 0,
  received bigint NOT NULL DEFAULT 0,
  orders bigint NOT NULL DEFAULT 0,
  withdrawn bigint NOT NULL DEFAULT 0,
  sent bigint NOT NULL DEFAULT 0,
  fees bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
CREATE INDEX wallet_totals_user_quarter_idx ON wallet_totals (user_id, quarter)
  INCLUDE (money_in, money_out, received, orders, withdrawn, sent, fees);
--> statement-breakpoint
CREATE FUNCTION wallet_quarter(p_at timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT floor(extract(epoch FROM p_at) / 900)::integer
$$;
--> statement-breakpoint
-- What one journal entry means to each user's summary: the one definition, used by the trigger, the backfill, the
-- audit and the summary's ledger path (docs/money.md "Money at a glance"):
--   money_in / money_out: the postings that added to / took from the user's wallet;
--   received: money in by another's payment (transfer, card_capture, capture); orders: its capture part;
--   withdrawn: minus the wallet's postings of a withdrawal entry (one given back comes in as a negative);
--   sent: for the sender of the entry's payment (receipt kinds), what reached other users' wallets;
--   fees: the entry's fee revenue, to whoever paid for it: the payment's sender (receipt kinds), or, for an entry of
--     no payment (a card deposit), the users whose wallet it added to.
CREATE FUNCTION wallet_totals_of(p_entry bigint)
RETURNS TABLE (user_id uuid, money_in bigint, money_out bigint, received bigint, orders bigint, withdrawn bigint, sent bigint, fees bigint)
LANGUAGE sql STABLE AS $$
  WITH e AS (
    SELECT je.kind, je.payment_id, je.kind IN ('transfer', 'card_capture', 'capture') AS receipt
    FROM journal_entries je WHERE je.id = p_entry
  ),
  w AS (
    SELECT a.user_id, p.amount_cents AS c FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
    WHERE p.entry_id = p_entry AND a.kind = 'user_wallet'
  ),
  s AS (SELECT pay.sender_user_id AS user_id FROM e JOIN payments pay ON pay.id = e.payment_id WHERE e.receipt),
  fee AS (
    SELECT coalesce(sum(p.amount_cents), 0) AS c FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
    WHERE p.entry_id = p_entry AND a.kind = 'fee_revenue' AND a.user_id IS NULL
  ),
  parts AS (
    SELECT w.user_id, greatest(w.c, 0) AS money_in, greatest(-w.c, 0) AS money_out,
      CASE WHEN e.receipt THEN greatest(w.c, 0) ELSE 0 END AS received,
      CASE WHEN e.kind = 'capture' THEN greatest(w.c, 0) ELSE 0 END AS orders,
      CASE WHEN e.kind = 'withdrawal' THEN -w.c ELSE 0 END AS withdrawn,
      0::bigint AS sent, 0::bigint AS fees
    FROM w CROSS JOIN e
    UNION ALL
    SELECT s.user_id, 0, 0, 0, 0, 0, (SELECT coalesce(sum(w.c), 0) FROM w WHERE w.c > 0 AND w.user_id <> s.user_id)::bigint, 0
    FROM s
    UNION ALL
    SELECT payer.user_id, 0, 0, 0, 0, 0, 0, fee.c::bigint
    FROM (SELECT w.user_id FROM w CROSS JOIN e WHERE e.payment_id IS NULL AND w.c > 0 UNION SELECT s.user_id FROM s) payer
    CROSS JOIN fee
  )
  SELECT parts.user_id, sum(parts.money_in)::bigint, sum(parts.money_out)::bigint, sum(parts.received)::bigint,
    sum(parts.orders)::bigint, sum(parts.withdrawn)::bigint, sum(parts.sent)::bigint, sum(parts.fees)::bigint
  FROM parts GROUP BY parts.user_id
  HAVING sum(parts.money_in) <> 0 OR sum(parts.money_out) <> 0 OR sum(parts.sent) <> 0 OR sum(parts.fees) <> 0
$$;
--> statement-breakpoint
-- At commit (deferred, like postings_balanced), when all of the entry's postings are written whatever the order of
-- the statements that wrote them; still inside the entry's own transaction.
CREATE FUNCTION wallet_totals_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO wallet_totals (user_id, quarter, money_in, money_out, received, orders, withdrawn, sent, fees)
    SELECT t.user_id, wallet_quarter(NEW.created_at), t.money_in, t.money_out, t.received, t.orders, t.withdrawn, t.sent, t.fees
    FROM wallet_totals_of(NEW.id) t;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_entries_wallet_totals AFTER INSERT ON journal_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION wallet_totals_track();
--> statement-breakpoint
-- The entries written before this migration.
INSERT INTO wallet_totals (user_id, quarter, money_in, money_out, received, orders, withdrawn, sent, fees)
  SELECT t.user_id, wallet_quarter(e.created_at), sum(t.money_in), sum(t.money_out), sum(t.received), sum(t.orders),
    sum(t.withdrawn), sum(t.sent), sum(t.fees)
  FROM journal_entries e CROSS JOIN LATERAL wallet_totals_of(e.id) t
  GROUP BY t.user_id, wallet_quarter(e.created_at);
--> statement-breakpoint
-- Merges a user's rows into one per quarter. Atomic, so a reader sees the rows or their sum, never both or neither;
-- rows a concurrent entry inserts are not in the DELETE's snapshot and stay. One compaction per user at a time (a
-- second returns at once); it locks only rows of this table, which no writer of money ever locks.
CREATE FUNCTION wallet_totals_compact(p_user uuid) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_rows integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('wallet_totals_compact'), hashtext(p_user::text)) THEN
    RETURN 0;
  END IF;
  WITH gone AS (
    DELETE FROM wallet_totals t WHERE t.user_id = p_user RETURNING t.*
  ), merged AS (
    INSERT INTO wallet_totals (user_id, quarter, money_in, money_out, received, orders, withdrawn, sent, fees)
      SELECT p_user, g.quarter, sum(g.money_in), sum(g.money_out), sum(g.received), sum(g.orders), sum(g.withdrawn),
        sum(g.sent), sum(g.fees)
      FROM gone g GROUP BY g.quarter
      RETURNING 1
  )
  SELECT count(*) INTO v_rows FROM merged;
  RETURN v_rows;
END
$$;
