import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/database';
import { idempotencyKeys } from '../db/schema/index';
import { DomainError } from '../problems/domain-error';
import { whereKey, type StoredAnswer } from './store';

/**
 * The optional `Idempotency-Key` of the creating calls (operations marked `x-idempotent: true` in openapi.yaml:
 * a request, a card, a price point, a contact, an invitation, an upload, a profile image, a bank or payout account).
 * Same table and same rules as the money-moving calls (store.ts) — same key and body → the first
 * answer replayed byte for byte; same key, other body → 422; a refusal does not burn the key; a duplicate arriving
 * while the first is still running → 409 `idempotency_key_in_flux` — but not the same transaction.
 *
 * These handlers keep their own transactions, and some call a provider (the card processor, the payout provider),
 * which must never run inside an open transaction. So the key is claimed first, in one statement of its own (the row
 * without an answer); the handler runs; its success is stored in the row (preSerialization, server/http/operations.ts)
 * and a refusal or an error deletes the claim so the caller can fix the cause and retry with the same key. The request
 * side (a streamed body hashed as the handler reads it) is server/http/idempotent-creation.ts.
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

const inFlux = () => new DomainError('idempotency_key_in_flux');

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
