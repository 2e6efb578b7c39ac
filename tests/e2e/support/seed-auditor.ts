import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../../server/config';
import { openDatabase } from '../../../server/db/database';
import { migrate } from '../../../server/db/migrate';
import { users } from '../../../server/db/schema/index';
import { findUserByEmail } from '../../../server/accounts/users';
import { hashPassword } from '../../../server/auth/passwords';
import { grantRole } from '../../../server/roles/roles';
import { SEEDED_AUDITOR } from './auditor';
import { seedStatementUser } from './statement-user';

/**
 * Run before the e2e server starts (`npx tsx tests/e2e/support/seed-auditor.ts && node dist/server/main.js`): a
 * verified, set-up account with the auditor role, in the database the server is about to open (DATA_DIR, as the
 * server reads it). The role is granted as `npm run admin -- grant-auditor` grants it — in the database. Running it
 * again on the same directory changes nothing.
 */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
try {
  await migrate(database);
  const now = new Date();
  let user = await findUserByEmail(database.db, SEEDED_AUDITOR.email);
  if (!user) {
    await database.db.insert(users).values({
      id: randomUUID(),
      email: SEEDED_AUDITOR.email,
      passwordHash: await hashPassword(SEEDED_AUDITOR.password),
      emailStatus: 'verified',
      username: SEEDED_AUDITOR.username,
      fullName: SEEDED_AUDITOR.fullName,
      country: 'US',
      eSignatureConsentAt: now,
    });
    user = (await findUserByEmail(database.db, SEEDED_AUDITOR.email))!;
  }
  await grantRole(database.db, user.id, 'auditor', now);
  // And the statement tests' account with last month's history (tests/e2e/support/statement-user.ts).
  await seedStatementUser(database, now);
} finally {
  await database.close();
}
