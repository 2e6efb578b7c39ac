-- The activity list's counts, bounded however long the history (issue 26 item 4; docs/performance.md "Month rows
-- for the list's counts"). activity_page (0023, 0025) summed every activity_counts row of the user's tab (one row per
-- class and day once merged, plus the deltas not yet merged) for totalPages and to find the day holding the page: 4,004
-- rows for all six classes at 1,000,000 payments over 1,000 days, the one part of a page that grew with the history.
-- The counts are now kept at two grains, beside the deltas:
--   * activity_counts: as before for its writers (the triggers of 0023/0028 insert +1/−1 per party, class and UTC day),
--     but it now holds only the deltas not yet merged;
--   * activity_days: the merged counts, one row per (user, class, day) whose count is not zero;
--   * activity_months: the same counts per (user, class, UTC month); `month` is the month's first day as days since
--     1970-01-01 (activity_month), so a month's days are day >= month AND day < the next month's first day.
-- activity_compact() moves a user's deltas into both: it adds them to the rows there and drops the rows that reach
-- zero; it no longer rewrites the user's whole history of counts (it touched every day row, 4,004 at 1M payments).
-- A page is then found in three short reads: the months and the deltas (≤ one row per class and month of history,
-- ~35 per class for three years, plus the deltas) give the total and the month holding the page; that month's days and
-- deltas (≤ 31 per class) give the day; that day's counts per class bound the entries read, as in 0025.
-- Every month gets its row, the running one too: the day rows are kept for every month (they place a page inside
-- its month), so a month row is only a sum over them, exact whenever it is written, and the running month's row
-- spares reading its days when the page is in an earlier month. The page's results are the same as 0025's: the
-- month holding the page is the one whose running sum brackets the offset, and within it the same day is found with
-- the same count of entries before it.
-- Locks: as before, the payment writers only INSERT deltas; activity_days and activity_months are written only by
-- activity_compact, one at a time per user (its advisory lock), so their upserts wait on no payment.
CREATE FUNCTION activity_month(p_day integer) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT make_date(extract(year FROM date '1970-01-01' + p_day)::integer, extract(month FROM date '1970-01-01' + p_day)::integer, 1)
    - date '1970-01-01'
$$;
--> statement-breakpoint
CREATE TABLE activity_days (
  user_id uuid NOT NULL,
  class smallint NOT NULL,
  day integer NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (user_id, class, day) INCLUDE (n)
);
--> statement-breakpoint
CREATE TABLE activity_months (
  user_id uuid NOT NULL,
  class smallint NOT NULL,
  month integer NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (user_id, class, month) INCLUDE (n)
);
--> statement-breakpoint
-- The counts kept before this migration (merged rows and deltas alike) become day and month rows.
INSERT INTO activity_days (user_id, class, day, n)
  SELECT c.user_id, c.class, c.day, sum(c.n) FROM activity_counts c GROUP BY 1, 2, 3 HAVING sum(c.n) <> 0;
--> statement-breakpoint
INSERT INTO activity_months (user_id, class, month, n)
  SELECT d.user_id, d.class, activity_month(d.day), sum(d.n) FROM activity_days d GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0;
--> statement-breakpoint
DELETE FROM activity_counts;
--> statement-breakpoint
-- Merges a user's deltas into their day and month rows. Atomic, so a reader sees the deltas or their sums, never
-- both or neither; deltas a concurrent payment inserts are not in the DELETE's snapshot and stay for the next merge.
-- One merge per user at a time (a second returns at once). Returns how many deltas it merged.
CREATE OR REPLACE FUNCTION activity_compact(p_user uuid) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_rows integer;
  v_zero_days integer[];
  v_zero_day_classes smallint[];
  v_zero_months integer[];
  v_zero_month_classes smallint[];
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('activity_compact'), hashtext(p_user::text)) THEN
    RETURN 0;
  END IF;
  WITH gone AS (
    DELETE FROM activity_counts c WHERE c.user_id = p_user RETURNING c.class, c.day, c.n
  ), days AS (
    INSERT INTO activity_days AS a (user_id, class, day, n)
      SELECT p_user, g.class, g.day, sum(g.n) FROM gone g GROUP BY g.class, g.day HAVING sum(g.n) <> 0
    ON CONFLICT (user_id, class, day) DO UPDATE SET n = a.n + excluded.n
    RETURNING a.class, a.day, a.n
  ), months AS (
    INSERT INTO activity_months AS a (user_id, class, month, n)
      SELECT p_user, g.class, activity_month(g.day), sum(g.n) FROM gone g GROUP BY 2, 3 HAVING sum(g.n) <> 0
    ON CONFLICT (user_id, class, month) DO UPDATE SET n = a.n + excluded.n
    RETURNING a.class, a.month, a.n
  )
  SELECT (SELECT count(*) FROM gone),
    (SELECT array_agg(d.day) FROM days d WHERE d.n = 0), (SELECT array_agg(d.class) FROM days d WHERE d.n = 0),
    (SELECT array_agg(m.month) FROM months m WHERE m.n = 0), (SELECT array_agg(m.class) FROM months m WHERE m.n = 0)
    INTO v_rows, v_zero_days, v_zero_day_classes, v_zero_months, v_zero_month_classes;
  -- A class's count of a day (or month) can reach zero (its last pending payment completed): no row, as before.
  IF v_zero_days IS NOT NULL THEN
    DELETE FROM activity_days a USING unnest(v_zero_day_classes, v_zero_days) AS z(class, day)
      WHERE a.user_id = p_user AND a.class = z.class AND a.day = z.day AND a.n = 0;
  END IF;
  IF v_zero_months IS NOT NULL THEN
    DELETE FROM activity_months a USING unnest(v_zero_month_classes, v_zero_months) AS z(class, month)
      WHERE a.user_id = p_user AND a.class = z.class AND a.month = z.month AND a.n = 0;
  END IF;
  RETURN v_rows;
