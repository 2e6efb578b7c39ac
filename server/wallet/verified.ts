import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import type { Tx } from '../ledger/types';
import { users } from '../db/schema/index';
import { DomainError } from '../problems/domain-error';

/**
 * Money moves only for users who proved their email address (docs/decisions.md: an unverified email may sign in,
 * but payments, deposits and withdrawals, cards and payout destinations need a verified one).
 */
export async function requireVerifiedEmail(db: Db | Tx, userId: string): Promise<void> {
  const [user] = await db.select({ emailStatus: users.emailStatus, accountStatus: users.accountStatus }).from(users).where(eq(users.id, userId));
  if (!user || user.accountStatus !== 'active' || user.emailStatus !== 'verified') {
    throw new DomainError('email_unverified');
  }
}
