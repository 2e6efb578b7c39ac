import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { loadOpenApiDocument } from '../../server/http/openapi-document';
import { registerOperations } from '../../server/http/operations';
import { registerErrorHandling } from '../../server/http/error-handler';
import { createTranslator } from '../../server/i18n/translator';
import { authOf, createAuthenticator } from '../../server/auth/authenticate';
import { issueSession, revokeSession, hashToken } from '../../server/auth/session-tokens';
import { OffsetClock } from '../../server/clock';
import { users } from '../../server/db/schema/index';
import { databaseKinds, type FreshDatabase } from '../support/databases';

const fixture = join(import.meta.dirname, 'fixtures', 'secured-contract.yaml');
const MINUTE = 60_000;

describe.each(databaseKinds())('authentication and the owner check on $name', (kind) => {
  let fresh: FreshDatabase;
  let app: FastifyInstance;
  const clock = new OffsetClock();
  const alice = randomUUID();
  const bob = randomUUID();

  beforeAll(async () => {
    fresh = await kind.open();
    for (const [id, email] of [
      [alice, 'alice@example.com'],
      [bob, 'bob@example.com'],
    ] as const) {
      await fresh.database.db.insert(users).values({ id, email, passwordHash: 'x' });
    }
    app = Fastify();
    await app.register(cookie);
    registerErrorHandling(app, await createTranslator(), { strictProblems: true });
    registerOperations(
      app,
      await loadOpenApiDocument(fixture),
      {
        touchThing: async (request) => ({ userId: authOf(request).userId }),
        openThing: async () => ({}),
      },
      { authenticate: createAuthenticator({ db: fresh.database.db, clock }) },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await fresh.dispose();
  });

  const touch = (userId: string, headers: Record<string, string> = {}, body: unknown = { name: 'n' }) =>
    app.inject({ method: 'POST', url: `/api/user/${userId}/thing?lang=en`, headers, payload: body as object });

  it('no token → 401 before the body is even looked at; an open operation needs none', async () => {
    const res = await touch(alice, {}, { wrong: true });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'unauthenticated', detail: 'Please sign in to continue.' });
    expect((await app.inject({ method: 'GET', url: '/api/open' })).statusCode).toBe(200);
  });

  it('an unknown token → 401', async () => {
    expect((await touch(alice, { authtoken: 'made-up' })).statusCode).toBe(401);
  });

  it('a valid token in the authtoken header or the session cookie identifies the caller', async () => {
    const token = await issueSession(fresh.database.db, alice, clock.now());
    expect((await touch(alice, { authtoken: token })).json()).toEqual({ userId: alice });
    expect((await touch(alice, { cookie: `tipjar-session=${token}` })).json()).toEqual({ userId: alice });
  });

  it("acting on another user's {userId} → 404 not_found (reveals nothing; docs/decisions.md)", async () => {
    const token = await issueSession(fresh.database.db, alice, clock.now());
    const res = await touch(bob, { authtoken: token });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });

  it('idles out after 30 minutes → 401 session_expired', async () => {
    const token = await issueSession(fresh.database.db, alice, clock.now());
    clock.setOffset(clock.offset + 29 * MINUTE);
    expect((await touch(alice, { authtoken: token })).statusCode).toBe(200);
    clock.setOffset(clock.offset + 30 * MINUTE + 1);
    const res = await touch(alice, { authtoken: token });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'session_expired', detail: 'Please log in again to continue' });
  });

  it('ends after 12 hours even when active', async () => {
    const token = await issueSession(fresh.database.db, alice, clock.now());
    for (let i = 0; i < 30; i++) {
      clock.setOffset(clock.offset + 29 * MINUTE);
      const res = await touch(alice, { authtoken: token });
      if (res.statusCode !== 200) {
        expect(i * 29 + 29).toBeGreaterThanOrEqual(12 * 60);
        expect(res.json().code).toBe('session_expired');
        return;
      }
    }
    throw new Error('session outlived 12 hours');
  });

  it('a revoked token is dead', async () => {
    const token = await issueSession(fresh.database.db, alice, clock.now());
    await revokeSession(fresh.database.db, hashToken(token), clock.now());
    expect((await touch(alice, { authtoken: token })).statusCode).toBe(401);
  });
});
