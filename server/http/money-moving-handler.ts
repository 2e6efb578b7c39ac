import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import type { Clock } from '../clock';
import { authOf } from '../auth/authenticate';
import { pickLocale } from '../i18n/translator';
import { keyClaimed, runIdempotent, type IdempotencyScope } from '../idempotency/store';
import { IDEMPOTENCY_HEADER, isDeferred, requestHash, type MoneyMovingHandler } from './idempotency';
import { userIdInPath } from './path-user';

export interface MoneyMovingRoute {
  /** Throws when the answer breaks the contract; called before an answer is stored, so no bad bytes are replayed. */
  validateResponse: (status: number, payload: unknown) => void;
  /** Settles who is calling (401, the owner's 404, the set-up gate) when the one statement did not. */
  settleCaller: (request: FastifyRequest) => Promise<void>;
  idempotency: { db: Db; clock: Clock };
}

/**
 * The route of an `x-money-moving` operation (docs/money.md "Idempotency"): the required Idempotency-Key's answer is
 * stored with the movement in one transaction and replayed as exact bytes. The hot path's one statement
 * (`atOnce`, migrations 0020–0021) may check the caller's session itself; any other way the request takes settles
 * the caller first, so a 401 or the owner's 404 still comes before every other answer.
 */
export function moneyMovingHandler(operationId: string, given: MoneyMovingHandler, route: MoneyMovingRoute) {
  const { validateResponse, settleCaller, idempotency } = route;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const deferred = request.deferredSession && !request.deferredSession.settled ? request.deferredSession : null;
    // Deferred: the user the path names, whom the statement checks the session against before anything.
    const pathUser = deferred ? userIdInPath(request) : undefined;
    if (deferred && pathUser === undefined) throw new Error(`${operationId}: a deferred session needs {userId} in the path`);
    // The response is stored and replayed as exact bytes, so it is validated here, before it is stored.
    const scope: IdempotencyScope = {
      userId: pathUser ?? authOf(request).userId,
      operationId: operationId,
      key: String(request.headers[IDEMPOTENCY_HEADER]),
      requestHash: requestHash(request),
      now: idempotency.clock.now(),
      locale: pickLocale(request.query, request.headers['accept-language']),
      requestPath: request.url.split('?')[0],
    };
    if (deferred) scope.session = { tokenHash: deferred.tokenHash, checked: false };
    // The one-statement path first (it takes only the requests it can serve whole); else the transaction.
    let atOnce;
    try {
      atOnce = given.atOnce ? await given.atOnce(request, scope, validateResponse) : null;
    } finally {
      // Whatever the statement answered (a send, a replay, a 401, a refusal) it answered for this session.
      if (deferred && scope.session?.checked) deferred.settled = true;
    }
    if (deferred && atOnce) {
      // An answer for an unchecked caller would be a hole: only a statement that checked the session answers.
      if (!scope.session?.checked) throw new Error(`${operationId} answered without checking the session`);
      request.auth = { userId: scope.userId, tokenHash: deferred.tokenHash };
    }
    if (deferred && !atOnce) {
      await settleCaller(request);
      delete scope.session;
    }
    // Work outside the transaction (validating a new card), skipped when the key was served already.
    if (!atOnce && given.prepare && !(await keyClaimed(idempotency.db, scope))) await given.prepare(request, reply);
    const stored =
      atOnce ??
      (await runIdempotent(idempotency.db, scope, async (tx) => {
        const result = await given.run(tx, request);
        if (isDeferred(result)) return result;
        validateResponse(result.status, result.body);
        return { status: result.status, bodyText: JSON.stringify(result.body) };
      }));
    // A provider call comes after the intent committed, outside any transaction (see DeferredAnswer).
    const answer = 'deferred' in stored ? await stored.deferred(validateResponse) : stored;
    if (stored.replayed) reply.header('idempotent-replayed', 'true');
    // Stored refusals (a declined card) are problems like any other refusal.
    const type = answer.status >= 400 ? 'application/problem+json; charset=utf-8' : 'application/json; charset=utf-8';
    return reply.code(answer.status).type(type).send(answer.bodyText);
  };
}
