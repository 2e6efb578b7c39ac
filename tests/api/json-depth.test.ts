import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { createUser, type TestUser } from '../support/money';
import { JSON_MAX_DEPTH, nestsDeeperThan } from '../../server/http/json-body';

const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('nestsDeeperThan', () => {
  it('counts objects and arrays, not scalars, and answers for any depth without recursion', () => {
    expect(nestsDeeperThan(1, 0)).toBe(false);
    expect(nestsDeeperThan({ a: [1] }, 2)).toBe(false);
    expect(nestsDeeperThan({ a: [1] }, 1)).toBe(true);
    expect(nestsDeeperThan(JSON.parse(nested(32)), 32)).toBe(false);
    expect(nestsDeeperThan(JSON.parse(nested(33)), 32)).toBe(true);
    expect(nestsDeeperThan(JSON.parse(nested(200_000)), 32)).toBe(true);
  });
});

// Found by the fuzzer (seed 969755): 5,000 nested arrays sent to a money-moving call overflowed the stack in the
// idempotency hash, a 500. The body is now refused where it is parsed.
describe.each(databaseKinds())('deeply nested JSON bodies on $name', (kind) => {
  let api: ApiHarness;
  // A complete user: the set-up gate (issue 21) would otherwise answer 403 before the body is looked at.
  let user: TestUser;
  beforeAll(async () => {
    api = await startApi(kind);
    user = await createUser(api.fresh.database, api.clock.now());
  });
  afterAll(() => api.close());

  const post = (url: string, payload: string) =>
    api.inject({
      method: 'POST',
      url,
      headers: { authtoken: user.token, 'idempotency-key': randomUUID(), 'content-type': 'application/json' },
      payload,
    });

  it('a body nested deeper than the limit is a 400 problem in the caller\'s language, on any operation', async () => {
    for (const url of [`/api/app/user/${user.id}/withdrawals/nope/cancel?lang=es`, `/api/app/user/${user.id}/payment/send/?lang=es`]) {
      const res = await post(url, nested(5_000));
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ code: 'json_too_deep', detail: `El cuerpo de la solicitud tiene demasiados niveles anidados (más de ${JSON_MAX_DEPTH}).` });
    }
  });

  it('a body within the limit reaches validation as before, and prototype poisoning is still refused', async () => {
    const within = await post(`/api/app/user/${user.id}/payment/send/`, nested(JSON_MAX_DEPTH));
    expect(within.statusCode).toBe(400);
    expect(within.json().code).toBe('validation_failed');
    const poisoned = await post(`/api/app/user/${user.id}/payment/send/`, '{"__proto__":{"polluted":true}}');
    expect(poisoned.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
