import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/db/database';
import { migrate, readMigrations } from '../../server/db/migrate';

/**
 * The databases every database suite runs on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set
 * (CI sets it). Each test file gets a fresh, migrated database of its own.
 */
export interface DatabaseKind {
  name: 'pglite' | 'postgres';
  open(): Promise<FreshDatabase>;
}

export interface FreshDatabase {
  database: Database;
  /** postgres://… of the fresh database (PostgreSQL only), for tests that start a server process. */
  url?: string;
  dispose(): Promise<void>;
}

/**
 * An empty PostgreSQL database of its own beside `baseUrl`'s (same server and role), for a test file, a benchmark
 * or a reliability run; `drop()` removes it even while connections to it remain.
 */
export async function scratchPostgres(baseUrl: string, prefix = 'tipjar_t'): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** Every migration, or (a migration's own test) those before `before`, so the test can run that one over old data. */
const migrationsBefore = (before?: string) => (before ? readMigrations().filter((m) => m.version < before) : undefined);

async function freshPostgres(baseUrl: string, before?: string): Promise<FreshDatabase> {
  const scratch = await scratchPostgres(baseUrl);
  const database = await openDatabase({ databaseUrl: scratch.url });
  await migrate(database, migrationsBefore(before));
  return {
    database,
    url: scratch.url,
    async dispose() {
      await database.close();
      await scratch.drop();
    },
  };
}

export function databaseKinds(options: { migratedBefore?: string } = {}): DatabaseKind[] {
  const kinds: DatabaseKind[] = [
    {
      name: 'pglite',
      async open() {
        const database = await openDatabase({});
        await migrate(database, migrationsBefore(options.migratedBefore));
        return { database, dispose: () => database.close() };
      },
    },
  ];
  const url = process.env.TEST_DATABASE_URL;
  if (url) kinds.push({ name: 'postgres', open: () => freshPostgres(url, options.migratedBefore) });
  return kinds;
}
