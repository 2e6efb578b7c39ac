-- Payments, their append-only transition trail, their messages, and price points (design.md §4, docs/money.md).
-- The payer is always sender_user_id and the one paid receiver_user_id (for a request: the requester).
CREATE TABLE price_points (
  id uuid PRIMARY KEY,
  creator_user_id uuid NOT NULL REFERENCES users (id),
  price_cents bigint NOT NULL CHECK (price_cents > 0),
  description text NOT NULL,
  media_type text NOT NULL CHECK (media_type IN ('photo', 'video')),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL
);
--> statement-breakpoint
CREATE INDEX price_points_creator_idx ON price_points (creator_user_id) WHERE active;
--> statement-breakpoint
CREATE TABLE payments (
  id uuid PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('send', 'request', 'price_point')),
  status text NOT NULL CHECK (status IN ('created', 'requested', 'awaiting', 'new', 'processing', 'complete', 'rejected', 'failed', 'cancelled')),
  sender_user_id uuid NOT NULL REFERENCES users (id),
  receiver_user_id uuid NOT NULL REFERENCES users (id),
  created_by_user_id uuid NOT NULL REFERENCES users (id),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  fee_cents bigint NOT NULL DEFAULT 0 CHECK (fee_cents >= 0),
  -- 'balance' or a card id; null while a request is unpaid.
  payment_method_id text,
  price_point_id uuid REFERENCES price_points (id),
  media_type text CHECK (media_type IN ('photo', 'video')),
  description text,
  hold_expires_at timestamptz,
  last_reminder_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT payments_two_parties CHECK (sender_user_id <> receiver_user_id),
  CONSTRAINT payments_price_point_kind CHECK ((kind = 'price_point') = (price_point_id IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX payments_sender_idx ON payments (sender_user_id, created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX payments_receiver_idx ON payments (receiver_user_id, created_at DESC, id DESC);
--> statement-breakpoint
ALTER TABLE holds ADD CONSTRAINT holds_payment_id_fkey FOREIGN KEY (payment_id) REFERENCES payments (id);
--> statement-breakpoint
ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_payment_id_fkey FOREIGN KEY (payment_id) REFERENCES payments (id);
--> statement-breakpoint
-- Every transition a payment took: from (null at creation), to, the machine event, who (null actor = the system),
-- when (the server's clock) and why. Append-only, like the journal.
CREATE TABLE payment_events (
  id bigserial PRIMARY KEY,
  payment_id uuid NOT NULL REFERENCES payments (id),
  from_status text,
  to_status text NOT NULL,
  event text NOT NULL,
  actor_user_id uuid REFERENCES users (id),
  reason text,
  occurred_at timestamptz NOT NULL
);
--> statement-breakpoint
CREATE INDEX payment_events_payment_idx ON payment_events (payment_id, id);
--> statement-breakpoint
CREATE TRIGGER payment_events_append_only BEFORE UPDATE OR DELETE ON payment_events
  FOR EACH ROW EXECUTE FUNCTION refuse_change_append_only();
--> statement-breakpoint
CREATE TRIGGER payment_events_no_truncate BEFORE TRUNCATE ON payment_events
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change_append_only();
--> statement-breakpoint
CREATE TABLE payment_messages (
  id uuid PRIMARY KEY,
  payment_id uuid NOT NULL REFERENCES payments (id),
  sender_user_id uuid NOT NULL REFERENCES users (id),
  receiver_user_id uuid NOT NULL REFERENCES users (id),
  message text NOT NULL,
  media_id text,
  -- true for the note written with the payment itself (the send or request message).
  payment_triggered boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL
);
--> statement-breakpoint
CREATE INDEX payment_messages_payment_idx ON payment_messages (payment_id, created_at);
--> statement-breakpoint
-- Background jobs, claimed with FOR UPDATE SKIP LOCKED so several server processes can share them.
CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  run_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL,
  finished_at timestamptz
);
--> statement-breakpoint
CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE status = 'pending';
--> statement-breakpoint
-- Idempotency-Key of money-moving POSTs: the first successful response, byte for byte, kept at least 24 hours.
-- The row is inserted first (the primary key makes a concurrent duplicate wait for the first to finish) and gets
-- its response in the same transaction as the money movement, so a committed row always has one.
CREATE TABLE idempotency_keys (
  user_id uuid NOT NULL REFERENCES users (id),
  operation_id text NOT NULL,
  idempotency_key text NOT NULL,
  request_hash text NOT NULL,
  status_code integer,
  response_body text,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, operation_id, idempotency_key)
);
--> statement-breakpoint
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
