import { eq, sql } from 'drizzle-orm';
import type { components } from '../../openapi/schema';

/** The contract's SessionUser: the domain type with the statuses narrowed to their values. */
export type SessionUserBody = components['schemas']['SessionUser'];
import type { Db } from '../db/database';
import { users } from '../db/schema/index';

export type UserRow = typeof users.$inferSelect;

/** Emails are stored normalised (domain normalizeEmail); the unique index is on lower(email) as well. */
export async function findUserByEmail(db: Db, normalizedEmail: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${normalizedEmail}`)
    .limit(1);
  return row;
}

export async function findUserById(db: Db, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export function toSessionUser(row: UserRow): SessionUserBody {
  return {
    userId: row.id,
    email: row.email,
    accountStatus: row.accountStatus,
    emailStatus: row.emailStatus,
    username: row.username,
    country: row.country,
    fullName: row.fullName,
  };
}

/** PostgreSQL's unique_violation, on either driver. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const seen = new Set<unknown>();
  let e: unknown = error;
  // Drizzle wraps driver errors (`cause`); look through the chain.
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e);
    const { code, constraint: name, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === '23505') return constraint === undefined || name === constraint || (message ?? '').includes(constraint);
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
