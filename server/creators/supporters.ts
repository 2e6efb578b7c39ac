import { and, countDistinct, desc, eq, isNull, sql } from 'drizzle-orm';
import type { components } from '../../openapi/schema';
import type { Db } from '../db/database';
import { paymentMessages, payments, users } from '../db/schema/index';
import { photoOf, picturesOf } from './profile-images';
import { DomainError } from '../problems/domain-error';

type Schemas = components['schemas'];

/** How many supporters the wall shows: the most recent. */
const SUPPORTERS_WALL_SIZE = 20;

/**
 * A creator's supporters wall (issue 23 item 2; docs/decisions.md "The supporters wall"): the recent completed
 * payments to them whose payer chose to show their name and message, minus those the creator hid, with the payer's
 * name, avatar, message and when. Never the amount. The count is of everyone who has completed a payment to them,
 * shown or not: a number names no one.
 */
export async function supportersWall(db: Db, creatorUserId: string): Promise<Schemas['SupportersWall']> {
  const note = sql<string | null>`(
    SELECT ${paymentMessages.message} FROM ${paymentMessages}
    WHERE ${paymentMessages.paymentId} = ${payments.id}
      AND ${paymentMessages.senderUserId} = ${payments.senderUserId}
      AND ${paymentMessages.paymentTriggered}
    ORDER BY ${paymentMessages.createdAt} LIMIT 1
  )`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: payments.id, at: payments.createdAt, payerId: payments.senderUserId, name: users.fullName, username: users.username, message: note })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.senderUserId))
      .where(
        and(
          eq(payments.receiverUserId, creatorUserId),
          eq(payments.showOnPage, true),
          isNull(payments.hiddenOnPageAt),
          eq(payments.status, 'complete'),
          eq(users.accountStatus, 'active'),
        ),
      )
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(SUPPORTERS_WALL_SIZE),
    db
      .select({ supporters: countDistinct(payments.senderUserId) })
      .from(payments)
      .where(and(eq(payments.receiverUserId, creatorUserId), eq(payments.status, 'complete'))),
  ]);
  const pictures = await picturesOf(db, rows.map((r) => r.payerId));
  return {
    supporter_count: Number(total?.supporters ?? 0),
    data: rows.map((r) => ({
      id: r.id,
      name: r.name ?? r.username ?? '',
      username: r.username ?? '',
      profile_photo: photoOf(pictures, r.payerId),
      message: r.message?.trim() ? r.message.trim() : null,
      created_at: r.at.toISOString(),
    })),
  };
}

/**
 * The creator hides a supporter's message from their page (and shows it again). Only a payment to the caller
 * that its payer chose to show: anything else is the same 404 `supporter_not_found`, so the call does not tell
 * whether someone else's payment exists. Hiding twice keeps the first `hidden_on_page_at`.
 */
export async function setSupporterHidden(db: Db, creatorUserId: string, paymentId: string, hidden: boolean, now: Date): Promise<void> {
  const changed = await db
    .update(payments)
    // Hiding an entry already hidden keeps when it was first hidden (the record the column is for): idempotent.
    .set({ hiddenOnPageAt: hidden ? sql`coalesce(${payments.hiddenOnPageAt}, ${now.toISOString()}::timestamptz)` : null })
    .where(and(eq(payments.id, paymentId), eq(payments.receiverUserId, creatorUserId), eq(payments.showOnPage, true)))
    .returning({ id: payments.id });
  if (changed.length === 0) throw new DomainError('supporter_not_found');
}
