import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import type { Clock } from '../clock';
import { VIDEO_MAX_BYTES } from '../../domain/limits';
import { authOf } from '../auth/authenticate';
import { pickLocale } from '../i18n/translator';
import { claimKey, releaseClaim, storeClaimAnswer } from '../idempotency/claims';
import { IDEMPOTENCY_HEADER, requestHash } from './idempotency';
import { hashWholeStream, keyReused, streamedHasher } from './idempotent-creation';

type OperationHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** A body the upload parser left as the request stream (server/routes/media.ts), not parsed JSON. */
function hasStreamedBody(request: FastifyRequest): request is FastifyRequest & { body: Readable } {
  return request.body instanceof Readable;
}

/**
 * An `x-idempotent` operation's handler with its optional Idempotency-Key: without a key the handler simply runs;
 * with one, a stored answer is replayed (or 422 for another body), else the key is claimed and the handler runs —
 * outside any transaction, since it may call a provider (server/http/idempotent-creation.ts). Its success is stored
 * by preSerialization; a refusal or an error releases the claim (settleClaim).
 */
export function idempotentCreation(given: OperationHandler, store: { db: Db; clock: Clock }): OperationHandler {
  return async (request, reply) => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (typeof key !== 'string') return given(request, reply);
    const streamed = hasStreamedBody(request);
    const outcome = await claimKey(store.db, {
      userId: authOf(request).userId,
      operationId: String((request.routeOptions.config as { operationId?: string }).operationId),
      key,
      requestHash: streamed ? null : requestHash(request),
      now: store.clock.now(),
      locale: pickLocale(request.query, request.headers['accept-language']),
      requestPath: request.url.split('?')[0]!,
    });
    if (outcome.kind === 'answered') {
      // A streamed body is read whole before deciding: the same key with other bytes is a different request.
      const hash = streamed ? await hashWholeStream(request, VIDEO_MAX_BYTES) : requestHash(request);
      if (hash !== outcome.requestHash) throw keyReused();
      const { status, bodyText } = outcome.answer;
      const type = status >= 400 ? 'application/problem+json; charset=utf-8' : 'application/json; charset=utf-8';
      return reply.code(status).type(type).header('idempotent-replayed', 'true').send(bodyText);
    }
    const hasher = streamed ? streamedHasher(request) : null;
    request.idempotencyClaim = { claim: outcome.claim, db: store.db, streamed, hash: () => (hasher ? hasher.hash() : null), settled: false };
    try {
      return await given(request, reply);
    } catch (error) {
      // Released before the refusal is sent, so a corrected retry right after it finds the key free.
      await settleClaim(request, null, null);
      throw error;
    }
  };
}

/**
 * Settles a claimed key once: a 2xx answer with its bytes is stored in it (with a streamed body's hash, if the body
 * was read to its end); anything else — a refusal, an error, no body to store — deletes the claim. A failure to
 * store is logged, not answered: the object exists, and the caller gets its answer (the claim expires after its
 * lease, CLAIM_LEASE_MS).
 */
export async function settleClaim(request: FastifyRequest, status: number | null, bodyText: string | null): Promise<void> {
  const held = request.idempotencyClaim;
  if (!held || held.settled) return;
  held.settled = true;
  try {
    // A streamed body is stored only with its hash: one the handler did not read to the end cannot be compared.
    const streamedHash = held.streamed ? held.hash() : null;
    const storable = status !== null && status >= 200 && status < 300 && bodyText !== null && (!held.streamed || streamedHash !== null);
    if (storable) await storeClaimAnswer(held.db, held.claim, { status, bodyText }, streamedHash ?? undefined);
    else await releaseClaim(held.db, held.claim);
  } catch (error) {
    request.log.error({ err: error, operationId: held.claim.operationId }, 'idempotency key not settled');
  }
}

