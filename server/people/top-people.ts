import { and, desc, eq, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { completeProfile } from '../security/set-up-gate';
import { contacts, payments, users } from '../db/schema/index';
import { TOP_PEOPLE_LIMIT } from '../../domain/limits';
import type { UserSummary } from './search';
import { photoOf, picturesOf } from '../creators/profile-images';

/**
 * "Top people" on /contacts (spec 2, find people and connect), before anything is typed: first the people the
 * caller has exchanged the most payments with, then the people paid most often by anyone in the last 30 days.
 * Never the caller, nobody already a contact, and only active, set-up accounts (the ones that can be paid).
 */
export async function topPeople(db: Db, callerId: string, now: Date): Promise<UserSummary[]> {
  const mine = db
    .select({ id: contacts.contactUserId })
    .from(contacts)
    .where(eq(contacts.ownerUserId, callerId));
  const findable = and(
    ne(users.id, callerId),
    // Only people who can be paid or asked (server/security/set-up-gate.ts): verified and set up.
    completeProfile(),
    notInArray(users.id, mine),
  );
  const counterpart = sql<string>`CASE WHEN ${payments.senderUserId} = ${callerId} THEN ${payments.receiverUserId} ELSE ${payments.senderUserId} END`;
  const exchanged = await db
    .select({ id: users.id, username: users.username, fullName: users.fullName, n: sql<number>`count(*)::int` })
    .from(payments)
    .innerJoin(users, eq(users.id, counterpart))
    .where(and(or(eq(payments.senderUserId, callerId), eq(payments.receiverUserId, callerId)), findable))
    .groupBy(users.id, users.username, users.fullName)
    .orderBy(desc(sql`count(*)`), users.username)
    .limit(TOP_PEOPLE_LIMIT);
  const people = exchanged.map((r) => ({ userId: r.id, username: r.username!, fullName: r.fullName, photo: null }));
  if (people.length < TOP_PEOPLE_LIMIT) {
    const since = new Date(now.getTime() - 30 * 24 * 60 * 60_000);
    const popular = await db
      .select({ id: users.id, username: users.username, fullName: users.fullName })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.receiverUserId))
      .where(and(findable, sql`${payments.createdAt} > ${since}`, eq(payments.status, 'complete')))
      .groupBy(users.id, users.username, users.fullName)
      .orderBy(desc(sql`count(*)`), users.username)
      .limit(TOP_PEOPLE_LIMIT * 2);
    for (const r of popular) {
      if (people.length >= TOP_PEOPLE_LIMIT) break;
      if (!people.some((p) => p.userId === r.id)) people.push({ userId: r.id, username: r.username!, fullName: r.fullName, photo: null });
    }
  }
  const pictures = await picturesOf(db, people.map((p) => p.userId));
  return people.map((p) => ({ ...p, photo: photoOf(pictures, p.userId) }));
}
