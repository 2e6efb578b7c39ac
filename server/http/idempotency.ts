import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
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

export function isDeferred(result: MoneyResult | DeferredAnswer): result is DeferredAnswer {
  return typeof (result as DeferredAnswer).deferred === 'function';
}

export type MoneyMovingRun<Request = FastifyRequest, Answer extends MoneyResult = MoneyResult> = (tx: Tx, request: Request) => Promise<Answer | DeferredAnswer>;

/**
 * A money-moving operation's path in one statement, for the requests it knows how to take (the plain send from
 * balance): the statement claims the key, moves the money and stores the answer itself — the same rules as
 * runIdempotent, without its BEGIN, claim, store and COMMIT round trips. It returns null, having touched nothing,
 * for a request it does not take; `run` then serves it in runIdempotent's transaction. `validate` checks an answer
 * against the contract before it is stored.
 */
export type MoneyMovingAtOnce<Request = FastifyRequest> = (
  request: Request,
  scope: IdempotencyScope,
  validate: (status: number, body: unknown) => void,
) => Promise<StoredResponse | null>;

/**
 * Work a request needs done before its transaction and outside it (a provider call that charges nothing, such as
 * validating a new card): run once the caller is settled, and only while the key holds no answer yet — a replay
 * of an answered key gets its stored bytes and calls nobody.
 */
export type MoneyMovingPrepare<Request = FastifyRequest, Reply = FastifyReply> = (request: Request, reply: Reply) => Promise<void>;

/**
 * Request, Reply and Answer default to Fastify's untyped ones (registerOperations runs any document); a handler of
 * openapi.yaml gets its operation's types (server/http/contract-handlers.ts).
 */
export interface MoneyMovingHandler<Request = FastifyRequest, Reply = FastifyReply, Answer extends MoneyResult = MoneyResult> {
  kind: 'money-moving';
  run: MoneyMovingRun<Request, Answer>;
  prepare?: MoneyMovingPrepare<Request, Reply>;
  atOnce?: MoneyMovingAtOnce<Request>;
  /**
   * atOnce's statement checks the caller's session itself (scope.session): the route then makes no session read
   * of its own before it (server/http/operations.ts; migration 0020).
   */
  checksSession?: boolean;
}

/** Marks a handler as money-moving: it gets the transaction its key is stored in, and returns status and body. */
export function moneyMoving<Request = FastifyRequest, Reply = FastifyReply, Answer extends MoneyResult = MoneyResult>(
  run: MoneyMovingRun<Request, NoInfer<Answer>>,
  atOnce?: MoneyMovingAtOnce<Request>,
  options: { checksSession?: boolean; prepare?: MoneyMovingPrepare<Request, Reply> } = {},
): MoneyMovingHandler<Request, Reply, Answer> {
  if (options.checksSession && !atOnce) throw new Error('only a one-statement path can check the session itself');
  return {
    kind: 'money-moving',
    run,
    ...(atOnce ? { atOnce } : {}),
    ...(options.checksSession ? { checksSession: true } : {}),
    ...(options.prepare ? { prepare: options.prepare } : {}),
  };
}

export function isMoneyMoving(handler: unknown): handler is MoneyMovingHandler {
  return typeof handler === 'object' && handler !== null && (handler as MoneyMovingHandler).kind === 'money-moving';
}

/**
 * Fields whose value must never be hashable offline: the stored hash is an unsalted SHA-256 kept for a day, so a
 * password, a CVV or a card number inside it could be recovered by guessing against a copy of the database (a card
 * number has few unknown digits once its brand is known; a password skips argon2). A password or CVV counts as the
 * same whatever it is — a retry with another one is still the same submission, and a first answer that refused it
 * was not stored —, a card number by its last four digits.
 */
const SECRET_FIELDS: Readonly<Record<string, (value: unknown) => unknown>> = {
  current_password: () => '(secret)',
  password: () => '(secret)',
  cvv: () => '(secret)',
  number: (value) => (typeof value === 'string' ? `…${value.replace(/\D/g, '').slice(-4)}` : value),
};

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as object)
        .sort()
        .map((k) => {
          const field = (value as Record<string, unknown>)[k];
          const secret = Object.hasOwn(SECRET_FIELDS, k) ? SECRET_FIELDS[k] : undefined;
          return [k, secret ? secret(field) : canonical(field)];
        }),
    );
  }
  return value;
}

/**
 * What makes two requests "the same": method, path and body (key order ignored; `lang` only localises errors;
 * secrets reduced as SECRET_FIELDS says).
 */
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
        throw new HttpProblem(409, 'idempotency_key_in_flux', 'money:idempotency_key_in_flux');
      }
      if (row.requestHash !== scope.requestHash) {
        throw new HttpProblem(422, 'idempotency_key_reused', 'money:idempotency_key_reused');
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
