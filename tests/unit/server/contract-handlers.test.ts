import { describe, expectTypeOf, it } from 'vitest';
import type { components, operations } from '../../../openapi/schema';
import {
  contractHandlers,
  type AnswerOf,
  type BodyOf,
  type ContractHandlers,
  type HandlerOf,
  type MoneyAnswerOf,
  type PathOf,
  type QueryOf,
  type RequestOf,
} from '../../../server/http/contract-handlers';
import { moneyMoving } from '../../../server/http/idempotency';

type Schemas = components['schemas'];

/**
 * Type tests: `tsc` (npm run typecheck) checks this file, so every `@ts-expect-error` below must stay an error — a
 * contract the handlers no longer follow fails the type check, not a start of the server. Nothing here runs.
 */
function compileOnly(all: ContractHandlers) {
  // Exactly the contract's operations.
  contractHandlers(all);
  const { getAppVersion: _left, ...withoutOne } = all;
  // @ts-expect-error — a missing handler
  contractHandlers(withoutOne);
  // @ts-expect-error — a handler for an operation the contract lacks, even spread in from a feature
  contractHandlers({ ...all, ...{ ghostOperation: async () => ({}) } });

  // x-money-moving (a required Idempotency-Key) takes a moneyMoving handler, and nothing else does.
  // @ts-expect-error — a plain handler for a money-moving operation
  const plainForMoney: HandlerOf<'sendPayment'> = async () => undefined;
  // @ts-expect-error — a money-moving handler for a plain operation
  const moneyForPlain: HandlerOf<'getWallet'> = moneyMoving(async () => ({ status: 200, body: {} }));

  // The answer is the contract's body for a status it declares.
  // @ts-expect-error — the version is a string in the contract
  const wrongAnswer: HandlerOf<'getAppVersion'> = async () => ({ version: 1 });
  const withdrawal: HandlerOf<'cancelWithdrawal'> = moneyMoving(async () => ({ status: 200 as const, body: { data: [] } }));
  // @ts-expect-error — cancelWithdrawal declares no 201
  const undeclaredStatus: HandlerOf<'cancelWithdrawal'> = moneyMoving(async () => ({ status: 201 as const, body: { data: [] } }));

  // The request's parts are the contract's.
  const login: HandlerOf<'login'> = async (request) => {
    // @ts-expect-error — LoginRequest has no such field
    void request.body.username;
    return undefined;
  };
  return [plainForMoney, moneyForPlain, wrongAnswer, withdrawal, undeclaredStatus, login];
}

describe('handlers typed by operationId (server/http/contract-handlers.ts)', () => {
  it('one entry per operation of openapi.yaml, no more', () => {
    expectTypeOf<keyof ContractHandlers>().toEqualTypeOf<keyof operations>();
    expectTypeOf(compileOnly).toBeFunction();
  });

  it('body, query, path parameters and answers come from the contract', () => {
    expectTypeOf<BodyOf<'login'>>().toEqualTypeOf<Schemas['LoginRequest']>();
    expectTypeOf<BodyOf<'logout'>>().toEqualTypeOf<Schemas['LogoutRequest'] | undefined>();
    expectTypeOf<BodyOf<'getWallet'>>().toBeUnknown();
    expectTypeOf<QueryOf<'getPayment'>['paymentId']>().toEqualTypeOf<string>();
    expectTypeOf<PathOf<'getPayment'>>().toEqualTypeOf<{ userId: string }>();
    expectTypeOf<RequestOf<'getPayment'>['params']>().toEqualTypeOf<{ userId: string }>();
    expectTypeOf<AnswerOf<'login'>>().toEqualTypeOf<Schemas['SignedIn']>();
    expectTypeOf<AnswerOf<'hideSupporter'>>().toEqualTypeOf<undefined>();
    expectTypeOf<MoneyAnswerOf<'cancelWithdrawal'>['status']>().toEqualTypeOf<200>();
  });
});
