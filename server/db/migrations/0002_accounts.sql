-- Accounts and sessions. Times are written from the server's clock (tests move it); defaults are a fallback only.
CREATE TABLE users (
  id uuid PRIMARY KEY,
  email text NOT NULL,
  password_hash text NOT NULL,
  email_status text NOT NULL DEFAULT 'unverified' CHECK (email_status IN ('unverified', 'verified')),
  account_status text NOT NULL DEFAULT 'active' CHECK (account_status IN ('active', 'closed')),
  username text,
  country text,
  full_name text,
  e_signature_consent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- Unique ignoring case (spec 5: 'Email already registered', 'Username already exists').
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));
--> statement-breakpoint
CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username)) WHERE username IS NOT NULL;
--> statement-breakpoint
-- Opaque session tokens, stored only as SHA-256 hashes.
CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
--> statement-breakpoint
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
