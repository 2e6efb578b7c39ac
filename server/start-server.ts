import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { openDatabase, type Database } from './db/database';
import { migrate } from './db/migrate';
import { buildApp } from './app';
import { DatabaseDevClock, systemClock, type Clock } from './clock';
import { readDevClockOffset } from './dev/dev-clock';
import { startJobRunner } from './jobs/runner';
import { startMediaSweep } from './media/orphan-sweep';
import { createMetrics, shareMetricsWithPrimary, startMetricsServer } from './observability/metrics';
import { createProviders, mediaDirOf } from './providers/index';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  url: string;
  /** The metrics listener's port, when METRICS_PORT is set. */
  metricsPort: number | undefined;
  /**
   * Graceful stop: refuse new connections, let requests in flight and the job being run finish, then close the
   * database. main.ts bounds it with a deadline.
   */
  stop(): Promise<void>;
}

/** Opens the database, applies migrations, builds the app and listens. Used by main.ts and by tests on a port. */
export async function startServer(config: Config, options: { webDir?: string | null } = {}): Promise<RunningServer> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.dbPoolSize });
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
    const metrics = createMetrics(database, clock);
    const providers = createProviders({ database, clock, mediaDir: mediaDirOf(config), config });
    const app = await buildApp({ config, database, clock, webDir: options.webDir, metrics, providers });
    app.addHook('onClose', async () => {
      if (clock instanceof DatabaseDevClock) clock.stopPolling();
    });
    // Hold expiry, card captures and voids, USDT confirmations, payouts, notification emails (through the app's own
    // mailer) and the idempotency-key purge; safe to run in every instance (jobs are claimed SKIP LOCKED; provider
    // calls happen between transactions, under a lease). Listening for queued jobs before the port opens, so the card
    // capture that a first request queues is heard at once (jobs/runner.ts).
    const jobs = startJobRunner(
      { database, clock, providers, mailer: app.mailer, publicUrl: config.publicUrl, log: app.log, onJobFinished: (kind, outcome, seconds) => {
          metrics.observeJob(kind, outcome, seconds);
          // A job's change (a hold expired, a card captured) is committed by now: the streams are told.
          app.live.changed();
        } },
      config.jobIntervalMs,
      (error) => app.log.error({ err: error }, 'job runner'),
      { wake: config.jobWake },
    );
    let address: string;
    let metricsServer: Awaited<ReturnType<typeof startMetricsServer>> | undefined;
    try {
      await jobs.listening;
      address = await app.listen({ port: config.port, host: config.host });
      // Under WEB_CONCURRENCY the primary serves the metrics of all workers (server/cluster.ts).
      if (config.metricsPort !== undefined && cluster.isWorker) shareMetricsWithPrimary(metrics);
      metricsServer =
        config.metricsPort === undefined || cluster.isWorker ? undefined : await startMetricsServer(metrics, config.metricsPort, config.metricsHost);
    } catch (error) {
      await Promise.all([app.close(), jobs.stop()]);
      throw error;
    }
    // Files a crash left without their row (media/orphan-sweep.ts), hourly; a day's grace for uploads in flight.
    const sweep = startMediaSweep({ db: database.db, storage: providers.media, clock }, undefined, (error) => app.log.error({ err: error }, 'media sweep'));
    let stopping: Promise<void> | null = null;
    return {
      app,
      database,
      url: address.replace('0.0.0.0', '127.0.0.1').replace('[::]', '127.0.0.1'),
      metricsPort: metricsServer?.port,
      stop() {
        stopping ??= (async () => {
          // Both at once: the listener stops accepting and drains its requests while the runner finishes its job
          // (and starts no other). Only when neither can touch it any more does the database close.
          await Promise.all([app.close(), jobs.stop(), sweep.stop()]);
          await metricsServer?.close();
          await database.close();
        })();
        return stopping;
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
