import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import {
  listOperations,
  toFastifyPath,
  type OpenApiDocument,
  type OpenApiSchema,
  type Operation,
  type Parameter,
} from './openapi-document';
import { compileRequestSchema, compileResponseSchema, nulCharacterIssues, RequestValidationError, type HttpPart } from './validation';
import { DomainError } from '../problems/domain-error';
import { problemCodesOf } from './problem-contract';
import { authOf, presentedTokenHash, type Authenticator } from '../auth/authenticate';
import type { Db } from '../db/database';
import type { Clock } from '../clock';
import { IDEMPOTENCY_HEADER, isDeferred, isMoneyMoving, requestHash, type MoneyMovingHandler } from './idempotency';
import { keyClaimed, runIdempotent, type IdempotencyScope } from '../idempotency/store';
import { pickLocale } from '../i18n/translator';
import { isLoopbackAddress } from './loopback';
import { hashWholeStream, keyReused, streamedHasher } from './idempotent-creation';
import { claimKey, releaseClaim, storeClaimAnswer, type Claim } from '../idempotency/claims';
import { Readable } from 'node:stream';
import { VIDEO_MAX_BYTES } from '../../domain/limits';
import { requireSetUp } from '../security/set-up-gate';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * On an operation whose one statement checks the caller's session itself (MoneyMovingHandler.checksSession):
     * the presented token's hash, until the caller is settled — by that statement, or by the authenticator when
     * the request takes another way (another path, a refusal before the handler, an error).
     */
    deferredSession?: { tokenHash: string; settled: boolean };
    /**
     * On an `x-idempotent` operation called with an Idempotency-Key: the key this request claimed, until the answer
     * is stored in it (a success) or it is released (anything else). `hash` gives a streamed body's hash once read.
     */
    idempotencyClaim?: { claim: Claim; db: Db; streamed: boolean; hash: () => string | null; settled: boolean };
  }
}

type OperationHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
/**
 * Untyped, as registerOperations runs any document (the tests' fixtures too). openapi.yaml's own handlers are typed
 * by operationId and handed over by contractHandlers (server/http/contract-handlers.ts).
 */
export type OperationHandlers = Record<string, OperationHandler | MoneyMovingHandler>;

/** Thrown when a handler's answer breaks the contract: a bug on our side, so it becomes a 500 and is logged. */
export class ResponseContractError extends Error {
  constructor(
    readonly operationId: string,
    readonly status: number,
    readonly issues: unknown,
  ) {
    super(`Response of ${operationId} (${status}) does not match openapi.yaml`);
  }
}

function parameterSchema(params: Parameter[], where: Parameter['in']): OpenApiSchema | undefined {
  const own = params.filter((p) => p.in === where);
  if (own.length === 0) return undefined;
  const name = (p: Parameter) => (where === 'header' ? p.name.toLowerCase() : p.name);
  return {
    type: 'object',
    properties: Object.fromEntries(own.map((p) => [name(p), p.schema ?? {}])),
    required: own.filter((p) => p.required || where === 'path').map(name),
  };
}

function jsonSchemaOf(content: Record<string, { schema?: OpenApiSchema }> | undefined): OpenApiSchema | undefined {
  if (!content) return undefined;
  const json = Object.entries(content).find(([type]) => type.includes('json'));
  return json?.[1].schema;
}

function requestSchemas(op: Operation): Partial<Record<HttpPart, OpenApiSchema>> {
  const params = op.parameters ?? [];
  const out: Partial<Record<HttpPart, OpenApiSchema>> = {};
  const query = parameterSchema(params, 'query');
  const path = parameterSchema(params, 'path');
  const headers = parameterSchema(params, 'header');
  const body = jsonSchemaOf(op.requestBody?.content);
  if (query) out.querystring = query;
  if (path) out.params = path;
  if (headers) out.headers = headers;
  if (body) out.body = body;
  return out;
}

/**
 * Registers one Fastify route per operation of the contract. Requests are validated against the document's
 * schemas before the handler runs; responses are checked against it before they are sent. A handler missing for
 * an operation, or a handler for an operation the document lacks, stops the start: the two cannot drift.
 */
