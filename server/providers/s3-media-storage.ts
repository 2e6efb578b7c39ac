import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, NotFound, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { MEDIA_KEY_PATTERN, type MediaStorage } from './media-storage';

/** S3 refuses parts under 5 MiB (but the last); one part is what an upload holds in memory at a time per queue slot. */
const PART_BYTES = 5 * 2 ** 20;
/** Parts in flight per upload: 2 × 5 MiB at most in memory, whatever the file's size (a video may be 100 MB). */
const PARTS_IN_FLIGHT = 2;

function checkKey(key: string): string {
  if (!MEDIA_KEY_PATTERN.test(key)) throw new Error(`not a media storage key: ${JSON.stringify(key)}`);
  return key;
}

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey || error instanceof NotFound || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);

/**
 * Media in one bucket of an S3-compatible object store (MEDIA_STORAGE=s3, S3_BUCKET). The client is configured the
 * SDK's standard way — AWS_ENDPOINT_URL_S3, AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY from the environment
 * (or the SDK's other sources: profile, instance role) — with path-style addressing, which every S3-compatible server
 * answers (MinIO, Ceph, s3rver) where virtual-host names need DNS for each bucket.
 *
 * The bucket stays private: objects are written without an ACL and only ever read by the app, which serves them
 * after its owner checks (routes/media.ts). No URL of the bucket reaches a client.
 */
export class S3MediaStorage implements MediaStorage {
  constructor(
    readonly bucket: string,
    readonly client: S3Client = new S3Client({ forcePathStyle: true }),
  ) {}

  /**
   * Streams the body up without knowing its length (it is counted and may be cut off as it arrives): up to one part
   * it is a single PUT sent only once the stream has ended, beyond that a multipart upload completed only when the
   * stream ends whole. A stream that fails (refused type, over the limit, client gone) aborts the multipart upload,
   * so no object and no stored parts remain under the key — nothing is visible unless the whole stream was written.
   */
  async save(key: string, data: Readable): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: checkKey(key), Body: data },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    try {
      // A failed stream rejects done() once the parts in flight have settled, after lib-storage has sent
      // AbortMultipartUpload (leavePartsOnError: false): when save() rejects, the upload is already given up.
      await upload.done();
    } catch (error) {
      throw data.errored ?? error;
    }
  }

  async open(key: string): Promise<{ stream: Readable; size: number } | null> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
      if (!object.Body || object.ContentLength === undefined) return null;
      return { stream: object.Body as Readable, size: object.ContentLength };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    // S3 answers a delete of a missing key with success, as the disk storage's rm({ force: true }).
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
  }

  /**
   * Objects last written before `cutoff`, a page of 1,000 at a time. An unfinished multipart upload is no object and
   * is not listed: the bucket's `AbortIncompleteMultipartUpload` lifecycle rule removes its parts (docs/deploy.md).
   */
  async *storedBefore(cutoff: Date): AsyncIterable<string> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        if (object.Key && MEDIA_KEY_PATTERN.test(object.Key) && object.LastModified && object.LastModified < cutoff) yield object.Key;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}
