-- Roles beyond an ordinary user (issue 9): an auditor reads any payment's trail and runs the ledger check.
-- Granted only from the command line (npm run admin -- grant-auditor <email>), never through the API; who granted
-- it is not known there, so the row keeps when. Revoking deletes the row.
CREATE TABLE user_roles (
  user_id uuid NOT NULL REFERENCES users (id),
  role text NOT NULL CHECK (role IN ('auditor')),
  granted_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, role)
);
