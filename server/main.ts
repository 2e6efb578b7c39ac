import cluster from 'node:cluster';
import { runPrimary } from './cluster';
import { ConfigError, loadConfig } from './config';
import { DataDirInUseError } from './db/data-dir-lock';
import { MigrationDriftError } from './db/migrate';
import { startServer } from './start-server';
import { devToolsNotice } from './dev-tools-notice';
import { APP_VERSION } from './version';

/** After SIGTERM, what has not finished by then is abandoned (orchestrators kill at 30 s by default; we stay well under). */
const SHUTDOWN_DEADLINE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  // Once per start (the cluster's primary, or the only process), before anything listens: stdout, not the log,
  // so no LOG_LEVEL hides it.
  const notice = cluster.isPrimary ? devToolsNotice(config) : null;
  if (notice) console.log(notice);
  // WEB_CONCURRENCY > 1: this process only forks and watches the workers, each of which runs the code below.
  if (config.webConcurrency > 1 && cluster.isPrimary) return runPrimary(config);
  const server = await startServer(config);
  const log = server.app.log;
  log.info(
    {
      version: APP_VERSION,
      url: server.url,
      database: config.databaseUrl ? 'postgresql' : 'pglite',
      ...(config.databaseUrl ? {} : { dataDir: config.dataDir }),
      ...(server.metricsPort === undefined ? {} : { metricsPort: server.metricsPort }),
    },
    'Tipjar started',
  );
  let stopping = false;
  const shutdown = async (signal: string) => {
    // A worker may get both the terminal's SIGINT and its primary's SIGTERM: one shutdown.
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    log.info({ signal }, 'shutting down: no new requests; finishing those in flight and the current job');
    const force = setTimeout(() => {
      log.error({ signal, deadlineMs: SHUTDOWN_DEADLINE_MS }, 'shutdown deadline passed: exiting with work unfinished');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    force.unref();
    try {
      await server.stop();
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    log.info({ signal, ms: Date.now() - started }, 'stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  // Known start-up refusals are one clear line; anything else is a bug and keeps its stack.
  if (error instanceof ConfigError || error instanceof DataDirInUseError || error instanceof MigrationDriftError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