END
$$;
--> statement-breakpoint
-- One page range of a user's list for a set of classes (a tab), in one snapshot (STABLE: every statement in here sees
-- the caller's), so the total and the rows agree. Returns the total, how many deltas are not yet merged (the caller
-- merges past a threshold), and the page's payment ids in list order (none: one row with a null id).
CREATE OR REPLACE FUNCTION activity_page(p_user uuid, p_classes smallint[], p_offset bigint, p_limit integer)
RETURNS TABLE (total bigint, loose bigint, payment_id uuid)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_total bigint;
  v_loose bigint;
  v_month integer;
  v_next integer;
  v_day integer;
  v_before bigint;
BEGIN
  SELECT count(*) INTO v_loose FROM activity_counts ac WHERE ac.user_id = p_user AND ac.class = ANY (p_classes);
  -- The total, and the month holding the page's first entry with how many entries come before it (newer months).
  WITH m AS (
    SELECT u.month, sum(u.n) AS n FROM (
      SELECT am.month, am.n FROM activity_months am WHERE am.user_id = p_user AND am.class = ANY (p_classes)
      UNION ALL
      SELECT activity_month(ac.day), ac.n FROM activity_counts ac WHERE ac.user_id = p_user AND ac.class = ANY (p_classes)
    ) u GROUP BY u.month HAVING sum(u.n) <> 0
  ), c AS (
    SELECT m.month, m.n, sum(m.n) OVER (ORDER BY m.month DESC) - m.n AS before FROM m
  )
  SELECT (SELECT coalesce(sum(m.n), 0) FROM m), t.month, t.before INTO v_total, v_month, v_before
  FROM (SELECT 1) AS one
  LEFT JOIN LATERAL (
    SELECT c.month, c.before FROM c WHERE c.before <= p_offset AND c.before + c.n > p_offset ORDER BY c.month DESC LIMIT 1
  ) t ON true;
  IF v_month IS NULL THEN
    RETURN QUERY SELECT v_total, v_loose, NULL::uuid;
    RETURN;
  END IF;
  -- Within that month, the day holding it, from the month's day rows and deltas.
  v_next := ((date '1970-01-01' + v_month) + interval '1 month')::date - date '1970-01-01';
  WITH d AS (
    SELECT u.day, sum(u.n) AS n FROM (
      SELECT ad.day, ad.n FROM activity_days ad
      WHERE ad.user_id = p_user AND ad.class = ANY (p_classes) AND ad.day >= v_month AND ad.day < v_next
      UNION ALL
      SELECT ac.day, ac.n FROM activity_counts ac
      WHERE ac.user_id = p_user AND ac.class = ANY (p_classes) AND ac.day >= v_month AND ac.day < v_next
    ) u GROUP BY u.day HAVING sum(u.n) <> 0
  ), c AS (
    SELECT d.day, d.n, v_before + sum(d.n) OVER (ORDER BY d.day DESC) - d.n AS before FROM d
  )
  SELECT c.day, c.before INTO v_day, v_before
  FROM c WHERE c.before <= p_offset AND c.before + c.n > p_offset ORDER BY c.day DESC LIMIT 1;
  IF v_day IS NULL THEN
    RETURN QUERY SELECT v_total, v_loose, NULL::uuid;
    RETURN;
  END IF;
  -- Per class, its entries of that day and the page after them, newest first, merged in list order (as 0025).
  RETURN QUERY
    SELECT v_total, v_loose, e.payment_id
    FROM (
      SELECT k.class,
        (SELECT coalesce(sum(ad.n), 0) FROM activity_days ad WHERE ad.user_id = p_user AND ad.class = k.class AND ad.day = v_day)
        + (SELECT coalesce(sum(ac.n), 0) FROM activity_counts ac WHERE ac.user_id = p_user AND ac.class = k.class AND ac.day = v_day)
          AS in_day
      FROM unnest(p_classes) AS k(class)
    ) k
    CROSS JOIN LATERAL (
      SELECT a.payment_id, a.created_at FROM activity_entries a
      WHERE a.user_id = p_user AND a.class = k.class AND a.created_at < to_timestamp((v_day + 1)::bigint * 86400)
      ORDER BY a.created_at DESC, a.payment_id DESC
      LIMIT least(k.in_day + p_limit, (p_offset - v_before) + p_limit)
    ) e
    ORDER BY e.created_at DESC, e.payment_id DESC
    OFFSET (p_offset - v_before) LIMIT p_limit;
END
$$;
