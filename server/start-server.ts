import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { openDatabase, type Database } from './db/database';
import { migrate } from './db/migrate';
import { buildApp } from './app';
import { DatabaseDevClock, systemClock, type Clock } from './clock';
import { readDevClockOffset } from './db/dev-clock';
import { startJobRunner } from './jobs/runner';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  url: string;
  stop(): Promise<void>;
}

/** Opens the database, applies migrations, builds the app and listens. Used by main.ts and by tests on a port. */
export async function startServer(config: Config, options: { webDir?: string | null } = {}): Promise<RunningServer> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(database);
    // Production runs on the system clock; elsewhere the shared test clock (dev_clock row) can move time.
    let clock: Clock = systemClock;
    if (config.devFeatures) {
      const devClock = new DatabaseDevClock(() => readDevClockOffset(database.db));
      await devClock.refresh();
      devClock.startPolling();
      clock = devClock;
    }
    const app = await buildApp({ config, database, clock, webDir: options.webDir });
    app.addHook('onClose', async () => {
      if (clock instanceof DatabaseDevClock) clock.stopPolling();
    });
    const address = await app.listen({ port: config.port, host: config.host });
    // Hold expiry and the idempotency-key purge; safe to run in every instance (jobs are claimed SKIP LOCKED).
    const jobs = startJobRunner({ database, clock }, 5_000, (error) => app.log.error({ err: error }, 'job runner'));
    let stopped = false;
    return {
      app,
      database,
      url: address.replace('0.0.0.0', '127.0.0.1').replace('[::]', '127.0.0.1'),
      async stop() {
        if (stopped) return;
        stopped = true;
        await jobs.stop();
        await app.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
