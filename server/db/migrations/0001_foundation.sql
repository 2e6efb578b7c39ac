-- Foundation: the test clock shared across processes. (schema_migrations is created by the migrator itself.)
CREATE TABLE dev_clock (
  id integer PRIMARY KEY CHECK (id = 1),
  offset_ms bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
INSERT INTO dev_clock (id, offset_ms) VALUES (1, 0);
