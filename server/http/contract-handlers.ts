import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../openapi/schema';
import type { MoneyMovingHandler } from './idempotency';
import type { OperationHandlers } from './operations';

/**
 * Handlers typed by operationId, from openapi/schema.d.ts (generated from openapi.yaml by `npm run gen:api`).
 *
 * `ContractHandlers` has exactly one entry per operation of the contract: a missing handler, one for an operation the
 * contract lacks, or a plain handler where the contract requires an Idempotency-Key (x-money-moving) is a compile
 * error. Each handler's request has the contract's body, query, path parameters and headers, and its answer is the
 * contract's body for a success status (`reply.code(s)` accepts only the statuses the operation declares, and
 * `send` that status's body). The server checks the same at start and on every request (server/http/operations.ts).
 */

/** Every operationId of openapi.yaml. */
type OperationId = keyof operations;

type ParametersOf<Id extends OperationId> = operations[Id]['parameters'];

/** A part the operation does not declare (`never`) reaches the handler as an empty object. */
type Declared<Part> = [NonNullable<Part>] extends [never] ? Record<string, never> : NonNullable<Part>;

/** Query parameters (coerced from text and given their defaults by validation); `{}` when none are sent. */
export type QueryOf<Id extends OperationId> = Declared<ParametersOf<Id>['query']>;

/** Path parameters. */
export type PathOf<Id extends OperationId> = Declared<ParametersOf<Id>['path']>;

/** Header parameters, by the lower-case names Node gives them. */
type HeadersOf<Id extends OperationId> = { [Name in keyof Declared<ParametersOf<Id>['header']> as Lowercase<Name & string>]: Declared<ParametersOf<Id>['header']>[Name] };

type JsonOf<Content> = 'application/json' extends keyof Content ? Content['application/json' & keyof Content] : unknown;

/**
 * The JSON body (validated, unknown fields refused); `undefined` too when the contract makes it optional. An
 * operation without a body, or with a body that is not JSON (an upload: the raw stream), gets `unknown`: the handler
 * checks what it reads.
 */
export type BodyOf<Id extends OperationId> = [NonNullable<operations[Id]['requestBody']>] extends [never]
  ? unknown
  : NonNullable<operations[Id]['requestBody']> extends { content: infer Content }
    ? undefined extends operations[Id]['requestBody']
      ? JsonOf<Content> | undefined
      : JsonOf<Content>
    : unknown;

type ResponsesOf<Id extends OperationId> = operations[Id]['responses'];

/** The success statuses the operation declares. */
type SuccessStatusOf<Id extends OperationId> = Extract<keyof ResponsesOf<Id>, 200 | 201 | 202 | 203 | 204 | 205 | 206>;

/** The body of one success answer: its JSON, `undefined` for an answer without content, `unknown` for other bytes. */
export type AnswerOf<Id extends OperationId, Status extends SuccessStatusOf<Id> = SuccessStatusOf<Id>> = Status extends unknown
  ? ResponsesOf<Id>[Status] extends { content: infer Content }
    ? JsonOf<Content>
    : undefined
  : never;

/**
 * Fastify's route generic for the operation: what validation guarantees about the request. (Not its `Reply`: Fastify
 * types a reply by status only until the first `.header()`, which would refuse every streamed or pre-serialized
 * answer; the handler's return type carries the contract's answer instead.)
 */
interface RouteOf<Id extends OperationId> {
  Body: BodyOf<Id>;
  Querystring: QueryOf<Id>;
  Params: PathOf<Id>;
  Headers: HeadersOf<Id>;
}

export type RequestOf<Id extends OperationId> = FastifyRequest<RouteOf<Id>>;
type ReplyOf<Id extends OperationId> = FastifyReply<RouteOf<Id>>;

/**
 * A plain handler: it returns the success body (`reply.code(s)` first when it is not the first declared status), or
 * the reply it sent itself (bytes that are not JSON, a stream), or nothing once it took the response over.
 */
type Handler<Id extends OperationId> = (request: RequestOf<Id>, reply: ReplyOf<Id>) => Promise<AnswerOf<Id> | FastifyReply | void>;

/** A money-moving handler's stored answer: a success status of the operation with that status's body. */
export type MoneyAnswerOf<Id extends OperationId> = { [Status in SuccessStatusOf<Id>]: { status: Status; body: AnswerOf<Id, Status> } }[SuccessStatusOf<Id>];

/** x-money-moving: the contract requires the operation's Idempotency-Key (registerOperations checks the marker too). */
type RequiresKey<Id extends OperationId> = [NonNullable<ParametersOf<Id>['header']>] extends [never]
  ? false
  : NonNullable<ParametersOf<Id>['header']> extends { 'Idempotency-Key': string }
    ? true
    : false;

export type HandlerOf<Id extends OperationId> =
  RequiresKey<Id> extends true ? MoneyMovingHandler<RequestOf<Id>, ReplyOf<Id>, MoneyAnswerOf<Id>> : Handler<Id>;

/** One handler per operation of the contract, no more, no fewer. */
export type ContractHandlers = { [Id in OperationId]: HandlerOf<Id> };

/** What a feature's `xxxHandlers(services)` returns: handlers for some of the contract's operations, each typed. */
export type SomeHandlers = Partial<ContractHandlers>;

/** Names in `Handlers` that are not operations of the contract. */
type Extra<Handlers> = Exclude<keyof Handlers, OperationId>;

/**
 * The contract's handlers as registerOperations takes them (for any document, so untyped). Every request reaches its
 * handler only after validation against the same operation's schemas, and every answer is checked against them
 * before it is sent: that is what lets a handler take the contract's types without a cast of its own. This is the
 * one place that claims it. An extra entry (even one spread in from a feature) is refused here.
 */
export function contractHandlers<Handlers extends ContractHandlers>(handlers: Handlers & { [Name in Extra<Handlers>]: never }): OperationHandlers {
  return handlers as unknown as OperationHandlers;
}
