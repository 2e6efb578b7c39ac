import { createHash } from 'node:crypto';
import type { Db } from '../db/database';
import { invitations } from '../db/schema/index';

/** The address only as a hash: enough to count invitations to one friend, nothing a reader could mail. */
export function invitedEmailHash(email: string): string {
  return createHash('sha256').update(`invite:${email}`).digest('hex');
}

export async function recordInvitation(db: Db, inviterUserId: string, email: string, now: Date): Promise<void> {
  await db.insert(invitations).values({ inviterUserId, emailHash: invitedEmailHash(email), createdAt: now });
}

/** The link a friend opens: sign-up, with who invited them (shown nowhere secret; it is the inviter's public name). */
export function invitationLink(publicUrl: string, username: string): string {
  return `${publicUrl}/sign-up?invited_by=${encodeURIComponent(username)}`;
}
