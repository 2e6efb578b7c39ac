import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsDir } from '../paths';
import type { Database } from './database';

export interface Migration {
  version: string;
  checksum: string;
  statements: string[];
}

/** Versioned SQL files, applied in name order; a file is split on drizzle's `--> statement-breakpoint` marker. */
export function readMigrations(dir = migrationsDir): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((file) => {
      const text = readFileSync(join(dir, file), 'utf8');
      return {
        version: file.replace(/\.sql$/, ''),
        checksum: createHash('sha256').update(text).digest('hex'),
        statements: text
          .split('--> statement-breakpoint')
          .map((s) => s.trim())
          .filter(Boolean),
      };
    });
}

export class MigrationDriftError extends Error {}

// Any constant: every process that migrates takes this lock, so two instances starting together apply each file once.
const MIGRATION_LOCK_KEY = 7_240_113;

/** Applies pending migrations in one transaction; refuses to start if an applied file was edited. */
export async function migrate(database: Database, migrations = readMigrations()): Promise<string[]> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await tx.execute(sql`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const applied = new Map(
      ((await tx.execute(sql`SELECT version, checksum FROM schema_migrations`)) as unknown as {
        rows: { version: string; checksum: string }[];
      }).rows.map((r) => [r.version, r.checksum]),
    );
    const done: string[] = [];
    for (const migration of migrations) {
      const checksum = applied.get(migration.version);
      if (checksum !== undefined) {
        if (checksum !== migration.checksum) {
          throw new MigrationDriftError(
            `Migration ${migration.version} was edited after it was applied. Never edit an applied migration: add a new one.`,
          );
        }
        continue;
      }
      for (const statement of migration.statements) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql`INSERT INTO schema_migrations (version, checksum) VALUES (${migration.version}, ${migration.checksum})`,
      );
      done.push(migration.version);
    }
    return done;
  });
}

/** True when every migration file has been applied (used by readiness checks). */
export async function migrationsAreCurrent(database: Database, migrations = readMigrations()): Promise<boolean> {
  const rows = await database.rows<{ version: string }>(sql`SELECT version FROM schema_migrations`);
  const applied = new Set(rows.map((r) => r.version));
  return migrations.every((m) => applied.has(m.version));
}
