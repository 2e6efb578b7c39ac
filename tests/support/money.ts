import { randomUUID } from 'node:crypto';
import type { Database } from '../../server/db/database';
import { media, users } from '../../server/db/schema/index';
import { issueSession } from '../../server/auth/session-tokens';
import { hashPassword } from '../../server/auth/passwords';
import { postEntry } from '../../server/ledger/post-entry';

export interface TestUser {
  id: string;
  username: string;
  token: string;
}

let counter = 0;

/** Every createUser account's password: the step-up calls (issue 21) ask for it as `current_password`. */
export const TEST_USER_PASSWORD = 'Test!passw0rd';
// Hashed once per test process (argon2 is slow on purpose).
let testUserHash: Promise<string> | undefined;

/** A signed-up user with a complete profile and a session (login itself belongs to the accounts feature). */
export async function createUser(database: Database, now: Date, name?: string): Promise<TestUser> {
  const id = randomUUID();
  const username = name ?? `user_${process.pid}_${++counter}_${id.slice(0, 6)}`;
  await database.db.insert(users).values({
    id,
    email: `${username}@example.com`,
    passwordHash: await (testUserHash ??= hashPassword(TEST_USER_PASSWORD)),
    emailStatus: 'verified',
    username,
    country: 'US',
    fullName: `Test ${username}`,
  });
  return { id, username, token: await issueSession(database.db, id, now) };
}

/**
 * Puts money in a wallet the way a settled card deposit will: one journal entry card_clearing → wallet, through
 * the real ledger code (postEntry), not a mock.
 */
export async function fundWallet(database: Database, userId: string, cents: number, now: Date): Promise<void> {
  await database.db.transaction(async (tx) => {
    await postEntry(tx, {
      kind: 'funding',
      description: 'test funding',
      createdAt: now,
      postings: [
        { account: { system: 'card_clearing' }, amountCents: -cents },
        { account: { wallet: userId }, amountCents: cents },
      ],
    });
  });
}

/**
 * A media row owned by `userId`, as an upload makes it (for service-level tests that need a valid messageMediaId
 * without going through HTTP; the bytes are not stored).
 */
export async function createTestMedia(database: Database, userId: string, kind: 'photo' | 'video', now: Date = new Date()): Promise<string> {
  const id = randomUUID();
  await database.db.insert(media).values({
    id,
    ownerUserId: userId,
    kind,
    contentType: kind === 'photo' ? 'image/jpeg' : 'video/mp4',
    sizeBytes: 1,
    sha256: '0'.repeat(64),
    storageKey: id,
    fileName: kind === 'photo' ? 'photo.jpg' : 'video.mp4',
    createdAt: now,
  });
  return id;
}
