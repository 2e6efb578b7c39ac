import { randomUUID } from 'node:crypto';
import type { Database } from '../../server/db/database';
import { users } from '../../server/db/schema/index';
import { issueSession } from '../../server/auth/session-tokens';
import type { TestUser } from './money';

let counter = 0;

/**
 * A user with a session whose profile is not complete (spec §6): `verified-no-set-up` proved their email but has
 * no username, country or full name yet; `unverified` has not proved their email (`unverified-set-up` has filled
 * in everything else, so only the verification is missing).
 */
export type Incomplete = 'verified-no-set-up' | 'unverified' | 'unverified-set-up';

export async function createIncompleteUser(database: Database, now: Date, kind: Incomplete): Promise<TestUser> {
  const id = randomUUID();
  const name = `half_${process.pid}_${++counter}_${id.slice(0, 6)}`;
  const profile = kind === 'unverified-set-up' ? { username: name, country: 'US', fullName: `Half ${name}` } : {};
  await database.db.insert(users).values({
    id,
    email: `${name}@example.com`,
    passwordHash: 'x',
    emailStatus: kind === 'verified-no-set-up' ? 'verified' : 'unverified',
    ...profile,
  });
  return { id, username: name, token: await issueSession(database.db, id, now) };
}
