-- Issue 23 item 2: the supporters wall on a creator's pay page. The payer chooses, per payment, to show their name
-- and message on the receiver's page (off by default); the receiver may hide any of them (when, kept for the record).
-- The wall reads the receiver's recent shown payments: the partial index holds only those.
ALTER TABLE payments ADD COLUMN show_on_page boolean NOT NULL DEFAULT false;
--> statement-breakpoint
ALTER TABLE payments ADD COLUMN hidden_on_page_at timestamptz;
--> statement-breakpoint
CREATE INDEX payments_shown_on_page ON payments (receiver_user_id, created_at DESC) WHERE show_on_page;
