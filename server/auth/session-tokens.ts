import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { sessions } from '../db/schema/index';

/** design.md §6: a session idles out after 30 minutes and ends after 12 hours whatever happens. */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
// Refreshing last_seen_at on every request would be a write per read; a minute's slack on a 30-minute idle is fine.
export const SESSION_TOUCH_AFTER_MS = 60 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new opaque token (256 random bits). Only its hash is stored; the token itself is returned once. */
export async function issueSession(db: Db, userId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
  });
  return token;
}

export type SessionCheck = { status: 'valid'; userId: string; tokenHash: string } | { status: 'expired' } | { status: 'unknown' };

// Every authenticated request starts with this read: built once per database and prepared (named) on each
// connection, so neither the query builder nor the server's planner runs per request (docs/performance.md).
const sessionReads = new WeakMap<Db, ReturnType<typeof prepareSessionRead>>();
function prepareSessionRead(db: Db) {
  return db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_by_token_hash');
}

export async function checkSession(db: Db, token: string, now: Date): Promise<SessionCheck> {
  const tokenHash = hashToken(token);
  let read = sessionReads.get(db);
  if (!read) sessionReads.set(db, (read = prepareSessionRead(db)));
  const [row] = await read.execute({ tokenHash });
  if (!row || row.revokedAt) return { status: 'unknown' };
  const idleEnd = row.lastSeenAt.getTime() + SESSION_IDLE_MS;
  if (now.getTime() >= row.expiresAt.getTime() || now.getTime() >= idleEnd) return { status: 'expired' };
  if (now.getTime() - row.lastSeenAt.getTime() >= SESSION_TOUCH_AFTER_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
  }
  return { status: 'valid', userId: row.userId, tokenHash };
}

/**
 * Refreshes last_seen_at as checkSession would, for a request whose session was checked inside a statement that
 * then rolled back (a refused send: migration 0020), so a refusal still counts as activity.
 */
export async function touchSession(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(and(eq(sessions.tokenHash, tokenHash), lte(sessions.lastSeenAt, new Date(now.getTime() - SESSION_TOUCH_AFTER_MS))));
}

export async function revokeSession(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

/** Logout everywhere, e.g. after a password reset; `exceptTokenHash` keeps the caller's own session (change password). */
export async function revokeAllSessions(db: Db, userId: string, now: Date, exceptTokenHash?: string): Promise<void> {
  const live = and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(exceptTokenHash ? and(live, ne(sessions.tokenHash, exceptTokenHash)) : live);
}

/** Whose token this is, whatever its state (logout revokes even an expired token). */
export async function sessionOwner(db: Db, token: string): Promise<{ userId: string; tokenHash: string } | null> {
  const tokenHash = hashToken(token);
  const [row] = await db.select({ userId: sessions.userId }).from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
  return row ? { userId: row.userId, tokenHash } : null;
}
