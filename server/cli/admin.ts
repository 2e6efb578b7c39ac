import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { runAdmin } from '../roles/admin-command';

/** `npm run admin -- grant-auditor <email>`: on DATABASE_URL, or PGlite in DATA_DIR, like the server. */
const config = loadConfig();
let database;
try {
  database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
try {
  // The roles table arrives with a migration: a database the server has not started on yet gets it here.
  await migrate(database);
  process.exitCode = await runAdmin(process.argv.slice(2), database, new Date(), (line) => console.log(line));
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 2;
} finally {
  await database.close();
}
