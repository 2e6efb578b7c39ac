-- Who invited an account (docs/people.md "Invite friends"): the username in the sign-up link (?invited_by=), when it
-- named an active account. Kept for good, like the rest of the account row; null for everyone who came on their own.
ALTER TABLE users ADD COLUMN invited_by_user_id uuid REFERENCES users (id);