export interface RegisterOptions {
  /** Runs before validation on every operation whose effective `security` requires a caller. */
  authenticate?: Authenticator;
  /** Where money-moving operations store their Idempotency-Key and response (required if the document has any). */
  idempotency?: { db: Db; clock: Clock };
  /** Register the operations marked `x-dev-only` (outside production only). Default: false. */
  includeDevOnly?: boolean;
  /**
   * The set-up gate of operations marked `x-requires-set-up` (spec §6), run right after the caller is settled.
   * Default: server/security/set-up-gate.ts on the idempotency database.
   */
  setUpGate?: (userId: string) => Promise<void>;
}

/**
 * The guard of every `x-dev-only` operation (the outbox's codes and links, the clock, minted sandbox money): it
 * answers only a peer on this machine. The TCP peer (`request.socket.remoteAddress`), not `request.ip`: with
 * TRUST_PROXY that one comes from X-Forwarded-For, which any caller writes. Anyone else gets the not-found handler's
 * own answer, so the route cannot be told apart from one that does not exist.
 */
/** A body the upload parser left as the request stream (server/routes/media.ts), not parsed JSON. */
function hasStreamedBody(request: FastifyRequest): request is FastifyRequest & { body: Readable } {
  return request.body instanceof Readable;
}

/** The `{userId}` of the path, if the route has one (path parameters are text from the router, even before validation). */
function userIdInPath(request: FastifyRequest): string | undefined {
  const params: unknown = request.params;
  if (typeof params !== 'object' || params === null || !('userId' in params)) return undefined;
  return typeof params.userId === 'string' ? params.userId : undefined;
}

async function onlyFromThisMachine(request: FastifyRequest, reply: FastifyReply) {
  if (isLoopbackAddress(request.socket.remoteAddress)) return;
  reply.callNotFound();
  return reply;
}

/**
 * An `x-idempotent` operation's handler with its optional Idempotency-Key: without a key the handler simply runs;
 * with one, a stored answer is replayed (or 422 for another body), else the key is claimed and the handler runs —
 * outside any transaction, since it may call a provider (server/http/idempotent-creation.ts). Its success is stored
 * by preSerialization; a refusal or an error releases the claim (settleClaim).
 */
