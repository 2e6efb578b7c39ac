-- Account settings (issue 7, "Account"): preferences stored server-side, closing an account, avatar and banner.
-- Preferences: the language emails are written in and whether the user gets notification emails.
ALTER TABLE users ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'es', 'pt'));
--> statement-breakpoint
ALTER TABLE users ADD COLUMN email_notifications boolean NOT NULL DEFAULT true;
--> statement-breakpoint
-- When the account was closed (account_status 'closed'); the rows stay so the ledger keeps its history.
ALTER TABLE users ADD COLUMN closed_at timestamptz;
--> statement-breakpoint
-- The profile's photo (avatar) and background image: uploaded media of the owner, shown publicly.
ALTER TABLE profiles ADD COLUMN photo_media_id uuid REFERENCES media (id);
--> statement-breakpoint
ALTER TABLE profiles ADD COLUMN background_media_id uuid REFERENCES media (id);
