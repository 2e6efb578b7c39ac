-- The rest of the money core (issue 4; docs/money.md "Providers", "Cards", "Deposits", "Withdrawals", "Media"):
-- cards (provider tokens only), card charges (every card operation's intent and outcome), deposits, withdrawals
-- and their append-only trail, bank accounts, linked payout accounts, USDT deposit addresses, media, and the
-- sandbox providers' own state (what a provider would keep on its side).

-- A card as the processor tokenised it: never the number or the CVV (only brand, last four, expiry, token).
-- Removing a card keeps the row (payments and charges refer to it) and stamps removed_at.
CREATE TABLE cards (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  brand text NOT NULL CHECK (brand IN ('visa', 'mastercard', 'amex', 'discover', 'other')),
  last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  exp_month integer NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
  exp_year integer NOT NULL CHECK (exp_year BETWEEN 2000 AND 2199),
  provider_token text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  removed_at timestamptz
);
--> statement-breakpoint
CREATE INDEX cards_user_idx ON cards (user_id, created_at) WHERE removed_at IS NULL;
--> statement-breakpoint
-- Deposits into a wallet: created → processing → complete | failed (machines/transfer-lifecycle.machine.ts).
CREATE TABLE deposits (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  method text NOT NULL CHECK (method IN ('card', 'usdt')),
  status text NOT NULL CHECK (status IN ('created', 'processing', 'complete', 'failed')),
  -- What reaches the wallet; the card is charged amount + fee.
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  fee_cents bigint NOT NULL DEFAULT 0 CHECK (fee_cents >= 0),
  card_id uuid REFERENCES cards (id),
  usdt_tx_hash text UNIQUE,
  usdt_address text,
  confirmations integer,
  failure_code text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT deposits_card_source CHECK ((method = 'card') = (card_id IS NOT NULL)),
  CONSTRAINT deposits_usdt_source CHECK ((method = 'usdt') = (usdt_tx_hash IS NOT NULL AND usdt_address IS NOT NULL)),
  CONSTRAINT deposits_usdt_free CHECK (method = 'card' OR fee_cents = 0)
);
--> statement-breakpoint
CREATE INDEX deposits_user_idx ON deposits (user_id, created_at DESC, id DESC);
--> statement-breakpoint
-- The bank account withdrawals go to (one per user; PUT replaces it).
CREATE TABLE bank_accounts (
  user_id uuid PRIMARY KEY REFERENCES users (id),
  first_name text NOT NULL,
  last_name text NOT NULL,
  birthdate date NOT NULL,
  id_type text NOT NULL,
  id_number text NOT NULL,
  address_line1 text NOT NULL,
  address_line2 text,
  city text NOT NULL,
  region text,
  postal_code text NOT NULL,
  country text NOT NULL,
  bank_country text NOT NULL,
  bank_name text NOT NULL,
  account_type text NOT NULL CHECK (account_type IN ('saving', 'checking')),
  account_number text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
--> statement-breakpoint
-- The linked international payout account. Its password is used once, for the provider's check, and never stored.
CREATE TABLE payout_accounts (
  user_id uuid PRIMARY KEY REFERENCES users (id),
  email text NOT NULL,
  provider_account_id text NOT NULL,
  bank_account_last4 text NOT NULL,
  linked_at timestamptz NOT NULL
);
--> statement-breakpoint
-- Withdrawals: created → processing → complete | failed | rejected, or cancelled by the user while created.
-- destination_details is what the payout provider needs, copied when the withdrawal is made (a later change of the
-- bank account does not redirect money already on its way).
CREATE TABLE withdrawals (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  destination text NOT NULL CHECK (destination IN ('bank_account', 'payout_account')),
  destination_details jsonb NOT NULL,
  destination_label text NOT NULL,
  status text NOT NULL CHECK (status IN ('created', 'processing', 'complete', 'failed', 'rejected', 'cancelled')),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  provider_reference text,
  submitted_at timestamptz,
  failure_code text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
--> statement-breakpoint
CREATE INDEX withdrawals_user_idx ON withdrawals (user_id, created_at DESC, id DESC);
--> statement-breakpoint
-- Every status a deposit or withdrawal took (from, to, event, actor — null = the system —, reason, time).
CREATE TABLE transfer_events (
  id bigserial PRIMARY KEY,
  deposit_id uuid REFERENCES deposits (id),
  withdrawal_id uuid REFERENCES withdrawals (id),
  from_status text,
  to_status text NOT NULL,
  event text NOT NULL,
  actor_user_id uuid REFERENCES users (id),
  reason text,
  occurred_at timestamptz NOT NULL,
  CONSTRAINT transfer_events_one_subject CHECK ((deposit_id IS NULL) <> (withdrawal_id IS NULL))
);
--> statement-breakpoint
CREATE INDEX transfer_events_deposit_idx ON transfer_events (deposit_id, id) WHERE deposit_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX transfer_events_withdrawal_idx ON transfer_events (withdrawal_id, id) WHERE withdrawal_id IS NOT NULL;
--> statement-breakpoint
CREATE TRIGGER transfer_events_append_only BEFORE UPDATE OR DELETE ON transfer_events
  FOR EACH ROW EXECUTE FUNCTION refuse_change_append_only();
--> statement-breakpoint
CREATE TRIGGER transfer_events_no_truncate BEFORE TRUNCATE ON transfer_events
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change_append_only();
--> statement-breakpoint
-- One row per card authorisation we ask for: written (status 'authorising') before the processor is called, in the
-- transaction that records what it is for; its outcome is written after the call, in a new transaction. Its id is
-- the idempotency key at the processor, so a repeated call (a retry after a crash) gets the same answer.
CREATE TABLE card_charges (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  card_id uuid NOT NULL REFERENCES cards (id),
  payment_id uuid REFERENCES payments (id),
  deposit_id uuid REFERENCES deposits (id),
  -- What the card is charged: amount + fee.
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  fee_cents bigint NOT NULL CHECK (fee_cents >= 0),
  status text NOT NULL CHECK (status IN ('authorising', 'authorised', 'declined', 'captured', 'capture_declined', 'voided')),
  provider_reference text,
  authorisation_expires_at timestamptz,
  decline_code text,
  -- The request that started it (its Idempotency-Key row gets the answer when the outcome is known).
  idempotency_operation_id text,
  idempotency_key text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT card_charges_one_purpose CHECK ((payment_id IS NULL) <> (deposit_id IS NULL))
);
--> statement-breakpoint
-- At most one live charge per payment (a declined one may be followed by another attempt, e.g. paying a request).
CREATE UNIQUE INDEX card_charges_live_payment_key ON card_charges (payment_id)
  WHERE payment_id IS NOT NULL AND status IN ('authorising', 'authorised', 'captured');
--> statement-breakpoint
CREATE UNIQUE INDEX card_charges_deposit_key ON card_charges (deposit_id) WHERE deposit_id IS NOT NULL;
--> statement-breakpoint
-- A provider-side answer to an Idempotency-Key that is still being worked out is rendered in the caller's language
-- at the request's path.
ALTER TABLE idempotency_keys ADD COLUMN locale text;
--> statement-breakpoint
ALTER TABLE idempotency_keys ADD COLUMN request_path text;
--> statement-breakpoint
-- One USDT deposit address per user, given by the network provider.
CREATE TABLE usdt_addresses (
  user_id uuid PRIMARY KEY REFERENCES users (id),
  address text NOT NULL UNIQUE,
  network text NOT NULL,
  created_at timestamptz NOT NULL
);
--> statement-breakpoint
-- Uploaded photos and videos. The bytes live in MediaStorage under storage_key (made by the server, never by the
-- client); content_type is what the bytes are (sniffed), not what the client said.
CREATE TABLE media (
  id uuid PRIMARY KEY,
  owner_user_id uuid NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('photo', 'video')),
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'video/mp4', 'video/quicktime')),
  size_bytes bigint NOT NULL CHECK (size_bytes > 0),
  sha256 text NOT NULL,
  storage_key text NOT NULL UNIQUE,
  file_name text NOT NULL,
  created_at timestamptz NOT NULL
);
--> statement-breakpoint
CREATE INDEX media_owner_idx ON media (owner_user_id, created_at);
--> statement-breakpoint
CREATE INDEX payment_messages_media_idx ON payment_messages (media_id) WHERE media_id IS NOT NULL;
--> statement-breakpoint
-- The sandbox providers' own records (card tokens and authorisations, USDT transfers, payouts, linked accounts):
-- what a real provider keeps on its side. Only server/providers/sandbox/ touches it.
CREATE TABLE sandbox_objects (
  id text PRIMARY KEY,
  kind text NOT NULL,
  idempotency_key text,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX sandbox_objects_idempotency_key ON sandbox_objects (kind, idempotency_key) WHERE idempotency_key IS NOT NULL;
