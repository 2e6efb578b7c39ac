-- Creators and people (issue 7): the public profile's bio, and each user's contacts. Price points are in 0005.
-- One row per user who has written a profile; a user without one shows an empty bio.
CREATE TABLE profiles (
  user_id uuid PRIMARY KEY REFERENCES users (id),
  bio_message text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL
);
--> statement-breakpoint
-- A contact is one-way (like a follow): adding someone does not add you to their list.
CREATE TABLE contacts (
  owner_user_id uuid NOT NULL REFERENCES users (id),
  contact_user_id uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (owner_user_id, contact_user_id),
  CONSTRAINT contacts_not_self CHECK (owner_user_id <> contact_user_id)
);
