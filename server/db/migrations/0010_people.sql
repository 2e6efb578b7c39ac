-- People (issue 7): a verified phone number on the account, the texted codes that prove it, and the friends invited.
-- Codes are stored only hashed. One live code per user: asking again replaces the row, which kills the old code.
ALTER TABLE users ADD COLUMN phone_number text;
--> statement-breakpoint
ALTER TABLE users ADD COLUMN phone_verified_at timestamptz;
--> statement-breakpoint
-- A number proves one account: a second account cannot confirm a number someone already confirmed.
CREATE UNIQUE INDEX users_phone_number_key ON users (phone_number) WHERE phone_number IS NOT NULL;
--> statement-breakpoint
CREATE TABLE phone_verifications (
  user_id uuid PRIMARY KEY REFERENCES users (id),
  -- E.164: '+' and 8 to 15 digits (domain/rules/people-rules.ts).
  phone_number text NOT NULL,
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
  -- Set when the right code was entered; the number is the account's only once the user confirms the details.
  verified_at timestamptz
);
--> statement-breakpoint
-- Invitations sent by email: who invited whom (hashed address, never the address in clear) and when.
CREATE TABLE invitations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  inviter_user_id uuid NOT NULL REFERENCES users (id),
  email_hash text NOT NULL,
  created_at timestamptz NOT NULL
);
--> statement-breakpoint
CREATE INDEX invitations_inviter_idx ON invitations (inviter_user_id, created_at);
