import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import { pricePoints, type MediaType } from '../db/schema/index';

/** A creator's offer: a photo or video for a price. The screens and API to manage them come with "price points". */
export async function createPricePoint(
  db: Db,
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
