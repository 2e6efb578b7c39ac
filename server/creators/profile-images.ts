import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database';
import { media, profiles, users } from '../db/schema/index';
import { mediaNotFound, type MediaRow } from '../media/service';
import { ensureRenditions } from '../media/renditions';
import type { MediaStorage } from '../providers/media-storage';
import type { Tx } from '../ledger/types';
import { avatarUrl, backgroundUrl, type PictureSlot } from '../../domain/pictures';
import { DomainError } from '../problems/domain-error';

export type ProfileImageSlot = PictureSlot;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The profile's picture keys: the media ids, so a new picture has a new address (cache busting). */
export async function imageKeysOf(db: Db, userId: string): Promise<{ photo_key: string | null; background_key: string | null }> {
  const [row] = await db
    .select({ photo: profiles.photoMediaId, background: profiles.backgroundMediaId })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return { photo_key: row?.photo ?? null, background_key: row?.background ?? null };
}

export interface Pictures {
  photo: string | null;
  background: string | null;
}

/**
 * The picture addresses of these users (domain/pictures.ts), in one query: what every view of a person carries
 * (search, top people, contacts, payments, the public page, the session user). Users without a profile row have none.
 */
export async function picturesOf(db: Db | Tx, userIds: readonly string[]): Promise<Map<string, Pictures>> {
  const found = new Map<string, Pictures>();
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return found;
  const rows = await db
    .select({ id: profiles.userId, photo: profiles.photoMediaId, background: profiles.backgroundMediaId })
    .from(profiles)
    .where(inArray(profiles.userId, ids));
  for (const r of rows) found.set(r.id, { photo: avatarUrl(r.id, r.photo), background: backgroundUrl(r.id, r.background) });
  return found;
}

export const photoOf = (pictures: Map<string, Pictures>, userId: string): string | null => pictures.get(userId)?.photo ?? null;

/**
 * Makes one of the caller's uploaded photos their avatar or background. Someone else's media answers exactly like
 * a missing one (404); a video cannot be a picture (422), nor can bytes that do not decode as one. The sizes the
 * views show are made now, once (server/media/renditions.ts), before the profile names the picture.
 */
export async function setProfileImage(db: Db, storage: MediaStorage, userId: string, slot: ProfileImageSlot, mediaId: string, now: Date): Promise<void> {
  if (!UUID.test(mediaId)) throw mediaNotFound();
  const [row] = await db.select().from(media).where(and(eq(media.id, mediaId), eq(media.ownerUserId, userId)));
  if (!row) throw mediaNotFound();
  if (row.kind !== 'photo') throw new DomainError('media_not_photo');
  await ensureRenditions(db, storage, row, slot, now);
  const set = slot === 'photo' ? { photoMediaId: mediaId, updatedAt: now } : { backgroundMediaId: mediaId, updatedAt: now };
  await db
    .insert(profiles)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: profiles.userId, set });
}

/**
 * The picture shown for a user, to anyone (like the public pay page): only an active account's current avatar or
 * background. Everything else — no picture, unknown or closed user — is the same 404, and the app shows the default.
 */
export async function publicImage(db: Db, userId: string, slot: ProfileImageSlot): Promise<MediaRow> {
  if (!UUID.test(userId)) throw mediaNotFound();
  const column = slot === 'photo' ? profiles.photoMediaId : profiles.backgroundMediaId;
  const [row] = await db
    .select({ media })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .innerJoin(media, eq(media.id, column))
    .where(and(eq(profiles.userId, userId), eq(users.accountStatus, 'active')));
  if (!row) throw mediaNotFound();
  return row.media;
}
