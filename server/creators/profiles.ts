import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { components } from '../../openapi/schema';
import type { Db } from '../db/database';
import { profiles, users } from '../db/schema/index';
import { activePricePoints } from '../payments/price-points';
import { imageKeysOf, picturesOf } from './profile-images';

type Schemas = components['schemas'];

async function bioOf(db: Db, userId: string): Promise<string> {
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
 * Whose public page `username` is (matched ignoring case), or null. Only active, set-up accounts have a public page;
 * an unknown, closed or not set-up account is the same null. The one lookup of every public page call (the profile,
 * the supporters wall), so none of them tells those cases apart where another would not.
 */
export async function publicPageOwner(db: Db, username: string): Promise<{ id: string; username: string; fullName: string } | null> {
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
  return { id: row.id, username: row.username, fullName: row.fullName };
}

/** The public page's data: display fields only (never the email, country or statuses); null: no such page. */
export async function publicProfile(db: Db, username: string): Promise<Schemas['PublicProfile'] | null> {
  const row = await publicPageOwner(db, username);
  if (!row) return null;
  const pictures = (await picturesOf(db, [row.id])).get(row.id);
  return {
    username: row.username,
    user_id: row.id,
    full_name: row.fullName,
    profile: {
      bio_message: await bioOf(db, row.id),
      price_point_details: await activePricePoints(db, row.id),
      profile_photo: pictures?.photo ?? null,
      background_image: pictures?.background ?? null,
    },
  };
}
