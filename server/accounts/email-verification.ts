import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { codeHash as hashOf, judgeCode, lockedAfterWrongTry, newCode } from '../security/one-time-code';
import type { Db } from '../db/database';
import { emailVerifications, users } from '../db/schema/index';
import { findUserByEmail, findUsersByPendingEmail, isUniqueViolation, type UserRow } from './users';

/** Issue 3: a 6-digit code, 15 minutes, 5 wrong tries; a resend replaces it. */
export const OTP_TTL_MS = 15 * 60 * 1000;
const OTP_MAX_FAILURES = 5;

const codeHash = (userId: string, code: string) => hashOf(userId, null, code);

/**
 * Stores a fresh code for the user (replacing any earlier one, which stops working) and returns it to be emailed to
 * `address` (normalised): the code proves that address only — the account's email, or the new one waiting in
 * `pending_email` (issue 21).
 */
export async function issueEmailCode(db: Db, userId: string, address: string, now: Date): Promise<string> {
  const code = newCode();
  const values = {
    codeHash: codeHash(userId, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + OTP_TTL_MS),
    failedAttempts: 0,
    usedAt: null,
    address,
  };
  await db
    .insert(emailVerifications)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: emailVerifications.userId, set: values });
  return code;
}

export type CodeCheck =
  | { result: 'verified' }
  | { result: 'invalid' }
  | { result: 'expired' }
  | { result: 'locked' }
  | { result: 'already_used' }
  /** The code was right, but another account took the new address meanwhile (unique emails). */
  | { result: 'email_taken' };

/**
 * Checks a code sent to `address` (normalised). Order matters: a dead code (5 wrong tries) or an expired one is
 * refused even when it is right, and a wrong try is counted with a conditional update so parallel guesses cannot
 * exceed the limit. A code sent to another address is a wrong code for this one.
 *
 * A right code for the account's pending email swaps it in (`email` = the new address, verified, nothing pending)
 * in the same transaction that uses the code; a right code for its current email marks that verified.
 */
async function checkEmailCode(db: Db, userId: string, address: string, code: string, now: Date): Promise<CodeCheck> {
  const [row] = await db.select().from(emailVerifications).where(eq(emailVerifications.userId, userId)).limit(1);
  if (!row) return { result: 'invalid' };
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  // Codes from before migration 0021 carry no address: they were sent to the account's email.
  const sentTo = row.address ?? owner?.email.toLowerCase();
  // A code sent to another address is a wrong code for this one.
  const verdict = judgeCode({ ...row, spentAt: row.usedAt }, sentTo === address ? codeHash(userId, code) : '', now, OTP_MAX_FAILURES);
  if (verdict.kind === 'spent') return verdict.right ? { result: 'already_used' } : { result: 'invalid' };
  if (verdict.kind === 'locked' || verdict.kind === 'expired') return { result: verdict.kind };
  if (verdict.kind === 'wrong') {
    const [counted] = await db
      .update(emailVerifications)
      .set({ failedAttempts: sql`${emailVerifications.failedAttempts} + 1` })
      .where(
        and(
          eq(emailVerifications.userId, userId),
          eq(emailVerifications.codeHash, row.codeHash),
          lt(emailVerifications.failedAttempts, OTP_MAX_FAILURES),
        ),
      )
      .returning({ failedAttempts: emailVerifications.failedAttempts });
    return lockedAfterWrongTry(counted, OTP_MAX_FAILURES) ? { result: 'locked' } : { result: 'invalid' };
  }
  try {
    return await useCode(db, userId, row.codeHash, address, now);
  } catch (error) {
    // The unique index on lower(email) decides the race between two accounts claiming one address.
    if (isUniqueViolation(error, 'users_email_lower_key')) return { result: 'email_taken' };
    throw error;
  }
}

async function useCode(db: Db, userId: string, hash: string, address: string, now: Date): Promise<CodeCheck> {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(emailVerifications)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailVerifications.userId, userId),
          eq(emailVerifications.codeHash, hash),
          isNull(emailVerifications.usedAt),
          lt(emailVerifications.failedAttempts, OTP_MAX_FAILURES),
        ),
      )
      .returning({ userId: emailVerifications.userId });
    if (!used) return { result: 'already_used' } as const;
    const [swapped] = await tx
      .update(users)
      .set({ email: address, pendingEmail: null, emailStatus: 'verified', updatedAt: now })
      .where(and(eq(users.id, userId), sql`lower(${users.pendingEmail}) = ${address}`))
      .returning({ id: users.id });
    // Another account may have taken the address since it was asked for: the unique index on lower(email) refuses
    // this update then (caught by checkEmailCode, the code stays unused), also when two swaps race.
    if (swapped) return { result: 'verified' } as const;
    await tx.update(users).set({ emailStatus: 'verified', updatedAt: now }).where(eq(users.id, userId));
    return { result: 'verified' } as const;
  });
}

/**
 * A code typed for an address, whoever it was sent to: the address is an account's email and/or a new one waiting for
 * this code (account info, issue 21), and the code decides whose it is. The first right code wins; otherwise the
 * most telling refusal (a locked code rather than a plain wrong one). `user` is the account the code verified,
 * `owner` the account whose email the address already is.
 */
export async function checkAddressCode(
  db: Db,
  address: string,
  code: string,
  now: Date,
): Promise<{ check: CodeCheck; user?: UserRow; owner?: UserRow }> {
  const owner = await findUserByEmail(db, address);
  const candidates = [...(owner ? [owner] : []), ...(await findUsersByPendingEmail(db, address)).filter((c) => c.id !== owner?.id)];
  let check: CodeCheck = { result: 'invalid' };
  for (const candidate of candidates) {
    const result = await checkEmailCode(db, candidate.id, address, code, now);
    if (result.result === 'invalid' || result.result === 'locked') {
      if (check.result === 'invalid') check = result;
      continue;
    }
    return { check: result, user: candidate, owner };
  }
  return { check, owner };
}
