import { createHash, type Hash } from 'node:crypto';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../problems/domain-error';

/**
 * The request side of the creating calls' optional Idempotency-Key (operations marked `x-idempotent: true`): what makes
 * two of them the same, a streamed body hashed while the handler reads it. The key's claim, answer and release are the
 * store's (server/idempotency/claims.ts); server/http/operations.ts wires both around the handler.
 */

// The claim's lease, where the tests of the creating calls have always found it.
export { CLAIM_LEASE_MS } from '../idempotency/claims';

/** The same key with another body: said as "a new request" (a creating call), not "a new payment". */
export const keyReused = () => new DomainError('idempotency_key_reused', { variant: 'creation' });

/**
 * What makes two streamed requests the same: method, path, the query (an upload's file name is there), the declared
 * content type and every byte of the body.
 */
function streamedRequestHash(request: FastifyRequest, bodyDigest: string): string {
  const [path, query = ''] = request.url.split('?');
  const params = [...new URLSearchParams(query)].filter(([name]) => name !== 'lang').sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256')
    .update(JSON.stringify([request.method, path, params, String(request.headers['content-type'] ?? ''), bodyDigest]))
    .digest('hex');
}

/**
 * Puts a hashing tap between a streamed body and the handler: every byte the handler reads is hashed on the way.
 * `hash()` is the request's hash once the handler has read the body to its end (null if it stopped before).
 */
export function streamedHasher(request: FastifyRequest & { body: Readable }): { hash(): string | null } {
  const digest: Hash = createHash('sha256');
  let ended = false;
  const source = request.body;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      digest.update(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      ended = true;
      callback();
    },
  });
  // A failing source fails the tap (the handler sees the error); a handler that stops reading stops the source.
  source.on('error', (error) => tap.destroy(error));
  tap.on('close', () => {
    if (!source.readableEnded) source.destroy();
  });
  source.pipe(tap);
  (request as { body: unknown }).body = tap;
  let value: string | null = null;
  return {
    hash() {
      if (!ended) return null;
      value ??= streamedRequestHash(request, digest.digest('hex'));
      return value;
    },
  };
}

/**
 * A replay of a streamed request: the body is read to its end (at most `limit` bytes: more was never answered with
 * a success) and hashed, so that the same key with other bytes is refused rather than replayed.
 */
export async function hashWholeStream(request: FastifyRequest & { body: Readable }, limit: number): Promise<string | null> {
  const digest = createHash('sha256');
  let size = 0;
  for await (const chunk of request.body) {
    size += chunk.length;
    if (size > limit) {
      request.body.destroy();
      return null;
    }
    digest.update(chunk);
  }
  return streamedRequestHash(request, digest.digest('hex'));
}
