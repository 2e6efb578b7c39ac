-- Issue 21, step-up before anything that can take the account or redirect money.
-- A new email waits here until its code is verified; the account keeps `email` (sign-in, notices) until then.
ALTER TABLE users ADD COLUMN pending_email text;
--> statement-breakpoint
-- The address a code was sent to: a code proves that address only (null: a code issued before this migration, for
-- the account's email).
ALTER TABLE email_verifications ADD COLUMN address text;
--> statement-breakpoint
-- When the bank account's destination (holder, bank, account type or number) was last set or changed: withdrawals to
-- it open 24 hours later. An edit of the address or id alone does not move it. Existing rows count from their last
-- save.
ALTER TABLE bank_accounts ADD COLUMN destination_changed_at timestamptz;
--> statement-breakpoint
UPDATE bank_accounts SET destination_changed_at = updated_at;
--> statement-breakpoint
ALTER TABLE bank_accounts ALTER COLUMN destination_changed_at SET NOT NULL;
