import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import sharp, { type OutputInfo } from 'sharp';
import type { Db } from '../db/database';
import { mediaRenditions } from '../db/schema/index';
import type { MediaStorage } from '../providers/media-storage';
import { AVATAR_SIZES, BANNER_WIDTHS, PICTURE_FORMATS, type PictureFormat, type PictureSlot } from '../../domain/pictures';
import { mediaNotFound, type MediaRow } from './service';
import { DomainError } from '../problems/domain-error';

/**
 * A profile picture as the views show it (issue 23): resized once, when it becomes an avatar or a background, to the
 * sizes the views use (avatars 64, 128 and 512 px square; the banner 1500 px wide, its own proportions), in WebP
 * and in JPEG for browsers without WebP. The original upload is never served publicly: it may carry EXIF (the
 * camera, the place a photo was taken); a rendition carries no metadata at all (sharp writes none unless asked), and
 * is turned upright first from the EXIF orientation it drops.
 */
export type RenditionRow = typeof mediaRenditions.$inferSelect;

export interface RenditionSpec {
  variant: string;
  width: number;
  /** Square avatars are cropped to the centre; a banner keeps its proportions (null). */
  height: number | null;
}

export function renditionSpecsFor(slot: PictureSlot): RenditionSpec[] {
  return slot === 'photo'
    ? AVATAR_SIZES.map((size) => ({ variant: `avatar-${size}`, width: size, height: size }))
    : BANNER_WIDTHS.map((width) => ({ variant: `banner-${width}`, width, height: null }));
}

/** The rendition a view asks for by its size (an avatar's side, a banner's width); null when there is none. */
export function renditionSpecOf(slot: PictureSlot, size: number): RenditionSpec | null {
  return renditionSpecsFor(slot).find((spec) => spec.width === size) ?? null;
}

/** Beyond this many pixels a photo is refused rather than decoded (a small file can claim a huge image). */
const MAX_INPUT_PIXELS = 100_000_000;

const pictureUnreadable = () => new DomainError('media_not_photo');

/** Renders one rendition from the original's bytes. Exported for its unit test (sizes, no EXIF). */
export async function renderRendition(original: Buffer, spec: RenditionSpec, format: PictureFormat) {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const;
  let shortEdge: number;
  try {
    const { width, height } = await sharp(original, options).metadata();
    shortEdge = Math.min(width, height);
  } catch {
    throw pictureUnreadable();
  }
  // Never enlarged: a small photo stays sharp at its own size (an avatar still square: its short edge a side).
  const side = Math.min(spec.width, shortEdge);
  let image = sharp(original, options)
    .rotate()
    .resize(
      spec.height
        ? { width: side, height: side, fit: 'cover' }
        : { width: spec.width, fit: 'inside', withoutEnlargement: true },
    );
  if (format === 'jpeg') {
    // JPEG has no transparency: a PNG's transparent parts turn white, not black.
    image = image.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true });
  } else {
    image = image.webp({ quality: 80 });
  }
  try {
    return await image.toBuffer({ resolveWithObject: true });
  } catch {
    throw pictureUnreadable();
  }
}

async function readAll(storage: MediaStorage, key: string): Promise<Buffer> {
  const file = await storage.open(key);
  if (!file) throw mediaNotFound();
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function existing(db: Db, mediaId: string, variant: string, format: PictureFormat): Promise<RenditionRow | undefined> {
  const [row] = await db
    .select()
    .from(mediaRenditions)
    .where(and(eq(mediaRenditions.mediaId, mediaId), eq(mediaRenditions.variant, variant), eq(mediaRenditions.format, format)));
  return row;
}

/**
 * Stores one rendition: the bytes first under a new key, then the row that names them (as an upload does); a file
 * whose row never came is an orphan the sweep removes after a day. Two instances making the same rendition at once
 * both store, one row wins, the other removes its file and uses the winner's.
 */
async function storeRendition(
  db: Db,
  storage: MediaStorage,
  mediaId: string,
  spec: RenditionSpec,
  format: PictureFormat,
  rendered: { data: Buffer; info: OutputInfo },
  now: Date,
): Promise<RenditionRow> {
  const key = randomUUID();
  await storage.save(key, Readable.from([rendered.data]));
  const [row] = await db
    .insert(mediaRenditions)
    .values({
      storageKey: key,
      mediaId,
      variant: spec.variant,
      format,
      contentType: format === 'webp' ? 'image/webp' : 'image/jpeg',
      width: rendered.info.width,
      height: rendered.info.height,
      sizeBytes: rendered.data.length,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning()
    .catch(async (error: unknown) => {
      await storage.remove(key);
      throw error;
    });
  if (row) return row;
  await storage.remove(key);
  const winner = await existing(db, mediaId, spec.variant, format);
  if (!winner) throw new Error('a rendition was refused but none is stored');
  return winner;
}

/** Makes every rendition a slot needs that the photo does not have yet (the original is read once). */
export async function ensureRenditions(db: Db, storage: MediaStorage, photo: MediaRow, slot: PictureSlot, now: Date): Promise<void> {
  const have = new Set(
    (await db.select({ variant: mediaRenditions.variant, format: mediaRenditions.format }).from(mediaRenditions).where(eq(mediaRenditions.mediaId, photo.id))).map(
      (r) => `${r.variant}/${r.format}`,
    ),
  );
  const missing = renditionSpecsFor(slot).flatMap((spec) => PICTURE_FORMATS.filter((f) => !have.has(`${spec.variant}/${f}`)).map((format) => ({ spec, format })));
  if (missing.length === 0) return;
  const original = await readAll(storage, photo.storageKey);
  for (const { spec, format } of missing) {
    await storeRendition(db, storage, photo.id, spec, format, await renderRendition(original, spec, format), now);
  }
}

/**
 * The rendition a view asked for. Made here if missing: a picture chosen before renditions existed (or one whose
 * making was cut short) is resized on its first request, once.
 */
export async function renditionOf(db: Db, storage: MediaStorage, photo: MediaRow, spec: RenditionSpec, format: PictureFormat, now: Date): Promise<RenditionRow> {
  const found = await existing(db, photo.id, spec.variant, format);
  if (found) return found;
  const original = await readAll(storage, photo.storageKey);
  return storeRendition(db, storage, photo.id, spec, format, await renderRendition(original, spec, format), now);
}
