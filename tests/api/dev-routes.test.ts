import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { createUser, type TestUser } from '../support/money';
import { listOperations, loadOpenApiDocument } from '../../server/http/openapi-document';

const STRANGER = '203.0.113.7';

/** What an answer shows a caller, without what differs per request (its id, its date). */
function visible(res: LightMyRequestResponse) {
  const { date: _date, 'x-request-id': _id, ...headers } = res.headers;
  return { status: res.statusCode, headers, body: res.body };
}

describe.each(databaseKinds())('development routes on $name', (kind) => {
  // TRUST_PROXY=1: request.ip would believe one X-Forwarded-For hop — the guard must not.
  let api: ApiHarness;
  let production: ApiHarness;
  let user: TestUser;
  let calls: { name: string; request: InjectOptions; expected: number }[];

  beforeAll(async () => {
    api = await startApi(kind, { env: { TRUST_PROXY: '1' } });
    production = await startApi(kind, { env: { NODE_ENV: 'production', TRUST_PROXY: '1', LOG_LEVEL: 'silent' } });
    user = await createUser(api.fresh.database, api.clock.now());
    // Every x-dev-only operation of the contract gets a valid request here: a new one fails the test until it has.
    const examples: Record<string, { payload?: unknown; query?: string; expected: number }> = {
      'GET /dev/browser-trail': { query: 'test=dev-routes', expected: 200 },
      'GET /dev/outbox': { expected: 200 },
      'GET /dev/clock': { expected: 200 },
      'POST /dev/clock': { payload: { advanceMs: 0 }, expected: 200 },
      'POST /dev/sandbox/usdt-transfers': { payload: { user: `${user.username}@example.com`, amount: '2.00' }, expected: 201 },
    };
    const doc = await loadOpenApiDocument();
    const devOps = listOperations(doc).filter((e) => e.operation['x-dev-only'] === true);
    calls = devOps.map((e) => {
      const name = `${e.method.toUpperCase()} ${e.path}`;
      const example = examples[name];
      if (!example) throw new Error(`no example request for the development route ${name}`);
      return {
        name,
        expected: example.expected,
        request: { method: e.method.toUpperCase() as 'GET', url: `/api${e.path}${example.query ? `?${example.query}` : ''}`, ...(example.payload ? { payload: example.payload } : {}) },
      };
    });
    expect(calls.map((c) => c.name).sort()).toEqual(['GET /dev/browser-trail', 'GET /dev/clock', 'GET /dev/outbox', 'POST /dev/clock', 'POST /dev/sandbox/usdt-transfers']);
  });
  afterAll(async () => {
    await api.close();
    await production.close();
  });

  it('answers a peer on this machine: 127.0.0.1, another 127/8 address, ::1 and IPv4-mapped ::ffff:127.0.0.1', async () => {
    for (const remoteAddress of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      for (const c of calls) {
        const res = await api.inject({ ...c.request, remoteAddress });
        expect({ route: c.name, remoteAddress, status: res.statusCode }).toEqual({ route: c.name, remoteAddress, status: c.expected });
      }
    }
  });

  it('answers anyone else exactly as a route that does not exist — also with X-Forwarded-For: 127.0.0.1 under TRUST_PROXY', async () => {
    for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1' }, { 'x-forwarded-for': '::1', 'x-real-ip': '127.0.0.1', forwarded: 'for=127.0.0.1' }]) {
      for (const remoteAddress of [STRANGER, '10.0.0.8', '::ffff:203.0.113.7', '2001:db8::1']) {
        for (const c of calls) {
          const res = await api.inject({ ...c.request, remoteAddress, headers });
          expect({ route: c.name, status: res.statusCode }).toEqual({ route: c.name, status: 404 });
          expect(res.json()).toEqual({
            type: 'https://tipjar.example/problems/route-not-found',
            title: 'Not Found',
            status: 404,
            // Without the query: a problem names the path only (a query can carry a code).
            detail: expect.stringContaining(`${c.request.method} ${String(c.request.url).split('?')[0]}`),
            code: 'route_not_found',
            instance: String(c.request.url).split('?')[0],
          });
          // Byte for byte and header for header what the same request gets where the route does not exist at all.
          expect(visible(res)).toEqual(visible(await production.inject({ ...c.request, remoteAddress, headers })));
        }
      }
    }
  });

  it('HEAD of a GET development route is refused to a stranger the same way', async () => {
    for (const c of calls.filter((call) => call.request.method === 'GET')) {
      const stranger = await api.inject({ ...c.request, method: 'HEAD', remoteAddress: STRANGER });
      expect({ route: c.name, status: stranger.statusCode }).toEqual({ route: c.name, status: 404 });
      expect(visible(stranger)).toEqual(visible(await production.inject({ ...c.request, method: 'HEAD', remoteAddress: STRANGER })));
      expect((await api.inject({ ...c.request, method: 'HEAD' })).statusCode).toBe(200);
    }
  });

  it('did nothing for the stranger: the clock did not move and no money was minted', async () => {
    const before = (await api.inject({ method: 'GET', url: '/api/dev/clock' })).json();
    await api.inject({ method: 'POST', url: '/api/dev/clock', remoteAddress: STRANGER, headers: { 'x-forwarded-for': '127.0.0.1' }, payload: { advanceMs: 86_400_000 } });
    expect((await api.inject({ method: 'GET', url: '/api/dev/clock' })).json().offsetMs).toBe(before.offsetMs);
    const deposits = async () => (await api.inject({ method: 'GET', url: `/api/app/user/${user.id}/deposits`, headers: { authtoken: user.token } })).json();
    const seen = JSON.stringify(await deposits());
    await api.inject({
      method: 'POST',
      url: '/api/dev/sandbox/usdt-transfers',
      remoteAddress: STRANGER,
      payload: { user: `${user.username}@example.com`, amount: '500.00' },
    });
    expect(JSON.stringify(await deposits())).toBe(seen);
  });

  it('in production does not exist, even for a peer on this machine', async () => {
    for (const c of calls) {
      for (const remoteAddress of ['127.0.0.1', '::1']) {
        const res = await production.inject({ ...c.request, remoteAddress });
        expect({ route: c.name, status: res.statusCode, code: res.json().code }).toEqual({ route: c.name, status: 404, code: 'route_not_found' });
      }
    }
  });

  it('no route grants a role: POST /api/dev/roles is gone, from anywhere', async () => {
    for (const remoteAddress of ['127.0.0.1', STRANGER]) {
      const res = await api.inject({ method: 'POST', url: '/api/dev/roles', remoteAddress, payload: { email: `${user.username}@example.com`, role: 'auditor' } });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('route_not_found');
    }
  });
});
