import { and, eq, ne, sql } from 'drizzle-orm';
import type { components } from '../../openapi/schema';

/** The contract's SessionUser: the domain type with the statuses narrowed to their values. */
export type SessionUserBody = components['schemas']['SessionUser'];
import type { Db } from '../db/database';
import { users } from '../db/schema/index';
import { fieldProblem } from '../http/rules';

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
/** The active accounts waiting to change their email to this address (account-info, issue 21); rarely more than one. */
export async function findUsersByPendingEmail(db: Db, normalizedEmail: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(sql`lower(${users.pendingEmail}) = ${normalizedEmail}`, eq(users.accountStatus, 'active')))
    .limit(5);
}

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

/** 409 under the username field: the name belongs to another account (set-up and account info say it alike). */
export const usernameTaken = () => fieldProblem(409, 'username_taken', 'username', 'accounts:errors.username_taken');

/**
 * Whether another account than `userId` has this username, ignoring case: checked before writing so the answer names
 * the field; the unique index still decides a race (isUniqueViolation).
 */
export async function usernameTakenByOther(db: Db, username: string, userId: string): Promise<boolean> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, ne(users.id, userId)))
    .limit(1);
  return other !== undefined;
}
