-- Notification emails (docs/decisions.md "Notification emails"): a user is mailed when they receive a payment, a
-- payment request (or its reminder), a price-point order, or the creator's reply to theirs — when their preference
-- (users.email_notifications) is on. Nothing is written by the payment's own transaction: a background pass reads
-- payment_events after a cursor and writes one row here per mail, and a job delivers it.

-- How far the pass has read payment_events. One row; starts at the newest event, so turning this on does not mail
-- anyone about the past.
CREATE TABLE notification_cursor (
  id integer PRIMARY KEY CHECK (id = 1),
  last_event_id bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO notification_cursor (id, last_event_id) SELECT 1, COALESCE(max(id), 0) FROM payment_events;
--> statement-breakpoint
-- One mail per trail line at most: the primary key is what makes a second pass (another instance, a retry) a no-op.
CREATE TABLE notifications (
  payment_event_id bigint PRIMARY KEY REFERENCES payment_events (id),
  payment_id uuid NOT NULL REFERENCES payments (id),
  user_id uuid NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('payment_received', 'payment_requested', 'request_reminder', 'price_point_paid', 'price_point_replied')),
  -- pending until the job has handed the mail over (sent) or found it must not go (skipped: preference off,
  -- account closed, address not verified).
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'skipped')),
  created_at timestamptz NOT NULL,
  finished_at timestamptz
);
--> statement-breakpoint
-- A message's key: the outbox stores a keyed message once, so a delivery repeated after a lost lease is not a
-- second mail (SMTP gets the key as its Message-ID). Account mails carry none.
ALTER TABLE outbox ADD COLUMN message_key text CONSTRAINT outbox_message_key_key UNIQUE;
