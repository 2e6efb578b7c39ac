import { createHash } from 'node:crypto';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import type { Tx } from '../ledger/types';
import { contacts, invitations, users } from '../db/schema/index';
import { INVITED_BY_PARAM } from '../../domain/invitation';

/** The address only as a hash: enough to count invitations to one friend, nothing a reader could mail. */
function invitedEmailHash(email: string): string {
  return createHash('sha256').update(`invite:${email}`).digest('hex');
}

export async function recordInvitation(db: Db, inviterUserId: string, email: string, now: Date): Promise<void> {
  await db.insert(invitations).values({ inviterUserId, emailHash: invitedEmailHash(email), createdAt: now });
}

/** The link a friend opens: sign-up, with who invited them (shown nowhere secret; it is the inviter's public name). */
export function invitationLink(publicUrl: string, username: string): string {
  return `${publicUrl}/sign-up?${INVITED_BY_PARAM}=${encodeURIComponent(username)}`;
}

/**
 * A new account came through someone's invitation link (docs/people.md "Invite friends"), in the sign-up's
 * transaction. When the link names an active, set-up account: the new account records it as its inviter and gets it
 * as a contact; the inviter gets the new account as a contact only if they emailed an invitation to this very
 * address — a link anyone can edit must not let a stranger into someone's contacts (there is no removing a
 * contact). Returns the inviter's id, or null when the name fits nobody (the sign-up goes on, silently).
 */
export async function acceptInvitation(tx: Tx, newUserId: string, email: string, inviterUsername: string, now: Date): Promise<string | null> {
  const [inviter] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.username}) = lower(${inviterUsername})`,
        eq(users.accountStatus, 'active'),
        isNotNull(users.country),
        ne(users.id, newUserId),
      ),
    )
    .limit(1);
  if (!inviter) return null;
  await tx.update(users).set({ invitedByUserId: inviter.id }).where(eq(users.id, newUserId));
  const [invited] = await tx
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.inviterUserId, inviter.id), eq(invitations.emailHash, invitedEmailHash(email))))
    .limit(1);
  const rows = [{ ownerUserId: newUserId, contactUserId: inviter.id, createdAt: now }];
  if (invited) rows.push({ ownerUserId: inviter.id, contactUserId: newUserId, createdAt: now });
  await tx.insert(contacts).values(rows).onConflictDoNothing();
  return inviter.id;
}
