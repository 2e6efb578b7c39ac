import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Tx } from '../ledger/types';
import type { DeferredAnswer, IdempotencyScope, MoneyResult, StoredResponse } from '../idempotency/store';

/**
 * `Idempotency-Key` on every money-moving POST (design.md §3). Operations marked `x-money-moving: true` in
 * openapi.yaml must declare the header as required and have a `moneyMoving(...)` handler; registerOperations
 * refuses to start otherwise, and runs every such handler through `runIdempotent`:
 *
 * - the key row (caller + operation + key, with a hash of the request) is inserted first, in the same transaction
 *   as the money movement (the store: server/idempotency/store.ts); a concurrent duplicate blocks on the primary key
 *   until the first commits, then replays;
 * - the response (status + the exact body bytes) is stored in that transaction, so a committed key always has one;
 * - a replay with the same request returns those bytes; the same key with another request is refused (422);
 * - a refusal (4xx) rolls the transaction back with the key, so the caller can fix the cause and retry with it;
 * - keys are kept at least IDEMPOTENCY_KEY_TTL_HOURS, then purged by the job runner.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

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
