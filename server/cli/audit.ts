import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { EXIT, runAudit } from '../audit/audit-command';

/**
 * `npm run audit -- payment <id>` / `npm run audit -- ledger`: reads DATABASE_URL, or PGlite in DATA_DIR, like
 * the server. It only reads; exit 1 names a breach, exit 2 a wrong command or a payment that does not exist.
 */
const config = loadConfig();
let database;
try {
  database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
} catch (error) {
  // PGlite's directory is locked by a running server: say so rather than print a stack.
  console.error((error as Error).message);
  process.exit(EXIT.usage);
}
try {
  process.exitCode = await runAudit(process.argv.slice(2), database, (line) => console.log(line));
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = EXIT.usage;
} finally {
  await database.close();
}
