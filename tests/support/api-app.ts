import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app';
import { OffsetClock } from '../../server/clock';
import { loadConfig } from '../../server/config';
import type { DatabaseKind, FreshDatabase } from './databases';
import type { DestinationStream } from 'pino';

/** The real server, in-process on a fresh database (no port, no web build): for API tests. */
export interface ApiHarness {
  app: FastifyInstance;
  fresh: FreshDatabase;
  clock: OffsetClock;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Extra environment for loadConfig (NODE_ENV defaults to test). */
  env?: Record<string, string>;
  /** Receives the server's log lines (set LOG_LEVEL in env to have any). */
  logStream?: DestinationStream;
}

export async function startApi(kind: DatabaseKind, options: StartOptions = {}): Promise<ApiHarness> {
  const fresh = await kind.open();
  const clock = new OffsetClock();
  const config = loadConfig({ NODE_ENV: 'test', ...options.env });
  const app = await buildApp({ config, database: fresh.database, clock, webDir: null, logStream: options.logStream });
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
