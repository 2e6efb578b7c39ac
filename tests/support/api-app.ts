import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app';
import { OffsetClock } from '../../server/clock';
import { loadConfig } from '../../server/config';
import type { DatabaseKind, FreshDatabase } from './databases';

/** The real server, in-process on a fresh database (no port, no web build): for API tests. */
export interface ApiHarness {
  app: FastifyInstance;
  fresh: FreshDatabase;
  clock: OffsetClock;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function startApi(kind: DatabaseKind): Promise<ApiHarness> {
  const fresh = await kind.open();
  const clock = new OffsetClock();
  const config = loadConfig({ NODE_ENV: 'test' });
  const app = await buildApp({ config, database: fresh.database, clock, webDir: null });
  await app.ready();
  return {
    app,
    fresh,
    clock,
    inject: (options) => app.inject(options),
    async close() {
      await app.close();
      await fresh.dispose();
    },
  };
}