function idempotentCreation(given: OperationHandler, store: { db: Db; clock: Clock }): OperationHandler {
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
async function settleClaim(request: FastifyRequest, status: number | null, bodyText: string | null): Promise<void> {
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

/** An operation needs a caller unless its (or the document's) security is empty or lists `{}` as one option. */
export function requiresAuth(operation: Operation, doc: OpenApiDocument): boolean {
  const security = (operation.security ?? doc.security ?? []) as Record<string, unknown>[];
  return security.length > 0 && !security.some((requirement) => Object.keys(requirement).length === 0);
}

export function registerOperations(
  app: FastifyInstance,
  doc: OpenApiDocument,
  handlers: OperationHandlers,
  options: RegisterOptions = {},
): void {
  const entries = listOperations(doc);
  const known = new Set(entries.map((e) => e.operation.operationId));
  const missing = entries.filter((e) => !handlers[e.operation.operationId]).map((e) => e.operation.operationId);
  const extra = Object.keys(handlers).filter((id) => !known.has(id));
  if (missing.length || extra.length) {
    throw new Error(
      `openapi.yaml and the handlers disagree. Without a handler: ${missing.join(', ') || 'none'}; not in the document: ${extra.join(', ') || 'none'}`,
    );
  }

  // The contract's bodies are JSON; Fastify's default text/plain parser would let other types reach validation.
  if (app.hasContentTypeParser('text/plain')) app.removeContentTypeParser('text/plain');

  for (const { method, path, operation } of entries) {
    // A dev-only operation keeps its handler (the check above stays total) but gets no route in production.
    const devOnly = operation['x-dev-only'] === true;
    if (devOnly && !options.includeDevOnly) continue;
    const schemas = requestSchemas(operation);
    const responseValidators = new Map<string, ValidateFunction>();
    for (const [status, response] of Object.entries(operation.responses)) {
      const schema = jsonSchemaOf(response.content);
      if (schema) responseValidators.set(status, compileResponseSchema(schema));
    }
    const given = handlers[operation.operationId]!;
    const needsCaller = requiresAuth(operation, doc);
    if (needsCaller && !options.authenticate) {
      throw new Error(`${operation.operationId} requires a caller but no authenticator was given`);
    }
    const moneyMovingOp = operation['x-money-moving'] === true;
    if (moneyMovingOp !== isMoneyMoving(given)) {
      throw new Error(
        moneyMovingOp
          ? `${operation.operationId} is x-money-moving: its handler must be moneyMoving(...)`
          : `${operation.operationId} is not x-money-moving in openapi.yaml but its handler is moneyMoving(...)`,
      );
    }
    const keyHeader = (operation.parameters ?? []).find((p) => p.in === 'header' && p.name.toLowerCase() === IDEMPOTENCY_HEADER);
    if (moneyMovingOp) {
      if (!keyHeader?.required || !needsCaller || !options.idempotency) {
        throw new Error(`${operation.operationId} is money-moving: it needs a caller and a required Idempotency-Key header`);
      }
    }
    // A creating call honours an optional key (server/http/idempotent-creation.ts); the marker and the header go
    // together, so a key the contract promises is never silently ignored.
    const idempotentOp = operation['x-idempotent'] === true;
    if (idempotentOp && (moneyMovingOp || !keyHeader || keyHeader.required || !needsCaller || !options.idempotency)) {
      throw new Error(`${operation.operationId} is x-idempotent: it needs a caller and an optional Idempotency-Key header (and is not x-money-moving)`);
    }
    if (keyHeader && !moneyMovingOp && !idempotentOp) {
      throw new Error(`${operation.operationId} declares an Idempotency-Key header but is neither x-money-moving nor x-idempotent`);
    }
    // Marked operations need a complete profile: checked here, once, for all of them, right after the caller.
    let setUpGate: ((userId: string) => Promise<void>) | null = null;
    if (operation['x-requires-set-up'] === true) {
      const db = options.idempotency?.db;
      setUpGate = options.setUpGate ?? (db ? (userId) => requireSetUp(db, userId) : null);
      if (!needsCaller || !setUpGate) throw new Error(`${operation.operationId} is x-requires-set-up: it needs a caller and a set-up gate`);
    }
    const validateResponse = (status: number, payload: unknown) => {
      const code = String(status);
      const validate = responseValidators.get(code) ?? responseValidators.get(`${code[0]}XX`) ?? responseValidators.get('default');
      if (!validate) throw new ResponseContractError(operation.operationId, status, 'no response declared for this status');
      if (!validate(payload)) throw new ResponseContractError(operation.operationId, status, validate.errors);
    };
    // Who is calling is settled before the request is even validated: no token → 401, whatever the body.
    // Then the owner check every `{userId}` route shares: nobody acts for another account, and another user's
    // routes answer 404 like routes that do not exist (a 403 would confirm there is something there).
    const settleCaller = async (request: FastifyRequest) => {
      if (request.deferredSession) request.deferredSession.settled = true;
      request.auth = await options.authenticate!(request);
      const userId = userIdInPath(request);
      if (userId !== undefined && userId !== request.auth.userId) {
        throw new DomainError('not_found');
      }
      // The plain send's statement checks this itself (migration 0021); every other way a marked request takes
      // settles the caller here first, so the gate holds on it too.
      if (setUpGate) await setUpGate(request.auth.userId);
    };
    // The hot path's statement checks the session (token, revocation, expiry, owner) itself: one round trip in all
    // (migration 0020). Only a request with no usable token is refused here; any other way the request takes
    // settles the caller first, so a 401 or the owner's 404 still comes before every other answer.
    const checksSession = isMoneyMoving(given) && given.checksSession === true;
    if (checksSession && (!needsCaller || !path.includes('{userId}'))) {
      throw new Error(`${operation.operationId}: a statement can check the session only on a {userId} route that needs a caller`);
    }
    const handler: OperationHandler = isMoneyMoving(given)
      ? async (request, reply) => {
          const deferred = request.deferredSession && !request.deferredSession.settled ? request.deferredSession : null;
          // Deferred: the user the path names, whom the statement checks the session against before anything.
          const pathUser = deferred ? userIdInPath(request) : undefined;
          if (deferred && pathUser === undefined) throw new Error(`${operation.operationId}: a deferred session needs {userId} in the path`);
          // The response is stored and replayed as exact bytes, so it is validated here, before it is stored.
          const scope: IdempotencyScope = {
            userId: pathUser ?? authOf(request).userId,
            operationId: operation.operationId,
            key: String(request.headers[IDEMPOTENCY_HEADER]),
            requestHash: requestHash(request),
            now: options.idempotency!.clock.now(),
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
            if (!scope.session?.checked) throw new Error(`${operation.operationId} answered without checking the session`);
            request.auth = { userId: scope.userId, tokenHash: deferred.tokenHash };
          }
          if (deferred && !atOnce) {
            await settleCaller(request);
            delete scope.session;
          }
          // Work outside the transaction (validating a new card), skipped when the key was served already.
          if (!atOnce && given.prepare && !(await keyClaimed(options.idempotency!.db, scope))) await given.prepare(request, reply);
          const stored =
            atOnce ??
            (await runIdempotent(options.idempotency!.db, scope, async (tx) => {
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
        }
      : idempotentOp
        ? idempotentCreation(given, options.idempotency!)
        : given;

    const callerHook = checksSession
      ? async (request: FastifyRequest) => {
          request.deferredSession = { tokenHash: presentedTokenHash(request), settled: false };
        }
      : needsCaller
        ? settleCaller
        : undefined;
    app.route({
      method: method.toUpperCase() as 'GET',
      url: `/api${toFastifyPath(path)}`,
      schema: schemas,
      config: { operationId: operation.operationId, moneyMoving: operation['x-money-moving'] === true, problemCodes: problemCodesOf(operation) },
      onRequest: devOnly ? [onlyFromThisMachine, ...(callerHook ? [callerHook] : [])] : callerHook,
      // A request refused before its statement ran (a body that does not parse or validate, too large, …) is
      // answered as on every other route: the caller first (401, the owner's 404), then the refusal.
      errorHandler: checksSession
        ? async (error, request, reply) => {
            let answer: unknown = error;
            if (request.deferredSession && !request.deferredSession.settled) {
              try {
                await settleCaller(request);
              } catch (refusal) {
                answer = refusal;
              }
            }
            return app.errorHandler(answer as Error, request, reply);
          }
        : undefined,
      validatorCompiler: ({ schema, httpPart }) => {
        const part = (httpPart ?? 'body') as HttpPart;
        const validate = compileRequestSchema(schema, part);
        // A body the contract marks optional may be absent altogether; when present it must match.
        const absentOk = part === 'body' && operation.requestBody?.required !== true;
        return (data: unknown) => {
          if (absentOk && (data === undefined || data === null)) return { value: data };
          if (!validate(data)) return { error: new RequestValidationError(part, validate.errors ?? []) };
          const nul = nulCharacterIssues(data);
          return nul.length ? { error: new RequestValidationError(part, nul) } : { value: data };
        };
      },
      preSerialization: async (request, reply, payload) => {
        // Problems are rendered by the error handler from one model; everything else must match the contract.
        if (String(reply.getHeader('content-type') ?? '').includes('problem+json')) return payload;
        validateResponse(reply.statusCode, payload);
        // A claimed Idempotency-Key keeps the exact bytes Fastify is about to send (its serializer is JSON.stringify).
        if (request.idempotencyClaim) await settleClaim(request, reply.statusCode, JSON.stringify(payload));
        return payload;
      },
      // Whatever else ended the request (a refusal, an error, an answer without a JSON body) frees a claimed key.
      onResponse: idempotentOp ? async (request) => settleClaim(request, null, null) : undefined,
      handler,
    });
  }
}
