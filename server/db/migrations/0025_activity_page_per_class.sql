-- activity_page (migration 0023) read, for each class of the tab, as many entries as the whole page range skips
-- within the day plus the page: a class with ten entries a day still read a thousand (from earlier days) on a busy
-- day. Each class now reads at most its own entries of that day (from the day's counts) plus the page.
CREATE OR REPLACE FUNCTION activity_page(p_user uuid, p_classes smallint[], p_offset bigint, p_limit integer)
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
  -- Per class, its entries of that day and the page after them, newest first, merged in list order.
  RETURN QUERY
    SELECT v_total, v_loose, e.payment_id
    FROM (
      SELECT k.class, (SELECT coalesce(sum(ac.n), 0) FROM activity_counts ac
        WHERE ac.user_id = p_user AND ac.class = k.class AND ac.day = v_day) AS in_day
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
