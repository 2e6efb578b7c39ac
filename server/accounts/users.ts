import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { components } from '../../openapi/schema';

/** The contract's SessionUser: the domain type with the statuses narrowed to their values. */
export type SessionUserBody = components['schemas']['SessionUser'];
import { normalizeEmail } from '../../domain/rules/account-rules';
import type { Db } from '../db/database';
import { users } from '../db/schema/index';
import { fieldRefusal } from '../problems/domain-error';

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

/** `photo`: the avatar's address (server/accounts/session-user.ts reads it with the row). */
export function toSessionUser(row: UserRow, photo: string | null): SessionUserBody {
  return {
    photo,
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

/** 409 under the email field: the address belongs to another account (sign-up, account info). */
export const emailTaken = () => fieldRefusal('email_taken', 'email');

/** 409 under the username field: the name belongs to another account (set-up and account info say it alike). */
export const usernameTaken = () => fieldRefusal('username_taken', 'username');

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

/** A new account's row (sign-up): its email normalised, its password already hashed. */
export async function insertUser(
  db: Db,
  values: { email: string; passwordHash: string; purchase: UserRow['purchase'] | null },
  now: Date,
): Promise<UserRow> {
  const [created] = await db
    .insert(users)
    .values({ id: randomUUID(), email: values.email, passwordHash: values.passwordHash, purchase: values.purchase, createdAt: now, updatedAt: now })
    .returning();
  return created!;
}

export async function setPasswordHash(db: Db, userId: string, passwordHash: string, now: Date): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}

/**
 * The set-up gate's one write (spec 7): name, username, country and the e-signature consent. Once only, even when two
 * set-ups race: the second finds nothing left to set and gets undefined.
 */
export async function completeSetUp(
  db: Db,
  userId: string,
  values: { fullName: string; username: string; country: string },
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ fullName: values.fullName, username: values.username, country: values.country, eSignatureConsentAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), or(isNull(users.username), isNull(users.country), isNull(users.fullName))))
    .returning();
  return row;
}

export async function savePreferences(
  db: Db,
  userId: string,
  values: Pick<UserRow, 'language' | 'emailNotifications'>,
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ language: values.language, emailNotifications: values.emailNotifications, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/** Whether another account than `userId` has this (normalised) email. */
export async function emailTakenByOther(db: Db, normalizedEmail: string, userId: string): Promise<boolean> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${normalizedEmail}`, ne(users.id, userId)))
    .limit(1);
  return other !== undefined;
}

/** Account info (issue 21): name, username, country and, when the email changes, the address waiting for its code. */
export async function saveAccountInfo(
  db: Db,
  userId: string,
  values: { fullName: string; username: string; country: string; pendingEmail?: string },
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      fullName: values.fullName,
      username: values.username,
      country: values.country,
      // A second change replaces the first: its code dies with the new one issued after.
      ...(values.pendingEmail !== undefined ? { pendingEmail: values.pendingEmail } : {}),
      updatedAt: now,
    })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An account named by its id or its email (the sandbox's command line takes either). */
export async function findUserIdByIdOrEmail(db: Db, idOrEmail: string): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(UUID.test(idOrEmail) ? eq(users.id, idOrEmail) : eq(users.email, normalizeEmail(idOrEmail)));
  return row;
}

/** The names an account goes by, and its email (phone details, an invitation's sender); undefined for none. */
export async function findUserNames(db: Db, userId: string): Promise<{ username: string | null; fullName: string | null; email: string } | undefined> {
  const [row] = await db.select({ username: users.username, fullName: users.fullName, email: users.email }).from(users).where(eq(users.id, userId));
  return row;
}
