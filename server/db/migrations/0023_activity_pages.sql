-- Activity that stays fast as history grows (issue 26, docs/performance.md "Activity at a million payments").
-- The list used to count the user's whole history for totalPages and page by OFFSET over sender OR receiver. Now:
--   * activity_entries: one row per party per payment (the user's list), with the payment's tab class, read through
--     (user_id, class, created_at DESC, payment_id DESC): a page is a short index range, never a scan of the history;
--   * activity_counts: how many entries each user has per class and per day (UTC), as append-only deltas (+1/-1)
--     that a reader sums; activity_compact() merges a user's deltas into one row per (class, day) now and then.
-- Both are written by triggers on payments, so every writer (the send_from_balance statement, the service, jobs, tests
-- that write rows) keeps them in the same transaction as the row. Why deltas and not a counter row per user: a
-- counter row is locked by every payment of its user, and the payment's writers take their locks in different orders
-- (send_from_balance inserts the payment before it locks the wallets; the service changes a status before it posts
-- the entry), so a trigger updating counter rows deadlocked (tests/api/concurrency.test.ts on PostgreSQL). An INSERT
-- of a new delta row waits on nobody; an entry row is only updated by the transaction that holds its payment's row.
-- A page number is turned into a place in the index by the per-day counts: the day holding the page's first entry is
-- found by summing the counts (one row per class and day), then only that day's entries are skipped.
-- The class of a payment for the tabs: status group (0 pending, 1 complete, 2 other) * 2 + type (0 pay, 1 request).
CREATE FUNCTION activity_class(p_status text, p_kind text) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT ((CASE WHEN p_status IN ('created', 'requested', 'awaiting', 'new', 'processing') THEN 0
                WHEN p_status = 'complete' THEN 1 ELSE 2 END) * 2
          + CASE WHEN p_kind = 'request' THEN 1 ELSE 0 END)::smallint
$$;
--> statement-breakpoint
-- The UTC day of a moment, as days since 1970-01-01: entries of day d are exactly those before activity_day_end(d).
CREATE FUNCTION activity_day(p_at timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT floor(extract(epoch FROM p_at) / 86400)::integer
$$;
--> statement-breakpoint
CREATE TABLE activity_entries (
  user_id uuid NOT NULL,
  payment_id uuid NOT NULL REFERENCES payments (id),
  class smallint NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (payment_id, user_id)
);
--> statement-breakpoint
CREATE INDEX activity_entries_page_idx ON activity_entries (user_id, class, created_at DESC, payment_id DESC);
--> statement-breakpoint
CREATE TABLE activity_counts (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL,
  class smallint NOT NULL,
  day integer NOT NULL,
  n bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX activity_counts_user_idx ON activity_counts (user_id, class, day) INCLUDE (n);
--> statement-breakpoint
-- A payment's parties, kind and creation time never change (nothing in the code updates them); its status does.
CREATE FUNCTION activity_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_new smallint := activity_class(NEW.status, NEW.kind);
  v_old smallint;
  v_day integer := activity_day(NEW.created_at);
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO activity_entries (user_id, payment_id, class, created_at) VALUES
      (NEW.sender_user_id, NEW.id, v_new, NEW.created_at),
      (NEW.receiver_user_id, NEW.id, v_new, NEW.created_at);
    INSERT INTO activity_counts (user_id, class, day, n) VALUES
      (NEW.sender_user_id, v_new, v_day, 1),
      (NEW.receiver_user_id, v_new, v_day, 1);
    RETURN NULL;
  END IF;
  v_old := activity_class(OLD.status, OLD.kind);
  IF v_old = v_new THEN
    RETURN NULL;
  END IF;
  UPDATE activity_entries e SET class = v_new WHERE e.payment_id = NEW.id;
  INSERT INTO activity_counts (user_id, class, day, n) VALUES
    (NEW.sender_user_id, v_old, v_day, -1),
    (NEW.receiver_user_id, v_old, v_day, -1),
    (NEW.sender_user_id, v_new, v_day, 1),
    (NEW.receiver_user_id, v_new, v_day, 1);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER payments_activity_insert AFTER INSERT ON payments
  FOR EACH ROW EXECUTE FUNCTION activity_track();
--> statement-breakpoint
CREATE TRIGGER payments_activity_status AFTER UPDATE OF status ON payments
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION activity_track();
--> statement-breakpoint
-- The payments made before this migration.
INSERT INTO activity_entries (user_id, payment_id, class, created_at)
  SELECT p.sender_user_id, p.id, activity_class(p.status, p.kind), p.created_at FROM payments p
  UNION ALL
  SELECT p.receiver_user_id, p.id, activity_class(p.status, p.kind), p.created_at FROM payments p;
--> statement-breakpoint
INSERT INTO activity_counts (user_id, class, day, n)
  SELECT e.user_id, e.class, activity_day(e.created_at), count(*) FROM activity_entries e GROUP BY 1, 2, 3;
--> statement-breakpoint
-- Merges a user's deltas into one row per (class, day). Atomic, so a reader sees the deltas or their sum, never both
-- or neither; rows a concurrent payment inserts are not in the DELETE's snapshot and stay. One compaction per user
-- at a time (a second one returns at once); it locks only delta rows, which no payment writer ever locks.
CREATE FUNCTION activity_compact(p_user uuid) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_rows integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('activity_compact'), hashtext(p_user::text)) THEN
    RETURN 0;
  END IF;
  WITH gone AS (
    DELETE FROM activity_counts c WHERE c.user_id = p_user RETURNING c.class, c.day, c.n
  ), merged AS (
    INSERT INTO activity_counts (user_id, class, day, n)
      SELECT p_user, g.class, g.day, sum(g.n) FROM gone g GROUP BY g.class, g.day HAVING sum(g.n) <> 0
      RETURNING 1
  )
  SELECT count(*) INTO v_rows FROM merged;
  RETURN v_rows;
END
$$;
--> statement-breakpoint
-- One page range of a user's list for a set of classes (a tab), in one snapshot (STABLE: every statement in here sees
-- the caller's), so the total and the rows agree. Returns the total, how many delta rows could be merged (the caller
-- compacts past a threshold), and the page's payment ids in list order (none: one row with a null id).
CREATE FUNCTION activity_page(p_user uuid, p_classes smallint[], p_offset bigint, p_limit integer)
RETURNS TABLE (total bigint, loose bigint, payment_id uuid)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_total bigint;
  v_loose bigint;
  v_day integer;
  v_before bigint;
BEGIN
  WITH g AS (
    SELECT ac.class, ac.day, sum(ac.n) AS n, count(*) AS raw FROM activity_counts ac
    WHERE ac.user_id = p_user AND ac.class = ANY (p_classes) GROUP BY ac.class, ac.day
  ), d AS (
    SELECT g.day, sum(g.n) AS n FROM g GROUP BY g.day HAVING sum(g.n) <> 0
  ), c AS (
    SELECT d.day, d.n, sum(d.n) OVER (ORDER BY d.day DESC) - d.n AS before FROM d
  )
  SELECT (SELECT coalesce(sum(d.n), 0) FROM d), (SELECT coalesce(sum(g.raw), 0) - count(*) FROM g), t.day, t.before
    INTO v_total, v_loose, v_day, v_before
  FROM (SELECT 1) AS one
  LEFT JOIN LATERAL (
    SELECT c.day, c.before FROM c WHERE c.before <= p_offset AND c.before + c.n > p_offset ORDER BY c.day DESC LIMIT 1
  ) t ON true;
  IF v_day IS NULL THEN
    RETURN QUERY SELECT v_total, v_loose, NULL::uuid;
    RETURN;
  END IF;
  -- Per class, the newest entries up to the end of that day (enough to skip what is left of the day and fill the
  -- page), merged in list order.
  RETURN QUERY
    SELECT v_total, v_loose, e.payment_id
    FROM unnest(p_classes) AS k(class)
    CROSS JOIN LATERAL (
      SELECT a.payment_id, a.created_at FROM activity_entries a
      WHERE a.user_id = p_user AND a.class = k.class AND a.created_at < to_timestamp((v_day + 1)::bigint * 86400)
      ORDER BY a.created_at DESC, a.payment_id DESC
      LIMIT (p_offset - v_before) + p_limit
    ) e
    ORDER BY e.created_at DESC, e.payment_id DESC
    OFFSET (p_offset - v_before) LIMIT p_limit;
END
$$;
