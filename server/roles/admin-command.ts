import type { Database } from '../db/database';
import { findUserByEmail } from '../accounts/users';
import { normalizeEmail } from '../../domain/rules/account-rules';
import { grantRole, revokeRole } from './roles';

const ADMIN_USAGE = 'usage: npm run admin -- grant-auditor <email> | npm run admin -- revoke-auditor <email>';

/**
 * `npm run admin -- grant-auditor <email>` (and revoke-auditor): roles are given from the server's command line
 * only, by whoever runs it against the database, never through the API. Returns the exit code (0 done, 2 refused).
 */
export async function runAdmin(args: string[], database: Database, now: Date, out: (line: string) => void): Promise<number> {
  const [command, email, ...rest] = args;
  if ((command !== 'grant-auditor' && command !== 'revoke-auditor') || !email || rest.length) {
    out(ADMIN_USAGE);
    return 2;
  }
  const user = await findUserByEmail(database.db, normalizeEmail(email));
  if (!user) {
    out(`no user with the email ${email}`);
    return 2;
  }
  if (command === 'grant-auditor') {
    const granted = await grantRole(database.db, user.id, 'auditor', now);
    out(granted ? `${user.email} (${user.id}) is now an auditor` : `${user.email} (${user.id}) was already an auditor`);
  } else {
    const revoked = await revokeRole(database.db, user.id, 'auditor');
    out(revoked ? `${user.email} (${user.id}) is no longer an auditor` : `${user.email} (${user.id}) was not an auditor`);
  }
  return 0;
}
