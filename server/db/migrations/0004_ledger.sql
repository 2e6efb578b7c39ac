-- The double-entry ledger (design.md §3, docs/money.md). Integer cents everywhere.
-- ledger_accounts: one row per account; balance_cents is a cache of the sum of the account's postings, updated in
-- the same transaction as the postings under row locks taken in id order (server/ledger/post-entry.ts).
CREATE TABLE ledger_accounts (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('user_wallet', 'card_clearing', 'usdt_clearing', 'payout_clearing', 'escrow', 'fee_revenue')),
  user_id uuid REFERENCES users (id),
  balance_cents bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  CONSTRAINT ledger_accounts_owner CHECK ((kind = 'user_wallet') = (user_id IS NOT NULL)),
  -- A user's wallet never goes below zero (checked in code under the lock first; this is the last line).
  CONSTRAINT ledger_accounts_wallet_not_negative CHECK (kind <> 'user_wallet' OR balance_cents >= 0),
  CONSTRAINT ledger_accounts_user_kind_key UNIQUE (user_id, kind)
);
--> statement-breakpoint
CREATE UNIQUE INDEX ledger_accounts_system_kind_key ON ledger_accounts (kind) WHERE user_id IS NULL;
--> statement-breakpoint
-- The system accounts exist from the start (ids 1-5, so they come first in the lock order).
INSERT INTO ledger_accounts (kind, created_at) VALUES
  ('card_clearing', now()), ('usdt_clearing', now()), ('payout_clearing', now()), ('escrow', now()), ('fee_revenue', now());
--> statement-breakpoint
-- One journal entry per movement of money; payment_id ties it to the payment whose status change caused it.
CREATE TABLE journal_entries (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  payment_id uuid,
  description text,
  created_at timestamptz NOT NULL
);
--> statement-breakpoint
CREATE INDEX journal_entries_payment_id_idx ON journal_entries (payment_id) WHERE payment_id IS NOT NULL;
--> statement-breakpoint
-- amount_cents > 0 adds to the account's balance, < 0 takes from it; the postings of an entry sum to zero.
CREATE TABLE postings (
  id bigserial PRIMARY KEY,
  entry_id bigint NOT NULL REFERENCES journal_entries (id),
  account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  amount_cents bigint NOT NULL CHECK (amount_cents <> 0)
);
--> statement-breakpoint
CREATE INDEX postings_entry_id_idx ON postings (entry_id);
--> statement-breakpoint
CREATE INDEX postings_account_id_idx ON postings (account_id);
--> statement-breakpoint
-- Σ postings = 0 per entry, checked by the database at commit (deferred), whatever code wrote them.
CREATE FUNCTION ledger_check_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total numeric;
  n integer;
BEGIN
  SELECT coalesce(sum(amount_cents), 0), count(*) INTO total, n FROM postings WHERE entry_id = NEW.entry_id;
  IF total <> 0 OR n < 2 THEN
    RAISE EXCEPTION 'journal entry % is unbalanced: % postings summing to %', NEW.entry_id, n, total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER postings_balanced AFTER INSERT ON postings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_entry_balanced();
--> statement-breakpoint
-- The journal is append-only: corrections are new entries, never edits.
CREATE FUNCTION refuse_change_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER journal_entries_append_only BEFORE UPDATE OR DELETE ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION refuse_change_append_only();
--> statement-breakpoint
CREATE TRIGGER journal_entries_no_truncate BEFORE TRUNCATE ON journal_entries
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change_append_only();
--> statement-breakpoint
CREATE TRIGGER postings_append_only BEFORE UPDATE OR DELETE ON postings
  FOR EACH ROW EXECUTE FUNCTION refuse_change_append_only();
--> statement-breakpoint
CREATE TRIGGER postings_no_truncate BEFORE TRUNCATE ON postings
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change_append_only();
--> statement-breakpoint
-- Two-phase holds (price points): funds set aside for a payment until they are captured (to the receiver),
-- released (declined) or expired (72 h). A balance hold moves the money wallet → escrow when placed; a card hold
-- is an authorisation at the card provider and touches the ledger only when captured.
CREATE TABLE holds (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  source text NOT NULL CHECK (source IN ('balance', 'card')),
  payment_method_id text NOT NULL,
  payment_id uuid,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  fee_cents bigint NOT NULL DEFAULT 0 CHECK (fee_cents >= 0),
  status text NOT NULL CHECK (status IN ('open', 'captured', 'released', 'expired')),
  provider_reference text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  settled_at timestamptz,
  CONSTRAINT holds_settled_when_closed CHECK ((status = 'open') = (settled_at IS NULL))
);
--> statement-breakpoint
CREATE INDEX holds_user_open_idx ON holds (user_id) WHERE status = 'open';
--> statement-breakpoint
CREATE UNIQUE INDEX holds_payment_id_key ON holds (payment_id) WHERE payment_id IS NOT NULL;
