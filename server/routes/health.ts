import type { SomeHandlers } from '../http/contract-handlers';
import type { Services } from '../services';
import { readinessCheck } from '../observability/readiness';
import { APP_VERSION } from '../version';
import { DomainError } from '../problems/domain-error';

/**
 * Liveness says only that the event loop answers (restarting a process because its database is down would not
 * help); readiness says whether this instance can serve: the database answers and carries this version's schema.
 */
export function healthHandlers(services: Services) {
  const readiness = readinessCheck(services.database);
  return {
    getLiveness: async () => ({ status: 'ok', version: APP_VERSION }),

    getReadiness: async (request) => {
      const found = await readiness((error) => request.log.warn({ err: error }, 'readiness: database unreachable'));
      if (found === 'database_unreachable') throw new DomainError('database_unreachable');
      if (found === 'migrations_pending') throw new DomainError('migrations_pending');
      return { status: 'ok', version: APP_VERSION };
    },
  } satisfies SomeHandlers;
}
