import { ConfigError, loadConfig } from './config';
import { DataDirInUseError } from './db/data-dir-lock';
import { MigrationDriftError } from './db/migrate';
import { startServer } from './start-server';
import { APP_VERSION } from './version';

async function main(): Promise<void> {
  const config = loadConfig();
  const server = await startServer(config);
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  console.log(`Tipjar ${APP_VERSION} listening on ${server.url} (database: ${where})`);
  const shutdown = async (signal: string) => {
    console.log(`${signal}: closing`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await server.stop();
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
