import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Applied migrations; written only by the migrator. */
export const schemaMigrations = pgTable('schema_migrations', {
  version: text('version').primaryKey(),
  checksum: text('checksum').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The test clock's offset from real time, shared by every server process on the database so that
 * "72 hours pass" means the same to all of them. One row (id = 1). Only used outside production.
 */
export const devClock = pgTable('dev_clock', {
  id: integer('id').primaryKey(),
  offsetMs: bigint('offset_ms', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
