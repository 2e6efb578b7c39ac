import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';

/** Drizzle over either driver: the query code is written once against this type. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Rows of a raw statement, whichever driver runs it. */
  rows<T>(query: SQL): Promise<T[]>;
  close(): Promise<void>;
}

function rowsOf<T>(db: Db) {
  return async (query: SQL): Promise<T[]> => {
    const result = (await db.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  };
}

export interface OpenDatabaseOptions {
  /** postgres://… to use PostgreSQL; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite's directory; omit for an in-memory database (tests). */
  dataDir?: string | undefined;
  poolSize?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client losing its server (a restart) must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const db = drizzlePostgres({ client: pool, schema }) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      rows: <T>(q: SQL) => rowsOf<T>(db)(q),
      close: () => pool.end(),
    };
  }
  let lock: DataDirLock | undefined;
  if (options.dataDir) lock = acquireDataDirLock(options.dataDir);
  try {
    const client = options.dataDir ? await PGlite.create(`${options.dataDir}/pglite`) : await PGlite.create();
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    return {
      kind: 'pglite',
      db,
      rows: <T>(q: SQL) => rowsOf<T>(db)(q),
      close: async () => {
        await client.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
