import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app';
import { OffsetClock } from '../../server/clock';
import { loadConfig } from '../../server/config';
import type { DatabaseKind, FreshDatabase } from './databases';
import type { DestinationStream } from 'pino';
import type { Metrics } from '../../server/observability/metrics';
import type { Clock } from '../../server/clock';
import type { Database } from '../../server/db/database';
import type { Providers } from '../../server/providers/index';
import type { LiveOptions } from '../../server/live/live-hub';

/** The real server, in-process on a fresh database (no port, no web build): for API tests. */
export interface ApiHarness {
  app: FastifyInstance;
  fresh: FreshDatabase;
  clock: OffsetClock;
  /** Where this server stores uploaded media (a fresh temporary directory unless MEDIA_DIR is given). */
  mediaDir: string;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Extra environment for loadConfig (NODE_ENV defaults to test). */
  env?: Record<string, string>;
  /** Receives the server's log lines (set LOG_LEVEL in env to have any). */
  logStream?: DestinationStream;
  /** Counts requests into these metrics (observability/metrics.ts). */
  metrics?: Metrics;
  /** Other providers than the sandboxes (e.g. a card processor that times out), made from the harness's own. */
  providers?: (deps: { database: Database; clock: Clock; mediaDir: string }) => Providers;
  /** The event streams' heartbeat and limits (server/live/live-hub.ts). */
  live?: LiveOptions;
}

export async function startApi(kind: DatabaseKind, options: StartOptions = {}): Promise<ApiHarness> {
  const fresh = await kind.open();
  const clock = new OffsetClock();
  const ownMediaDir = options.env?.MEDIA_DIR ? null : mkdtempSync(join(tmpdir(), 'tipjar-media-'));
  const config = loadConfig({ NODE_ENV: 'test', ...(ownMediaDir ? { MEDIA_DIR: ownMediaDir } : {}), ...options.env });
  const providers = options.providers?.({ database: fresh.database, clock, mediaDir: config.mediaDir! });
  const app = await buildApp({ config, database: fresh.database, clock, webDir: null, logStream: options.logStream, metrics: options.metrics, providers, live: options.live });
  await app.ready();
  return {
    app,
    fresh,
    clock,
    mediaDir: config.mediaDir!,
    inject: (options) => app.inject(options),
    async close() {
      await app.close();
      await fresh.dispose();
      if (ownMediaDir) rmSync(ownMediaDir, { recursive: true, force: true });
    },
  };
}
