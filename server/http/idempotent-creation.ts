import { createHash, type Hash } from 'node:crypto';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { idempotencyKeys } from '../db/schema/index';
import { HttpProblem } from './problem';
import { whereKey, type StoredAnswer } from './idempotency';

/**
 * The optional `Idempotency-Key` of the creating calls (operations marked `x-idempotent: true` in openapi.yaml:
 * a request, a card, a price point, a contact, an invitation, an upload, a profile image, a bank or payout account).
 * Same table and same rules as the money-moving calls (server/http/idempotency.ts) — same key and body → the first
 * answer replayed byte for byte; same key, other body → 422; a refusal does not burn the key; a duplicate arriving
 * while the first is still running → 409 `idempotency_key_in_flux` — but not the same transaction.
 *
 * These handlers keep their own transactions, and some call a provider (the card processor, the payout provider),
 * which must never run inside an open transaction. So the key is claimed first, in one statement of its own (the row
 * without an answer); the handler runs; its success is stored in the row (preSerialization, server/http/operations.ts)
 * and a refusal or an error deletes the claim so the caller can fix the cause and retry with the same key.
 *
 * A process that dies between the claim and the answer leaves a claim nobody will settle. It must not block the key
 * for the 24 hours keys are kept, so a claim older than CLAIM_LEASE_MS is taken over by the next request with that
 * key (which then runs the handler itself). The lease is far longer than any handler runs (a provider call times out
 * in seconds), so a live claim is never taken. The price: if the process died after the handler committed but before
 * the answer was stored, the retry creates a second object — the one case the key cannot cover without holding a
 * transaction across the provider call, which is worse (a connection held for the provider's whole latency).
 */
export const CLAIM_LEASE_MS = 5 * 60_000;

/** The hash of a claim whose streamed body has not been read yet (it is set with the answer). */
const HASH_PENDING = 'pending';

export interface ClaimScope {
  userId: string;
  operationId: string;
  key: string;
  /** null: the body is a stream, hashed while the handler reads it (streamedHasher). */
  requestHash: string | null;
  now: Date;
  locale: string;
  requestPath: string;
}

/** Ours to answer: `claimedAt` identifies this claim (a takeover after the lease gives the row a new one). */
export interface Claim {
  userId: string;
  operationId: string;
  key: string;
  claimedAt: Date;
}

export type ClaimOutcome =
  | { kind: 'claimed'; claim: Claim }
  /** An answer is stored: the caller compares `requestHash` with its own (a stream's once read) to replay or refuse. */
  | { kind: 'answered'; requestHash: string; answer: StoredAnswer };

const inFlux = () => new HttpProblem(409, 'idempotency_key_in_flux', 'money:idempotency_key_in_flux');
export const keyReused = () => new HttpProblem(422, 'idempotency_key_reused', 'errors:idempotency_key_reused');

export async function claimKey(db: Db, scope: ClaimScope): Promise<ClaimOutcome> {
  const ref = { userId: scope.userId, operationId: scope.operationId, key: scope.key };
  const requestHash = scope.requestHash ?? HASH_PENDING;
  const inserted = await db
    .insert(idempotencyKeys)
    .values({
      ...{ userId: ref.userId, operationId: ref.operationId, idempotencyKey: ref.key },
      requestHash,
      createdAt: scope.now,
      locale: scope.locale,
      requestPath: scope.requestPath,
    })
    .onConflictDoNothing()
    .returning({ createdAt: idempotencyKeys.createdAt });
  if (inserted.length) return { kind: 'claimed', claim: { ...ref, claimedAt: scope.now } };

  const [row] = await db.select().from(idempotencyKeys).where(whereKey(ref));
  if (!row) throw inFlux(); // its claim was just released: the caller can retry at once
  if (row.statusCode !== null && row.responseBody !== null) {
    return { kind: 'answered', requestHash: row.requestHash, answer: { status: row.statusCode, bodyText: row.responseBody } };
  }
  // Unanswered: still running (409), or its process died more than a lease ago — then this request takes it over.
  const stale = new Date(scope.now.getTime() - CLAIM_LEASE_MS);
  const taken = await db
    .update(idempotencyKeys)
    .set({ requestHash, createdAt: scope.now, locale: scope.locale, requestPath: scope.requestPath })
    .where(and(whereKey(ref), isNull(idempotencyKeys.statusCode), lt(idempotencyKeys.createdAt, stale)))
    .returning({ createdAt: idempotencyKeys.createdAt });
  if (taken.length) return { kind: 'claimed', claim: { ...ref, claimedAt: scope.now } };
  throw inFlux();
}

const whereOurClaim = (claim: Claim) => and(whereKey(claim), isNull(idempotencyKeys.statusCode), eq(idempotencyKeys.createdAt, claim.claimedAt));

/** Stores the handler's answer (and a streamed body's hash) in our claim. */
export async function storeClaimAnswer(db: Db, claim: Claim, answer: StoredAnswer, streamedHash?: string): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ statusCode: answer.status, responseBody: answer.bodyText, ...(streamedHash ? { requestHash: streamedHash } : {}) })
    .where(whereOurClaim(claim));
}

/** A refusal or an error: the key is free again, for a corrected retry. */
export async function releaseClaim(db: Db, claim: Claim): Promise<void> {
  await db.delete(idempotencyKeys).where(whereOurClaim(claim));
}

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
