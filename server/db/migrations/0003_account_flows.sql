-- Account flows: the purchase a visitor started before signing up, email verification codes, password reset
-- links, the email outbox and the shared rate-limit counters. Secrets (codes, saltcodes) are stored only hashed.
ALTER TABLE users ADD COLUMN purchase jsonb;
--> statement-breakpoint
-- One live code per user: a resend replaces the row, which kills the old code.
CREATE TABLE email_verifications (
  user_id uuid PRIMARY KEY REFERENCES users (id),
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
  used_at timestamptz
);
--> statement-breakpoint
CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  -- Set when a newer link was sent or the password changed another way: the link is dead.
  revoked_at timestamptz
);
--> statement-breakpoint
CREATE INDEX password_resets_user_id_idx ON password_resets (user_id);
--> statement-breakpoint
-- Messages the server would send when no SMTP_URL is configured (and texts, later); read by GET /api/dev/outbox.
CREATE TABLE outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  recipient text NOT NULL,
  subject text NOT NULL DEFAULT '',
  body text NOT NULL,
  created_at timestamptz NOT NULL
);
--> statement-breakpoint
CREATE INDEX outbox_recipient_idx ON outbox (lower(recipient), id);
--> statement-breakpoint
-- Sliding-window rate limits shared by every server process: one row per counted attempt.
-- `bucket` never holds an email or other personal data in clear (emails are hashed into it).
CREATE TABLE rate_limit_hits (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  bucket text NOT NULL,
  at timestamptz NOT NULL
);
--> statement-breakpoint
CREATE INDEX rate_limit_hits_bucket_at_idx ON rate_limit_hits (bucket, at);
--> statement-breakpoint
CREATE INDEX rate_limit_hits_at_idx ON rate_limit_hits (at);
