import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { userRoles, type Role } from '../db/schema/index';
import { DomainError } from '../problems/domain-error';

async function hasRole(db: Db, userId: string, role: Role): Promise<boolean> {
  const [row] = await db.select({ role: userRoles.role }).from(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, role))).limit(1);
  return row !== undefined;
}

/** Gives `role` to a user; granting it again keeps the first grant's time. Returns whether it was new. */
export async function grantRole(db: Db, userId: string, role: Role, now: Date): Promise<boolean> {
  const inserted = await db.insert(userRoles).values({ userId, role, grantedAt: now }).onConflictDoNothing().returning();
  return inserted.length > 0;
}

export async function revokeRole(db: Db, userId: string, role: Role): Promise<boolean> {
  const deleted = await db.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, role))).returning();
  return deleted.length > 0;
}

/**
 * The auditor-only operations answer anyone else as if they did not exist (404, like another user's payment):
 * a plain user learns nothing, not even that an audit API is there.
 */
export async function requireRole(db: Db, userId: string, role: Role): Promise<void> {
  if (!(await hasRole(db, userId, role))) throw new DomainError('not_found');
}
