import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { createUser, type TestUser } from '../support/money';
import { contractOperations, type ContractOperation } from '../support/contract-operations';
import { toFastifyPath } from '../../server/http/openapi-document';
import { buildRequest, type RequestPlan } from '../support/contract-requests';
import { idParametersOf, makerFor, OBJECT_MAKERS, type FixtureContext, type IdParameter } from '../support/owned-objects';

/**
 * The access-control matrix, generated from openapi.yaml at run time: one row per operation × role, so an
 * operation added to the contract is checked the day it appears. Roles: nobody (no token, a forged token), another
 * user (their `{userId}` in the path), the owner of an object against a stranger's object of the same kind, and a
 * signed-in user on an auditor-only operation.
 */
const operations = await contractOperations();

function expectProblem(res: LightMyRequestResponse, statuses: number[]): void {
  expect(statuses, `${res.statusCode} ${res.body.slice(0, 300)}`).toContain(res.statusCode);
  expect(res.headers['content-type']).toContain('application/problem+json');
  expect(typeof res.json().detail).toBe('string');
  expect(res.json().detail.length).toBeGreaterThan(0);
}

const label = (op: ContractOperation) => `${op.operationId} (${op.method} ${op.path})`;

/** Owned ids whose objects this contract can create; the rest are listed by the row that explains them. */
const ownedIds = (op: ContractOperation) => idParametersOf(op).filter((p) => p.meaning?.kind === 'owned');

describe.each(databaseKinds())('access matrix on $name', (kind) => {
  let api: ApiHarness;
  let ctx: FixtureContext;
  let caller: TestUser;
  let other: TestUser;
  const known = new Set(operations.map((op) => op.operationId));

  beforeAll(async () => {
    api = await startApi(kind);
    ctx = {
      api,
      newUser: () => createUser(api.fresh.database, api.clock.now()),
      has: (operationId) => known.has(operationId),
    };
    caller = await ctx.newUser();
    other = await ctx.newUser();
  }, 180_000);
  afterAll(() => api.close());

  const send = (op: ContractOperation, plan: RequestPlan, callerId?: string) => api.inject(buildRequest(op, plan, callerId));

  describe('nobody', () => {
    for (const op of operations) {
      if (op.secured) {
        it(`${label(op)} × nobody: no token and a forged token → 401`, async () => {
          expectProblem(await send(op, { pathUserId: other.id }), [401]);
          expectProblem(await send(op, { pathUserId: other.id, token: 'forged-token-0000000000000000' }), [401]);
        });
      } else {
        it(`${label(op)} × nobody: public, answers without a token and never 5xx`, async () => {
          const res = await send(op, { pathUserId: other.id });
          expect(res.statusCode, res.body).toBeLessThan(500);
          expect(res.statusCode, res.body).not.toBe(401);
        });
      }
    }
  });

  describe("another user's {userId}", () => {
    for (const op of operations.filter((o) => o.ownUserPath)) {
      it(`${label(op)} × another user: their {userId} → 403/404, never 2xx`, async () => {
        expectProblem(await send(op, { token: caller.token, pathUserId: other.id }, caller.id), [403, 404]);
      });
    }
  });

  describe("another user's object", () => {
    for (const op of operations) {
      for (const id of idParametersOf(op)) {
        if (id.meaning === undefined) {
          it(`${label(op)} × ${id.in} ${id.name}: every id-like input is classified`, () => {
            expect.fail(`${id.name} is not in ID_MEANINGS (tests/support/owned-objects.ts): say whether it is owned or public`);
          });
        }
      }
      // Auditors read any payment by design; their operations have rows of their own below.
      for (const id of op.auditorOnly ? [] : ownedIds(op)) {
        const object = (id.meaning as { object: string }).object;
        const entry = OBJECT_MAKERS[object];
        if (!entry) {
          it(`${label(op)} × ${id.in} ${id.name}: an owned ${object} has a maker`, () => {
            expect.fail(`no maker for ${object} in OBJECT_MAKERS (tests/support/owned-objects.ts)`);
          });
          continue;
        }
        if (!known.has(entry.needs)) continue; // No such object can exist in this contract yet (see below).
        it(`${label(op)} × owner vs stranger: own ${object} (${id.in} ${id.name}) is found, another's is refused as missing (${id.in === 'body' ? '404/422' : '404'})`, async () => {
          await checkOwnership(op, id);
        });
      }
    }
  });

  async function checkOwnership(op: ContractOperation, id: IdParameter): Promise<void> {
    const make = makerFor((id.meaning as { object: string }).object, ctx)!;
    const owner = await ctx.newUser();
    const stranger = await ctx.newUser();
    const mine = await make(ctx, owner);
    const theirs = await make(ctx, stranger);
    const own = await send(op, { token: owner.token, ids: { [id.name]: mine.id }, fields: mine.fields }, owner.id);
    // The owner's own object gets past the lookup (any answer but 404, never 5xx), so the 404 below is the check.
    expect(own.statusCode, own.body).toBeLessThan(500);
    expect(own.statusCode, own.body).not.toBe(404);
    // Everything but the id is the owner's own valid request, so the refusal can only come from the ownership check.
    const theirsRes = await send(op, { token: owner.token, ids: { [id.name]: theirs.id }, fields: mine.fields }, owner.id);
    const noneRes = await send(op, { token: owner.token, ids: { [id.name]: randomUUID() }, fields: mine.fields }, owner.id);
    // The object the URL addresses → 404; an object the body refers to may be refused as unusable (422) instead.
    expectProblem(theirsRes, id.in === 'body' ? [404, 422] : [404]);
    // Either way, someone else's object gets the very answer a missing one gets: nothing tells that it exists.
    expect({ status: theirsRes.statusCode, code: theirsRes.json().code }).toEqual({ status: noneRes.statusCode, code: noneRes.json().code });
  }

  const auditorOnly = operations.filter((o) => o.auditorOnly);
  // Auditor-only operations are recognised by their marker (contract-operations.ts) whenever the contract has some.
  if (auditorOnly.length) describe('auditor-only operations', () => {
    for (const op of auditorOnly) {
      it(`${label(op)} × signed-in user without the auditor role → 403/404`, async () => {
        expectProblem(await send(op, { token: caller.token }, caller.id), [403, 404]);
      });
    }
  });

  it('the matrix reads the same operations the server routes', () => {
    expect(operations.length).toBeGreaterThan(0);
    for (const op of operations) {
      const url = `/api${toFastifyPath(op.path)}`;
      expect(api.app.hasRoute({ method: op.method as 'GET', url }), `${op.method} ${url}`).toBe(true);
    }
  });
});
