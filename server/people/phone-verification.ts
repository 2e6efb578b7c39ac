import { and, eq, isNotNull, lt, ne, sql } from 'drizzle-orm';
import { PHONE_CODE_MAX_FAILURES, PHONE_CODE_TTL_MINUTES } from '../../domain/limits';
import type { Db } from '../db/database';
import { phoneVerifications, users } from '../db/schema/index';
import { codeHash as hashOf, judgeCode, lockedAfterWrongTry, newCode } from '../security/one-time-code';
import { isUniqueViolation } from '../accounts/users';

export const PHONE_CODE_TTL_MS = PHONE_CODE_TTL_MINUTES * 60_000;
/** After the right code, the user has this long to confirm the details before starting again. */
const PHONE_CONFIRM_WINDOW_MS = 30 * 60_000;

const codeHash = (userId: string, phone: string, code: string) => hashOf(userId, phone, code);

/** Whether another account already confirmed this number (it proves one account only). */
export async function phoneTakenByOther(db: Db, userId: string, phone: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.phoneNumber, phone), ne(users.id, userId)));
  return row !== undefined;
}

/** A fresh code for this number, replacing any earlier one (which stops working); returned to be texted. */
export async function issuePhoneCode(db: Db, userId: string, phone: string, now: Date): Promise<string> {
  const code = newCode();
  const values = {
    phoneNumber: phone,
    codeHash: codeHash(userId, phone, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + PHONE_CODE_TTL_MS),
    failedAttempts: 0,
    verifiedAt: null,
  };
  await db
    .insert(phoneVerifications)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: phoneVerifications.userId, set: values });
  return code;
}

export type PhoneCodeCheck = 'verified' | 'invalid' | 'expired' | 'locked';

/**
 * Checks a typed code for the number it was sent to. A dead code (5 wrong tries) or an expired one is refused even
 * when right; a wrong try is counted with a conditional update, so parallel guesses cannot pass the limit. A code
 * entered twice stays verified (the second answer is the same), so a retried request does no harm.
 */
export async function checkPhoneCode(db: Db, userId: string, phone: string, code: string, now: Date): Promise<PhoneCodeCheck> {
  const [row] = await db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, userId)).limit(1);
  if (!row || row.phoneNumber !== phone) return 'invalid';
  const verdict = judgeCode({ ...row, spentAt: row.verifiedAt }, codeHash(userId, phone, code), now, PHONE_CODE_MAX_FAILURES);
  if (verdict.kind === 'spent') return verdict.right ? 'verified' : 'invalid';
  if (verdict.kind === 'locked' || verdict.kind === 'expired') return verdict.kind;
  if (verdict.kind === 'wrong') {
    const [counted] = await db
      .update(phoneVerifications)
      .set({ failedAttempts: sql`${phoneVerifications.failedAttempts} + 1` })
      .where(
        and(
          eq(phoneVerifications.userId, userId),
          eq(phoneVerifications.codeHash, row.codeHash),
          lt(phoneVerifications.failedAttempts, PHONE_CODE_MAX_FAILURES),
        ),
      )
      .returning({ failedAttempts: phoneVerifications.failedAttempts });
    return lockedAfterWrongTry(counted, PHONE_CODE_MAX_FAILURES) ? 'locked' : 'invalid';
  }
  const [marked] = await db
    .update(phoneVerifications)
    .set({ verifiedAt: now })
    .where(
      and(
        eq(phoneVerifications.userId, userId),
        eq(phoneVerifications.codeHash, row.codeHash),
        lt(phoneVerifications.failedAttempts, PHONE_CODE_MAX_FAILURES),
      ),
    )
    .returning({ userId: phoneVerifications.userId });
  return marked ? 'verified' : 'locked';
}

export type PhoneConfirmation = 'confirmed' | 'not_verified' | 'taken';

/**
 * The last step: the user saw their details and confirmed. Only a number whose code was entered in the last
 * 30 minutes becomes the account's; the verification row is spent in the same transaction, so it works once.
 */
export async function confirmPhone(db: Db, userId: string, phone: string, now: Date): Promise<PhoneConfirmation> {
  const since = new Date(now.getTime() - PHONE_CONFIRM_WINDOW_MS);
  try {
    return await db.transaction(async (tx) => {
      const [spent] = await tx
        .delete(phoneVerifications)
        .where(
          and(
            eq(phoneVerifications.userId, userId),
            eq(phoneVerifications.phoneNumber, phone),
            isNotNull(phoneVerifications.verifiedAt),
            sql`${phoneVerifications.verifiedAt} > ${since}`,
          ),
        )
        .returning({ userId: phoneVerifications.userId });
      if (!spent) return 'not_verified' as const;
      await tx.update(users).set({ phoneNumber: phone, phoneVerifiedAt: now, updatedAt: now }).where(eq(users.id, userId));
      return 'confirmed' as const;
    });
  } catch (error) {
    // The unique index: someone else confirmed the same number in the meantime.
    if (isUniqueViolation(error, 'users_phone_number_key')) return 'taken';
    throw error;
  }
}
