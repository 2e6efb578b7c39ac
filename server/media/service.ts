import { createHash, randomUUID } from 'node:crypto';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../db/database';
import { media, paymentMessages, payments, type MediaType } from '../db/schema/index';
import type { Tx } from '../ledger/types';
import type { MediaStorage } from '../providers/media-storage';
import { PHOTO_MAX_BYTES, VIDEO_MAX_BYTES } from '../../domain/limits';
import { SNIFF_BYTES, sanitizeFileName, sniffMedia, type Sniffed } from './sniff';
import { DomainError } from '../problems/domain-error';

/**
 * Photos and videos (spec: photo = JPEG or PNG, video = MP4 or QuickTime/MOV), uploaded by their owner, attached to
 * payment messages (a creator's reply to a price point), and served only to their owner and to the two parties of
 * a payment they were attached to — anyone else gets 404, as if the file did not exist (docs/money.md "Media").
 */
export type MediaRow = typeof media.$inferSelect;

const fileTooLarge = () => new DomainError('file_too_large', { values: { photoMb: PHOTO_MAX_BYTES / 2 ** 20, videoMb: VIDEO_MAX_BYTES / 2 ** 20 } });
export const mediaTypeUnsupported = () => new DomainError('media_type_unsupported');
export const mediaNotFound = () => new DomainError('media_not_found');

const maxBytesOf = (kind: 'photo' | 'video') => (kind === 'photo' ? PHOTO_MAX_BYTES : VIDEO_MAX_BYTES);

class UploadRefused extends Error {
  constructor(readonly problem: DomainError) {
    super(problem.code);
  }
}

/**
 * Passes the bytes through while it decides what they are (from the first 12 bytes), counts them against that
 * kind's limit and hashes them. It fails the stream — so storage discards the partial file — when the bytes are no
 * accepted type or exceed the limit.
 */
class Inspector extends Transform {
  private head = Buffer.alloc(0);
  // Not `size`: lib-storage (S3 uploads) takes a body's `size` property for its length, as a Blob's.
  private counted = 0;
  private readonly hash = createHash('sha256');
  sniffed: Sniffed | null = null;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.counted += chunk.length;
    this.hash.update(chunk);
    if (!this.sniffed) {
      this.head = Buffer.concat([this.head, chunk]);
      if (this.head.length < SNIFF_BYTES) return done();
      this.sniffed = sniffMedia(this.head);
      if (!this.sniffed) return done(new UploadRefused(mediaTypeUnsupported()));
      const pending = this.head;
      this.head = Buffer.alloc(0);
      if (this.counted > maxBytesOf(this.sniffed.kind)) return done(new UploadRefused(fileTooLarge()));
      return done(null, pending);
    }
    if (this.counted > maxBytesOf(this.sniffed.kind)) return done(new UploadRefused(fileTooLarge()));
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    if (!this.sniffed) {
      // Fewer than 12 bytes: a JPEG or PNG signature may still be complete.
      this.sniffed = this.head.length > 0 ? sniffMedia(this.head) : null;
      if (!this.sniffed) return done(new UploadRefused(mediaTypeUnsupported()));
      this.push(this.head);
    }
    done();
  }

  get bytes(): number {
    return this.counted;
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}

export interface UploadInput {
  ownerUserId: string;
  body: Readable;
  /** The client's file name (shown back, sanitised; never used as a path). */
  fileName?: string;
  /** Content-Length, when the client sent one: a file announced as too large is refused before a byte is read. */
  declaredLength?: number;
  now: Date;
}

export async function uploadMedia(db: Db, storage: MediaStorage, input: UploadInput): Promise<MediaRow> {
  if (input.declaredLength !== undefined && input.declaredLength > VIDEO_MAX_BYTES) throw fileTooLarge();
  const id = randomUUID();
  const inspector = new Inspector();
  input.body.on('error', (error) => inspector.destroy(error));
  // Bytes flow as soon as they are piped, but storage may attach its own listeners only after an await (creating its
  // directory): a refusal in between would be an 'error' nobody listens to, which kills the process. The stream
  // keeps the error (`errored`), and storage's pipeline still sees the destroyed stream.
  inspector.on('error', () => {});
  try {
    // Storage writes to a temporary name and keeps the file only if the whole stream passed the inspector.
    await storage.save(id, input.body.pipe(inspector));
  } catch (error) {
    input.body.unpipe(inspector);
    input.body.resume(); // drain what the client still sends; the answer goes out now
    const cause = inspector.errored ?? error;
    if (cause instanceof UploadRefused) throw cause.problem;
    throw error;
  }
  const sniffed = inspector.sniffed;
  if (!sniffed || inspector.bytes === 0) {
    await storage.remove(id);
    throw mediaTypeUnsupported();
  }
  try {
    const [row] = await db
      .insert(media)
      .values({
        id,
        ownerUserId: input.ownerUserId,
        kind: sniffed.kind,
        contentType: sniffed.contentType,
        sizeBytes: inspector.bytes,
        sha256: inspector.digest(),
        storageKey: id,
        fileName: sanitizeFileName(input.fileName, sniffed),
        createdAt: input.now,
      })
      .returning();
    return row!;
  } catch (error) {
    await storage.remove(id);
    throw error;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A media file the caller may see: their own, or one attached to a payment they are a party to. Else 404. */
export async function visibleMedia(db: Db, mediaId: string, userId: string): Promise<MediaRow> {
  if (!UUID.test(mediaId)) throw mediaNotFound();
  const [row] = await db.select().from(media).where(eq(media.id, mediaId));
  if (!row) throw mediaNotFound();
  if (row.ownerUserId === userId) return row;
  const [shared] = await db
    .select({ id: paymentMessages.id })
    .from(paymentMessages)
    .innerJoin(payments, eq(payments.id, paymentMessages.paymentId))
    .where(and(eq(paymentMessages.mediaId, mediaId), or(eq(payments.senderUserId, userId), eq(payments.receiverUserId, userId))))
    .limit(1);
  if (!shared) throw mediaNotFound();
  return row;
}

/**
 * `messageMediaId` on a message must be the sender's own upload (else 422 media_not_found: one cannot attach, or
 * claim a price point with, someone else's file); a claim needs the price point's kind (photo or video).
 */
export async function requireMediaFor(tx: Tx, mediaId: string, userId: string, expectedKind: MediaType | null): Promise<MediaRow> {
  const refused = () => new DomainError('media_not_found', { variant: 'notYours' });
  if (!UUID.test(mediaId)) throw refused();
  const [row] = await tx.select().from(media).where(and(eq(media.id, mediaId), eq(media.ownerUserId, userId)));
  if (!row) throw refused();
  if (expectedKind && row.kind !== expectedKind) {
    throw new DomainError('media_type_mismatch', {
      // The kind as a word of the reader's language ("una foto", "um vídeo"), not the API's `photo` / `video`.
      values: { expected: { word: `wallet:mediaKindIndefinite.${expectedKind}` } },
    });
  }
  return row;
}

export function mediaView(row: MediaRow) {
  return {
    id: row.id,
    kind: row.kind,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    fileName: row.fileName,
    sha256: row.sha256,
    createdAt: row.createdAt.toISOString(),
  };
}
