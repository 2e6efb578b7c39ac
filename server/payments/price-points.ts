import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { components } from '../../openapi/schema';
import type { Db } from '../db/database';
import type { Tx } from '../ledger/types';
import { pricePoints, users, type MediaType } from '../db/schema/index';
import { formatAmount } from '../../domain/money/amount';
import { MAX_ACTIVE_PRICE_POINTS } from '../../domain/limits';
import { DomainError } from '../problems/domain-error';

type PricePointBody = components['schemas']['PricePoint'];

/** A creator's offer: a photo or video for a price. */
export async function createPricePoint(
  db: Db | Tx,
  input: { creatorUserId: string; priceCents: number; description: string; mediaType: MediaType; now: Date },
): Promise<string> {
  const id = randomUUID();
  await db.insert(pricePoints).values({
    id,
    creatorUserId: input.creatorUserId,
    priceCents: input.priceCents,
    description: input.description,
    mediaType: input.mediaType,
    active: true,
    createdAt: input.now,
  });
  return id;
}

/** What is offered now, cheapest first (spec 3: "sorted by price ascending"); equal prices oldest first. */
export async function activePricePoints(db: Db | Tx, creatorUserId: string): Promise<PricePointBody[]> {
  const rows = await db
    .select()
    .from(pricePoints)
    .where(and(eq(pricePoints.creatorUserId, creatorUserId), eq(pricePoints.active, true)))
    .orderBy(asc(pricePoints.priceCents), asc(pricePoints.createdAt), asc(pricePoints.id));
  return rows.map((row) => ({
    id: row.id,
    price: formatAmount(row.priceCents),
    description: row.description,
    media_type: row.mediaType,
  }));
}

/**
 * Adds one within the limit. The creator's user row is locked first, so two adds at once cannot both see 11
 * and make 13.
 */
export async function addPricePoint(
  tx: Tx,
  input: { creatorUserId: string; priceCents: number; description: string; mediaType: MediaType; now: Date },
): Promise<void> {
  await tx.execute(sql`SELECT id FROM ${users} WHERE id = ${input.creatorUserId} FOR UPDATE`);
  const [{ count } = { count: 0 }] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(pricePoints)
    .where(and(eq(pricePoints.creatorUserId, input.creatorUserId), eq(pricePoints.active, true)));
  if (count >= MAX_ACTIVE_PRICE_POINTS) {
    throw new DomainError('price_points_limit', { values: { max: MAX_ACTIVE_PRICE_POINTS } });
  }
  await createPricePoint(tx, input);
}

/** Deactivates (the row stays for the payments that name it). Not the creator's, or already gone → 404. */
export async function removePricePoint(db: Db | Tx, creatorUserId: string, pricePointId: string): Promise<void> {
  const changed = await db
    .update(pricePoints)
    .set({ active: false })
    .where(and(eq(pricePoints.id, pricePointId), eq(pricePoints.creatorUserId, creatorUserId), eq(pricePoints.active, true)))
    .returning({ id: pricePoints.id });
  if (changed.length === 0) throw new DomainError('price_point_not_found');
}
