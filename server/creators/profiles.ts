import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { components } from '../../openapi/schema';
import type { Db } from '../db/database';
import { profiles, users } from '../db/schema/index';
import { activePricePoints } from '../payments/price-points';
import { imageKeysOf } from './profile-images';

type Schemas = components['schemas'];

export async function bioOf(db: Db, userId: string): Promise<string> {
  const [row] = await db.select({ bio: profiles.bioMessage }).from(profiles).where(eq(profiles.userId, userId));
  return row?.bio ?? '';
}

export async function ownProfile(db: Db, userId: string): Promise<Schemas['Profile']> {
  return { bio_message: await bioOf(db, userId), price_points: await activePricePoints(db, userId), ...(await imageKeysOf(db, userId)) };
}

export async function saveBio(db: Db, userId: string, bio: string, now: Date): Promise<void> {
  await db
    .insert(profiles)
    .values({ userId, bioMessage: bio, updatedAt: now })
    .onConflictDoUpdate({ target: profiles.userId, set: { bioMessage: bio, updatedAt: now } });
}

/**
 * The public page's data: display fields only (never the email, country or statuses). Only active, set-up
 * accounts have a public page; every other case is the same "not found".
 */
export async function publicProfile(db: Db, username: string): Promise<Schemas['PublicProfile'] | null> {
  const [row] = await db
    .select({ id: users.id, username: users.username, fullName: users.fullName })
    .from(users)
    .where(
      and(
        sql`lower(${users.username}) = lower(${username})`,
        eq(users.accountStatus, 'active'),
        isNotNull(users.country),
        isNotNull(users.fullName),
      ),
    )
    .limit(1);
  if (!row?.username || !row.fullName) return null;
  return {
    username: row.username,
    user_id: row.id,
    full_name: row.fullName,
    profile: { bio_message: await bioOf(db, row.id), price_point_details: await activePricePoints(db, row.id) },
  };
}
