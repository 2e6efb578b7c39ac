import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { PIN_LENGTH } from '../../domain/limits';

/**
 * The one-time codes that prove an email address (sign-up, a new address) or a phone number (issue 7): one module
 * for both, so the two cannot drift apart in how a code is made, stored or judged.
 *
 * - A code is `PIN_LENGTH` random digits.
 * - Stored as SHA-256 over the user id, the code and (a phone's) what it proves: a database reader sees no live
 *   code, and a code proves one thing for one account only (six digits are few, so the hash alone would not
 *   stop a determined reader — expiry, the try limit and single use do).
 * - Judged in one order, the same for both: a code already spent answers only whether it was the right one; then a
 *   dead code (too many wrong tries) or an expired one is refused even when right; only then does right or wrong
 *   count. The caller counts a wrong try with a conditional update (so parallel guesses cannot pass the limit) and
 *   spends a right code in a transaction with what it proves.
 */

export function newCode(): string {
  return String(randomInt(0, 10 ** PIN_LENGTH)).padStart(PIN_LENGTH, '0');
}

export function codeHash(userId: string, proves: string | null, code: string): string {
  // An email code keeps its address in its row, compared there, and hashes user and code only: as it always has, so
  // a deploy does not void the codes in flight.
  const subject = proves === null ? `${userId}:${code}` : `${userId}:${proves}:${code}`;
  return createHash('sha256').update(subject).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** What the code's row holds, whichever table it is in. */
export interface StoredCode {
  codeHash: string;
  failedAttempts: number;
  expiresAt: Date;
  /** When the code was used (an email's) or entered right (a phone's); null while it is live. */
  spentAt: Date | null;
}

export type CodeVerdict =
  /** Used already: `right` says whether this was the same code (a retried request) or another. */
  | { kind: 'spent'; right: boolean }
  | { kind: 'locked' }
  | { kind: 'expired' }
  /** Wrong: count the try (countedWrongTry decides whether that locked it). */
  | { kind: 'wrong' }
  | { kind: 'right' };

export function judgeCode(stored: StoredCode, typedHash: string, now: Date, maxFailures: number): CodeVerdict {
  const right = sameHash(stored.codeHash, typedHash);
  if (stored.spentAt) return { kind: 'spent', right };
  if (stored.failedAttempts >= maxFailures) return { kind: 'locked' };
  if (now.getTime() >= stored.expiresAt.getTime()) return { kind: 'expired' };
  return right ? { kind: 'right' } : { kind: 'wrong' };
}

/**
 * After the conditional update that counts a wrong try: whether the code is now dead. No row counted means another
 * request's try got there first and reached the limit (or replaced the code).
 */
export function lockedAfterWrongTry(counted: { failedAttempts: number } | undefined, maxFailures: number): boolean {
  return !counted || counted.failedAttempts >= maxFailures;
}
