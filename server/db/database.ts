import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';
import { runPgliteStatement } from './pglite-statement';
import { listenOnPostgres, type Listener } from './notify-listener';

export type { Listener };

/** Drizzle over either driver: the query code is written once against this type. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Rows of a raw statement, whichever driver runs it. */
  rows<T>(query: SQL): Promise<T[]>;
  /**
   * A hot statement straight to the driver, outside any transaction (a single statement is its own): no query
   * builder on the way, and on PostgreSQL a named prepared statement, parsed and planned once per connection.
   * Only for fixed SQL text with $n parameters (the send from balance, the session read; docs/performance.md).
   */
  statement<T>(name: string, text: string, values: unknown[]): Promise<T[]>;
  /** Connections in use and waited for (metrics). PGlite is one connection that queries queue on. */
  poolStats(): PoolStats;
  /**
   * Calls `onNotify` for each NOTIFY on `channel`, which PostgreSQL delivers when the sending transaction commits
   * (never for one rolled back). On PostgreSQL a connection of its own that every instance holds, so one instance's
   * commit wakes them all (notify-listener.ts); on PGlite its own LISTEN, which hears the one connection's commits.
   * `payload` is the notification's text ('' when none; none at all for the call after a (re)connection).
   * Close the listener before the database.
   */
  listen(channel: string, onNotify: (payload?: string) => void, onError?: (error: unknown) => void): Promise<Listener>;
  close(): Promise<void>;
}

interface PoolStats {
  max: number;
  total: number;
  idle: number;
  waiting: number;
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
    // A checked-out client between two queries of a transaction gets the server's goodbye (57P01 on a shutdown) as an
    // 'error' event nobody listens to, which would end the process (found by tests/api/database-outage.test.ts). Its
    // next query fails instead, the request answers 503, and the pool drops the client on release.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePostgres({ client: pool, schema }) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      rows: <T>(q: SQL) => rowsOf<T>(db)(q),
      statement: async <T>(name: string, text: string, values: unknown[]) =>
        (await pool.query<T & pg.QueryResultRow>({ name, text, values })).rows as T[],
      poolStats: () => ({ max: pool.options.max ?? 10, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      listen: (channel, onNotify, onError) => listenOnPostgres(options.databaseUrl!, channel, onNotify, onError),
      close: () => pool.end(),
    };
  }
  let lock: DataDirLock | undefined;
  if (options.dataDir) lock = acquireDataDirLock(options.dataDir);
  try {
    // pg_trgm and btree_gin: the activity search's note index (migration 0028); PGlite ships them as contrib.
    const extensions = { pg_trgm, btree_gin };
    const client = options.dataDir ? await PGlite.create(`${options.dataDir}/pglite`, { extensions }) : await PGlite.create({ extensions });
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    return {
      kind: 'pglite',
      db,
      rows: <T>(q: SQL) => rowsOf<T>(db)(q),
      // One exchange with PostgreSQL-in-WASM instead of six, exclusive as query is (pglite-statement.ts).
      statement: <T>(_name: string, text: string, values: unknown[]) => runPgliteStatement<T>(client, text, values),
      poolStats: () => ({ max: 1, total: 1, idle: 1, waiting: 0 }),
      listen: async (channel, onNotify) => {
        // Checked (session of issue 22): PGlite runs the callback when the notifying transaction commits, not on a
        // rollback, whichever of its queries committed it.
        const unlisten = await client.listen(channel, (payload) => onNotify(payload));
        return { close: () => unlisten() };
      },
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
