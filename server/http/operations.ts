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
import { presentedTokenHash, type Authenticator } from '../auth/authenticate';
import type { Db } from '../db/database';
import type { Clock } from '../clock';
import { IDEMPOTENCY_HEADER, isMoneyMoving, type MoneyMovingHandler } from './idempotency';
import { isLoopbackAddress } from './loopback';
import type { Claim } from '../idempotency/claims';
import { requireSetUp } from '../security/set-up-gate';
import { idempotentCreation, settleClaim } from './idempotent-creation-handler';
import { moneyMovingHandler } from './money-moving-handler';
import { userIdInPath } from './path-user';

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
async function onlyFromThisMachine(request: FastifyRequest, reply: FastifyReply) {
  if (isLoopbackAddress(request.socket.remoteAddress)) return;
  reply.callNotFound();
  return reply;
}

/** An operation needs a caller unless its (or the document's) security is empty or lists `{}` as one option. */
export function requiresAuth(operation: Operation, doc: OpenApiDocument): boolean {
  const security = (operation.security ?? doc.security ?? []) as Record<string, unknown>[];
  return security.length > 0 && !security.some((requirement) => Object.keys(requirement).length === 0);
}

/** The document and the handlers name the same operations, or the server does not start. */
function checkHandlersMatch(entries: ReturnType<typeof listOperations>, handlers: OperationHandlers): void {
  const known = new Set(entries.map((e) => e.operation.operationId));
  const missing = entries.filter((e) => !handlers[e.operation.operationId]).map((e) => e.operation.operationId);
  const extra = Object.keys(handlers).filter((id) => !known.has(id));
  if (missing.length || extra.length) {
    throw new Error(
      `openapi.yaml and the handlers disagree. Without a handler: ${missing.join(', ') || 'none'}; not in the document: ${extra.join(', ') || 'none'}`,
    );
  }
}

/** An answer's check against the contract: the status must be declared, and the body must match its schema. */
function responseValidatorOf(operation: Operation): (status: number, payload: unknown) => void {
  const responseValidators = new Map<string, ValidateFunction>();
  for (const [status, response] of Object.entries(operation.responses)) {
    const schema = jsonSchemaOf(response.content);
    if (schema) responseValidators.set(status, compileResponseSchema(schema));
  }
  return (status, payload) => {
    const code = String(status);
    const validate = responseValidators.get(code) ?? responseValidators.get(`${code[0]}XX`) ?? responseValidators.get('default');
    if (!validate) throw new ResponseContractError(operation.operationId, status, 'no response declared for this status');
    if (!validate(payload)) throw new ResponseContractError(operation.operationId, status, validate.errors);
  };
}

/**
 * The contract's markers of an operation, checked against its handler and the options: a money-moving operation has a
 * moneyMoving(...) handler, a caller and a required Idempotency-Key; a creating one (`x-idempotent`) an optional key
 * (server/http/idempotent-creation.ts): the marker and the header go together, so a key the contract promises is
 * never silently ignored; `x-requires-set-up` a caller and the set-up gate, run right after the caller.
 */
function operationMarkers(operation: Operation, given: OperationHandler | MoneyMovingHandler, needsCaller: boolean, options: RegisterOptions) {
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
  const idempotentOp = operation['x-idempotent'] === true;
  if (idempotentOp && (moneyMovingOp || !keyHeader || keyHeader.required || !needsCaller || !options.idempotency)) {
    throw new Error(`${operation.operationId} is x-idempotent: it needs a caller and an optional Idempotency-Key header (and is not x-money-moving)`);
  }
  if (keyHeader && !moneyMovingOp && !idempotentOp) {
    throw new Error(`${operation.operationId} declares an Idempotency-Key header but is neither x-money-moving nor x-idempotent`);
  }
  let setUpGate: ((userId: string) => Promise<void>) | null = null;
  if (operation['x-requires-set-up'] === true) {
    const db = options.idempotency?.db;
    setUpGate = options.setUpGate ?? (db ? (userId) => requireSetUp(db, userId) : null);
    if (!needsCaller || !setUpGate) throw new Error(`${operation.operationId} is x-requires-set-up: it needs a caller and a set-up gate`);
  }
  return { moneyMovingOp, idempotentOp, setUpGate };
}

/** Request parts checked against the contract, with a clear problem per part; a NUL character is refused anywhere. */
function requestValidatorCompiler(operation: Operation) {
  return ({ schema, httpPart }: { schema: object; httpPart?: string }) => {
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
  };
}

export function registerOperations(
  app: FastifyInstance,
  doc: OpenApiDocument,
  handlers: OperationHandlers,
  options: RegisterOptions = {},
): void {
  const entries = listOperations(doc);
  checkHandlersMatch(entries, handlers);

  // The contract's bodies are JSON; Fastify's default text/plain parser would let other types reach validation.
  if (app.hasContentTypeParser('text/plain')) app.removeContentTypeParser('text/plain');

  for (const { method, path, operation } of entries) {
    // A dev-only operation keeps its handler (the check above stays total) but gets no route in production.
    const devOnly = operation['x-dev-only'] === true;
    if (devOnly && !options.includeDevOnly) continue;
    const schemas = requestSchemas(operation);
    const given = handlers[operation.operationId]!;
    const needsCaller = requiresAuth(operation, doc);
    if (needsCaller && !options.authenticate) {
      throw new Error(`${operation.operationId} requires a caller but no authenticator was given`);
    }
    const { moneyMovingOp, idempotentOp, setUpGate } = operationMarkers(operation, given, needsCaller, options);
    const validateResponse = responseValidatorOf(operation);
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
      ? moneyMovingHandler(operation.operationId, given, { validateResponse, settleCaller, idempotency: options.idempotency! })
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
      validatorCompiler: requestValidatorCompiler(operation),
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
