import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/database';
import { idempotencyKeys } from '../db/schema/index';
import type { Tx } from '../ledger/types';
import { DomainError } from '../problems/domain-error';

/**
 * The Idempotency-Key store (design.md §3): one row per caller, operation and key, with a hash of the request and,
 * once answered, the answer's status and exact bytes. The money-moving calls claim and answer a key in the
 * transaction that moves the money (`runIdempotent`); the creating calls claim it first and answer it after
 * (claims.ts); a card charge's answer is stored when the processor has spoken (`storeDeferredAnswer`). The HTTP side —
 * which requests carry a key, what makes two of them the same — is server/http/idempotency.ts.
 *
 * - a replay with the same request returns the stored bytes; the same key with another request is refused (422);
 * - a refusal (4xx) rolls the transaction back with the key, so the caller can fix the cause and retry with it;
 * - keys are kept at least IDEMPOTENCY_KEY_TTL_HOURS, then purged by the job runner.
 */
const IDEMPOTENCY_KEY_TTL_HOURS = 24;

export interface MoneyResult {
  status: number;
  body: unknown;
}

/** An answer that is stored (and replayed) as exact bytes. */
export interface StoredAnswer {
  status: number;
  bodyText: string;
}

/**
 * The answer of an operation that must call a provider (a card authorisation): the handler's transaction records
 * the intent and commits with the key still unanswered; then `finish` — outside any transaction — calls the
 * provider and, in a transaction of its own, records the outcome and stores the answer in the key's row (a job does
 * the same if the process dies in between, so the key always gets its answer). Until then a replay gets 409
 * `idempotency_key_in_flux`. `validate` checks an answer against the contract before it is stored.
 */
export interface DeferredAnswer {
  deferred: (validate: (status: number, body: unknown) => void) => Promise<StoredAnswer>;
}

export interface IdempotencyScope {
  userId: string;
  operationId: string;
  key: string;
  requestHash: string;
  now: Date;
  /** The caller's language and the request's path, for an answer rendered later (DeferredAnswer). */
  locale?: string;
  requestPath?: string;
  /**
   * Set when the caller is not settled yet (MoneyMovingHandler.checksSession): userId is then the user the path
   * names, and atOnce's statement must check that this token's live session is theirs before anything else — or
   * return null without touching anything. It sets `checked` when the statement carrying that check is sent.
   */
  session?: { tokenHash: string; checked: boolean };
}

export interface StoredResponse {
  status: number;
  bodyText: string;
  replayed: boolean;
}

export interface DeferredResponse {
  replayed: false;
  deferred: DeferredAnswer['deferred'];
}

export async function runIdempotent(
  db: Db,
  scope: IdempotencyScope,
  run: (tx: Tx) => Promise<StoredAnswer | DeferredAnswer>,
): Promise<StoredResponse | DeferredResponse> {
  const where = whereKey(scope);
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({
        userId: scope.userId,
        operationId: scope.operationId,
        idempotencyKey: scope.key,
        requestHash: scope.requestHash,
        createdAt: scope.now,
        locale: scope.locale ?? null,
        requestPath: scope.requestPath ?? null,
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.idempotencyKey });
    if (claimed.length === 0) {
      const [row] = await tx.select().from(idempotencyKeys).where(where).for('update');
      if (!row || row.statusCode === null || row.responseBody === null) {
        // Purged between the two statements (or a bug): the caller can safely retry.
        throw new DomainError('idempotency_key_in_flux');
      }
      if (row.requestHash !== scope.requestHash) {
        throw new DomainError('idempotency_key_reused');
      }
      return { status: row.statusCode, bodyText: row.responseBody, replayed: true };
    }
    const result = await run(tx);
    // Committed unanswered: the intent is recorded, the provider is called next (see DeferredAnswer).
    if ('deferred' in result) return { replayed: false as const, deferred: result.deferred };
    await tx.update(idempotencyKeys).set({ statusCode: result.status, responseBody: result.bodyText }).where(where);
    return { ...result, replayed: false };
  });
}

export interface KeyRef {
  userId: string;
  operationId: string;
  key: string;
}

/** The row of one caller's key for one operation (the table's primary key). */
export const whereKey = (ref: KeyRef) =>
  and(eq(idempotencyKeys.userId, ref.userId), eq(idempotencyKeys.operationId, ref.operationId), eq(idempotencyKeys.idempotencyKey, ref.key));

/**
 * Stores the answer of a deferred operation in its key's row, in the transaction that recorded the outcome —
 * unless an answer is already there (the request and the recovery job race: the first one wins, and both then
 * return the stored bytes). Returns the stored answer, and the key's locale and path for rendering.
 */
export async function storeDeferredAnswer(
  tx: Tx,
  ref: KeyRef,
  answer: (where: { locale: string | null; requestPath: string | null }) => StoredAnswer,
): Promise<StoredAnswer | null> {
  const where = whereKey(ref);
  const [row] = await tx.select().from(idempotencyKeys).where(where).for('update');
  if (!row) return null; // purged (more than 24 hours later): nobody can replay it any more
  if (row.statusCode !== null && row.responseBody !== null) return { status: row.statusCode, bodyText: row.responseBody };
  const stored = answer({ locale: row.locale, requestPath: row.requestPath });
  await tx.update(idempotencyKeys).set({ statusCode: stored.status, responseBody: stored.bodyText }).where(where);
  return stored;
}

/** Deletes keys older than the TTL; returns how many. Run by the job runner on every tick. */
export async function purgeIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_HOURS * 60 * 60 * 1000);
  const deleted = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, cutoff)).returning({ k: idempotencyKeys.idempotencyKey });
  return deleted.length;
}

/** Whether the key has been claimed already (answered or still in flux): its request has been served once. */
export async function keyClaimed(db: Db, scope: Pick<IdempotencyScope, 'userId' | 'operationId' | 'key'>): Promise<boolean> {
  const [row] = await db
    .select({ key: idempotencyKeys.idempotencyKey })
    .from(idempotencyKeys)
    .where(whereKey(scope));
  return row !== undefined;
}

/** The answer stored for a key, if it has one. */
export async function readStoredAnswer(tx: Tx, ref: KeyRef): Promise<StoredAnswer | null> {
  const [row] = await tx
    .select()
    .from(idempotencyKeys)
    .where(whereKey(ref));
  return row && row.statusCode !== null && row.responseBody !== null ? { status: row.statusCode, bodyText: row.responseBody } : null;
}
