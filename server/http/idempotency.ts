import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { idempotencyKeys } from '../db/schema/index';
import type { Tx } from '../ledger/types';
import { HttpProblem } from './problem';

/**
 * `Idempotency-Key` on every money-moving POST (design.md §3). Operations marked `x-money-moving: true` in
 * openapi.yaml must declare the header as required and have a `moneyMoving(...)` handler; registerOperations
 * refuses to start otherwise, and runs every such handler through `runIdempotent`:
 *
 * - the key row (caller + operation + key, with a hash of the request) is inserted first, in the same transaction
 *   as the money movement; a concurrent duplicate blocks on the primary key until the first commits, then replays;
 * - the response (status + the exact body bytes) is stored in that transaction, so a committed key always has one;
 * - a replay with the same request returns those bytes; the same key with another request is refused (422);
 * - a refusal (4xx) rolls the transaction back with the key, so the caller can fix the cause and retry with it;
 * - keys are kept at least IDEMPOTENCY_KEY_TTL_HOURS, then purged by the job runner.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

export interface MoneyResult {
  status: number;
  body: unknown;
}
export type MoneyMovingRun = (tx: Tx, request: FastifyRequest) => Promise<MoneyResult>;
export interface MoneyMovingHandler {
  kind: 'money-moving';
  run: MoneyMovingRun;
}

/** Marks a handler as money-moving: it gets the transaction its key is stored in, and returns status and body. */
export function moneyMoving(run: MoneyMovingRun): MoneyMovingHandler {
  return { kind: 'money-moving', run };
}

export function isMoneyMoving(handler: unknown): handler is MoneyMovingHandler {
  return typeof handler === 'object' && handler !== null && (handler as MoneyMovingHandler).kind === 'money-moving';
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as object)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** What makes two requests "the same": method, path and body (key order ignored; `lang` only localises errors). */
export function requestHash(request: FastifyRequest): string {
  const path = request.url.split('?')[0];
  return createHash('sha256')
    .update(JSON.stringify([request.method, path, canonical(request.body ?? null)]))
    .digest('hex');
}

export interface IdempotencyScope {
  userId: string;
  operationId: string;
  key: string;
  requestHash: string;
  now: Date;
}

export interface StoredResponse {
  status: number;
  bodyText: string;
  replayed: boolean;
}

export async function runIdempotent(
  db: Db,
  scope: IdempotencyScope,
  run: (tx: Tx) => Promise<{ status: number; bodyText: string }>,
): Promise<StoredResponse> {
  const where = and(
    eq(idempotencyKeys.userId, scope.userId),
    eq(idempotencyKeys.operationId, scope.operationId),
    eq(idempotencyKeys.idempotencyKey, scope.key),
  );
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({
        userId: scope.userId,
        operationId: scope.operationId,
        idempotencyKey: scope.key,
        requestHash: scope.requestHash,
        createdAt: scope.now,
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.idempotencyKey });
    if (claimed.length === 0) {
      const [row] = await tx.select().from(idempotencyKeys).where(where).for('update');
      if (!row || row.statusCode === null || row.responseBody === null) {
        // Purged between the two statements (or a bug): the caller can safely retry.
        throw new HttpProblem(409, 'idempotency_key_in_flux', 'money:idempotency_key_in_flux');
      }
      if (row.requestHash !== scope.requestHash) {
        throw new HttpProblem(422, 'idempotency_key_reused', 'money:idempotency_key_reused');
      }
      return { status: row.statusCode, bodyText: row.responseBody, replayed: true };
    }
    const result = await run(tx);
    await tx.update(idempotencyKeys).set({ statusCode: result.status, responseBody: result.bodyText }).where(where);
    return { ...result, replayed: false };
  });
}

/** Deletes keys older than the TTL; returns how many. Run by the job runner on every tick. */
export async function purgeIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_HOURS * 60 * 60 * 1000);
  const deleted = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, cutoff)).returning({ k: idempotencyKeys.idempotencyKey });
  return deleted.length;
}
