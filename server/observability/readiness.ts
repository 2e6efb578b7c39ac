import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { migrationsAreCurrent, readMigrations } from '../db/migrate';

/** What readiness found: the database answered and carries this build's migrations, or which of the two failed. */
export type Readiness = 'ready' | 'database_unreachable' | 'migrations_pending';

/** A database that takes longer than this to answer `SELECT 1` is as good as gone for a load balancer. */
const READY_TIMEOUT_MS = 2_000;

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The readiness check of one instance: the files this build ships with are read once (they do not change while the
 * process runs); each check asks the database within READY_TIMEOUT_MS. `onUnreachable` hears why it failed.
 */
export function readinessCheck(database: Database) {
  const migrations = readMigrations();
  return async (onUnreachable: (error: unknown) => void): Promise<Readiness> => {
    try {
      const current = await within(READY_TIMEOUT_MS, (async () => {
        await database.rows(sql`SELECT 1`);
        return migrationsAreCurrent(database, migrations);
      })());
      return current ? 'ready' : 'migrations_pending';
    } catch (error) {
      onUnreachable(error);
      return 'database_unreachable';
    }
  };
}
