import { and, asc, eq, sql } from 'drizzle-orm';
import type { components } from '../../openapi/schema';
import type { Db } from '../db/database';
import { completeProfile } from '../security/set-up-gate';
import { contacts, users } from '../db/schema/index';
import { photoOf, picturesOf } from './profile-images';

type Contact = components['schemas']['Contact'];

/** The owner's contacts that still have a public identity (closed accounts drop out of the list, not the table). */
export async function contactsOf(db: Db, ownerUserId: string): Promise<Contact[]> {
  const rows = await db
    .select({ id: users.id, username: users.username, fullName: users.fullName })
    .from(contacts)
    .innerJoin(users, eq(users.id, contacts.contactUserId))
    // Only people who can be paid or asked (server/security/set-up-gate.ts): verified and set up.
    .where(and(eq(contacts.ownerUserId, ownerUserId), completeProfile()))
    .orderBy(asc(sql`lower(${users.username})`));
  const pictures = await picturesOf(db, rows.map((r) => r.id));
  return rows.map((r) => ({
    contact_user_id: r.id,
    contact_username: r.username ?? '',
    contact_full_name: r.fullName ?? '',
    contact_photo: photoOf(pictures, r.id),
  }));
}

/** Whether someone can be a contact: active, verified and set up (the people who can be paid). */
export async function isContactable(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), completeProfile()));
  return row !== undefined;
}

/** True when added now, false when already there (the primary key makes a parallel double add harmless). */
export async function addContact(db: Db, ownerUserId: string, contactUserId: string, now: Date): Promise<boolean> {
  const inserted = await db
    .insert(contacts)
    .values({ ownerUserId, contactUserId, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: contacts.contactUserId });
  return inserted.length > 0;
}
