import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { createUser, type TestUser } from '../support/money';
import { contractOperations } from '../support/contract-operations';
import { buildRequest } from '../support/contract-requests';
import { testPhoto } from '../support/pictures';
import { FILES, walletClient } from '../support/wallet-client';
import { GOOD_PASSWORD, login, newIp, signUp } from '../support/accounts';

/**
 * Cache-Control on every /api answer (issue 21): `no-store` — money, sessions and the login answer's token are kept
 * by no cache — except the few answers meant to be cached, and those only when they succeed. Walks every operation
 * of openapi.yaml read at run time, so an operation added tomorrow is covered without editing this file.
 */
const operations = await contractOperations();

/** The answers meant to be cached, when they succeed. Everything else, success or refusal: no-store. */
const CACHED_ON_SUCCESS: Record<string, string> = {
  getAppVersion: 'no-cache',
  getOpenApiDocument: 'no-cache',
  getApiReference: 'no-cache',
  getPublicProfile: 'public, max-age=60',
  getAvatar: 'public, max-age=31536000, immutable',
  getBackgroundImage: 'public, max-age=31536000, immutable',
  getMedia: 'private, no-store',
};

function expected(operationId: string, res: LightMyRequestResponse): string {
  return res.statusCode >= 200 && res.statusCode < 300 ? (CACHED_ON_SUCCESS[operationId] ?? 'no-store') : 'no-store';
}

describe.each(databaseKinds())('Cache-Control on $name', (kind) => {
  let api: ApiHarness;
  let user: TestUser;

  beforeAll(async () => {
    api = await startApi(kind);
    user = await createUser(api.fresh.database, api.clock.now());
  });
  afterAll(() => api.close());

  it('every operation of the contract, signed in and anonymous, answered or refused', async () => {
    const seen = { success: 0, refusal: 0 };
    for (const op of operations) {
      // A caller of its own: the walk signs out and closes accounts on the way.
      const user = await createUser(api.fresh.database, api.clock.now());
      for (const plan of [{ token: user.token }, {}]) {
        const res = await api.inject(buildRequest(op, plan, user.id));
        const what = `${op.operationId} ${plan.token ? 'signed in' : 'anonymous'} → ${res.statusCode}`;
        expect(res.headers['cache-control'], what).toBe(expected(op.operationId, res));
        seen[res.statusCode < 300 ? 'success' : 'refusal'] += 1;
      }
    }
    // The walk meets both kinds of answer in numbers (the contract has over a hundred operations).
    expect(seen.success).toBeGreaterThan(30);
    expect(seen.refusal).toBeGreaterThan(30);
  });

  it('the sign-up and login answers (the session token) and the signed-in reads are no-store', async () => {
    const signedUp = await signUp(api);
    expect(signedUp.response.headers['cache-control']).toBe('no-store');
    const signedIn = await login(api, signedUp.email, GOOD_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(typeof signedIn.json().authToken).toBe('string');
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const wallet = await api.inject({ method: 'GET', url: `/api/app/user/${signedUp.userId}/wallet`, headers: { authtoken: signedIn.json().authToken } });
    expect(wallet.statusCode).toBe(200);
    expect(wallet.headers['cache-control']).toBe('no-store');
  });

  it('the cacheable answers keep their lifetimes when they succeed: version, contract, public profile, avatar, own media', async () => {
    const wallet = walletClient(api);
    const uploaded = await wallet.upload(user, await testPhoto(40, 30, 'png'), 'image/png', 'me.png');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.headers['cache-control']).toBe('no-store');
    const mediaId: string = uploaded.json().media.id;
    const set = await api.inject({ method: 'PUT', url: `/api/app/user/${user.id}/profile/images`, headers: { authtoken: user.token }, payload: { slot: 'photo', mediaId } });
    expect(set.statusCode, set.body).toBe(200);
    const cases: [string, string, string][] = [
      ['/api/app/version', 'no-cache', 'getAppVersion'],
      ['/api/openapi.json', 'no-cache', 'getOpenApiDocument'],
      ['/api/docs', 'no-cache', 'getApiReference'],
      [`/api/app/public/profile/${user.username}`, 'public, max-age=60', 'getPublicProfile'],
      [`/api/media/avatar/${user.id}?k=${mediaId}`, 'public, max-age=31536000, immutable', 'getAvatar'],
    ];
    for (const [url, cacheControl] of cases) {
      const res = await api.inject({ method: 'GET', url });
      expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers['cache-control'], url).toBe(cacheControl);
    }
    const own = await wallet.media(user, mediaId);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    // Their refusals are not kept: an unknown profile, a user with no background.
    expect((await api.inject({ method: 'GET', url: '/api/app/public/profile/nobody_here' })).headers['cache-control']).toBe('no-store');
    expect((await api.inject({ method: 'GET', url: `/api/media/background/${user.id}` })).headers['cache-control']).toBe('no-store');
  });

  it('problems: 401, 404 route_not_found, 429, and those raised before routing', async () => {
    const unauthenticated = await api.inject({ method: 'GET', url: `/api/app/user/${user.id}/wallet` });
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.headers['cache-control']).toBe('no-store');
    const unknown = await api.inject({ method: 'GET', url: '/api/nowhere' });
    expect([unknown.statusCode, unknown.json().code, unknown.headers['cache-control']]).toEqual([404, 'route_not_found', 'no-store']);
    const bareApi = await api.inject({ method: 'GET', url: '/api' });
    expect([bareApi.statusCode, bareApi.headers['cache-control']]).toEqual([404, 'no-store']);
    for (const c of [
      { method: 'GET' as const, url: '/api/app/user/%ZZ/wallet' },
      { method: 'POST' as const, url: '/api/app/user/login/', headers: { 'content-type': 'application/json' }, payload: '{"a":' },
      { method: 'POST' as const, url: '/api/app/user/login/', headers: { 'content-type': 'text/plain' }, payload: 'x' },
    ]) {
      const res = await api.inject(c);
      expect(res.statusCode, c.url).toBeGreaterThanOrEqual(400);
      expect(res.headers['cache-control'], `${c.method} ${c.url}`).toBe('no-store');
    }
    // Sign-in's limit: the 11th failure for one account from one address in 15 minutes is a 429.
    const victim = await signUp(api);
    const ip = newIp();
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 11; i += 1) last = await login(api, victim.email, 'Wr0ng!password', ip);
    expect(last!.statusCode).toBe(429);
    expect(last!.headers['cache-control']).toBe('no-store');
  });
});
