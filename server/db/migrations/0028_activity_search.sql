-- Search and filter in activity (issue 26 items 3 and 4, docs/payment-screens.md "Search and filters"): by person,
-- note text, amount range and date range (the status is the tab), each answered by an index of activity_entries,
-- never by a scan of the user's history. The entry carries what the filters read, copied from its payment by the
-- trigger of migration 0023 in the payment's own transaction (a payment's parties, amount and note never change):
--   * counterparty_id: the other party          → activity_entries_person_idx (user_id, counterparty_id, created_at)
--   * amount_cents: the payment's amount         → activity_entries_amount_idx (user_id, amount_cents, created_at)
--   * note: the payment's note (its description) → activity_entries_note_idx, GIN over (user_id, note trigrams):
--     pg_trgm answers `note ILIKE '%term%'`, btree_gin lets the same index hold the user, so one index scan finds one
--     user's matching notes. Both extensions ship with PostgreSQL (contrib; trusted, so a database owner may create
--     them) and with PGlite (loaded by server/db/database.ts).
--   * dates: the list's own index (user_id, class, created_at DESC, payment_id DESC), as a range.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
ALTER TABLE activity_entries ADD COLUMN counterparty_id uuid, ADD COLUMN amount_cents bigint, ADD COLUMN note text;
--> statement-breakpoint
UPDATE activity_entries e SET
  counterparty_id = CASE WHEN e.user_id = p.sender_user_id THEN p.receiver_user_id ELSE p.sender_user_id END,
  amount_cents = p.amount_cents,
  note = p.description
FROM payments p WHERE p.id = e.payment_id;
--> statement-breakpoint
ALTER TABLE activity_entries ALTER COLUMN counterparty_id SET NOT NULL, ALTER COLUMN amount_cents SET NOT NULL;
--> statement-breakpoint
CREATE INDEX activity_entries_person_idx ON activity_entries (user_id, counterparty_id, created_at DESC, payment_id DESC);
--> statement-breakpoint
CREATE INDEX activity_entries_amount_idx ON activity_entries (user_id, amount_cents, created_at DESC);
--> statement-breakpoint
CREATE INDEX activity_entries_note_idx ON activity_entries USING gin (user_id, note gin_trgm_ops) WHERE note IS NOT NULL;
--> statement-breakpoint
-- Migration 0023's trigger, now copying the filters' columns into both parties' entries.
CREATE OR REPLACE FUNCTION activity_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_new smallint := activity_class(NEW.status, NEW.kind);
  v_old smallint;
  v_day integer := activity_day(NEW.created_at);
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO activity_entries (user_id, payment_id, class, created_at, counterparty_id, amount_cents, note) VALUES
      (NEW.sender_user_id, NEW.id, v_new, NEW.created_at, NEW.receiver_user_id, NEW.amount_cents, NEW.description),
      (NEW.receiver_user_id, NEW.id, v_new, NEW.created_at, NEW.sender_user_id, NEW.amount_cents, NEW.description);
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
