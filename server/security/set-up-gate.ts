import { and, eq, isNotNull, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import type { Tx } from '../ledger/types';
import { users } from '../db/schema/index';
import { DomainError } from '../problems/domain-error';

/**
 * Spec §6: only a user with a complete profile — an active account, a verified email and a finished set-up
 * (username, country, full name: domain/session-user.ts `needsSetUp`) — may send, request, withdraw, add money or
 * manage a profile, and only such a user may be paid, asked or found. The one condition, used by the operation
 * registry's gate (operations marked `x-requires-set-up` in openapi.yaml), by the counterparty check of payments and
 * requests, and by every list of people (search, top people, contacts). The plain send's statement repeats it in SQL
 * (migration 0021) so the hot path gains no round trip.
 */
export function completeProfile(): SQL {
  return and(
    eq(users.accountStatus, 'active'),
    eq(users.emailStatus, 'verified'),
    isNotNull(users.username),
    isNotNull(users.country),
    isNotNull(users.fullName),
  )!;
}

/** The refusal of an incomplete caller: 403, whatever is missing (the app sends them to /set-up or /verify-email). */
export const setUpRequired = (): DomainError => new DomainError('set_up_required');

/** Whether this user may take part in money, requests and profiles. */
async function hasCompleteProfile(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), completeProfile()))
    .limit(1);
  return row !== undefined;
}

/** The gate itself: throws 403 `set_up_required` unless the caller has a complete profile. */
export async function requireSetUp(db: Db | Tx, userId: string): Promise<void> {
  if (!(await hasCompleteProfile(db, userId))) throw setUpRequired();
}
