import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/database';
import { passwordResets, sessions, users } from '../db/schema/index';

/** Issue 3: a reset link (saltcode) is single-use and expires after 1 hour. */
export const RESET_TTL_MS = 60 * 60 * 1000;

function hashSaltcode(saltcode: string): string {
  return createHash('sha256').update(saltcode).digest('hex');
}

/** A new 256-bit saltcode for the user; earlier unused links stop working. Returns the saltcode to be emailed. */
export async function issueReset(db: Db, userId: string, now: Date): Promise<string> {
  const saltcode = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResets)
      .set({ revokedAt: now })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt), isNull(passwordResets.revokedAt)));
    await tx.insert(passwordResets).values({
      tokenHash: hashSaltcode(saltcode),
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TTL_MS),
    });
  });
  return saltcode;
}

export type ResetCheck = { result: 'ok'; userId: string; tokenHash: string } | { result: 'invalid' | 'expired' | 'used' };

/** Finds the link without using it (so the new password is hashed only for a live link). */
export async function checkReset(db: Db, userId: string | undefined, saltcode: string, now: Date): Promise<ResetCheck> {
  const tokenHash = hashSaltcode(saltcode);
  const [row] = await db.select().from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash)).limit(1);
  // A saltcode of another account than the email names is as good as none.
  if (!row || row.userId !== userId) return { result: 'invalid' };
  if (row.usedAt || row.revokedAt) return { result: 'used' };
  if (now.getTime() >= row.expiresAt.getTime()) return { result: 'expired' };
  return { result: 'ok', userId: row.userId, tokenHash };
}

/**
 * Uses the link and sets the new password in one transaction: the conditional update makes the link single-use
 * even under parallel requests; every session of the user is revoked, other links die, and the email counts as
 * verified (the link proved the mailbox). Returns false when the link was used meanwhile.
 */
export async function completeReset(
  db: Db,
  check: { userId: string; tokenHash: string },
  passwordHash: string,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.tokenHash, check.tokenHash), isNull(passwordResets.usedAt), isNull(passwordResets.revokedAt)))
      .returning({ userId: passwordResets.userId });
    if (!used) return false;
    await tx
      .update(passwordResets)
      .set({ revokedAt: now })
      .where(and(eq(passwordResets.userId, check.userId), isNull(passwordResets.usedAt), isNull(passwordResets.revokedAt)));
    await tx
      .update(users)
      .set({ passwordHash, emailStatus: 'verified', updatedAt: now })
      .where(eq(users.id, check.userId));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, check.userId), isNull(sessions.revokedAt)));
    return true;
  });
}

/** A password changed another way kills outstanding reset links too. */
export async function revokeResets(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(passwordResets)
    .set({ revokedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt), isNull(passwordResets.revokedAt)));
}
