import { sql } from 'drizzle-orm';
import type { OperationHandlers } from '../http/operations';
import type { Services } from '../services';
import { HttpProblem } from '../http/problem';
import { migrationsAreCurrent, readMigrations } from '../db/migrate';
import { APP_VERSION } from '../version';

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
 * Liveness says only that the event loop answers (restarting a process because its database is down would not
 * help); readiness says whether this instance can serve: the database answers and carries this version's schema.
 */
export function healthHandlers(services: Services): OperationHandlers {
  // The files this build ships with: read once, they do not change while the process runs.
  const migrations = readMigrations();
  return {
    getLiveness: async () => ({ status: 'ok', version: APP_VERSION }),

    getReadiness: async (request) => {
      let current: boolean;
      try {
        current = await within(READY_TIMEOUT_MS, (async () => {
          await services.database.rows(sql`SELECT 1`);
          return migrationsAreCurrent(services.database, migrations);
        })());
      } catch (error) {
        request.log.warn({ err: error }, 'readiness: database unreachable');
        throw new HttpProblem(503, 'database_unreachable', 'errors:not_ready_database');
      }
      if (!current) throw new HttpProblem(503, 'migrations_pending', 'errors:not_ready_migrations');
      return { status: 'ok', version: APP_VERSION };
    },
  };
}
