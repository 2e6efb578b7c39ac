import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';

/** `npm run migrate`: apply pending migrations to DATABASE_URL, or to PGlite in DATA_DIR. */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const applied = await migrate(database);
  console.log(applied.length ? `Applied ${applied.join(', ')}` : 'Database is up to date');
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
