import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { DatabaseDevClock } from '../../server/clock';
import { loadConfig } from '../../server/config';
import { readDevClockOffset } from '../../server/dev/dev-clock';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { OTHER_PASSWORD, call, latestCode, latestReset, login, newIp, signUp } from '../support/accounts';

/**
 * Limits and single-use secrets under parallel requests. PGlite runs one statement at a time, so these prove the
 * most on PostgreSQL, where requests really overlap (the advisory locks and conditional updates are what hold).
 */
describe.each(databaseKinds())('accounts under parallel requests on $name', (kind) => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi(kind);
  });
  afterAll(() => api.close());

  const statuses = (responses: { statusCode: number }[]) =>
    responses.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.statusCode]: (acc[r.statusCode] ?? 0) + 1 }), {});

  it('20 parallel wrong sign-ins for one account: exactly 10 are tried, 10 are refused with 429', async () => {
    const user = await signUp(api);
    // From one address: the lock-out is per account and client address (issue 21).
    const ip = newIp();
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => login(api, user.email, `Wr0ng!pass${i}`, ip)));
    expect(statuses(responses)).toEqual({ 401: 10, 429: 10 });
  });

  it('the right code sent 5 times at once verifies once; the others see it used', async () => {
    const user = await signUp(api);
    const { code } = await latestCode(api, user.email);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => call(api, { method: 'POST', url: '/api/app/user/otp/email/', body: { email: user.email, otp: code } })),
    );
    expect(statuses(responses)).toEqual({ 200: 1, 409: 4 });
  });

  it('one saltcode used 5 times at once changes the password once', async () => {
    const user = await signUp(api);
    await call(api, { method: 'POST', url: '/api/app/user/forgot-password', body: { email: user.email } });
    const { saltcode } = await latestReset(api, user.email);
    const passwords = Array.from({ length: 5 }, (_, i) => `${OTHER_PASSWORD}${i}`);
    const responses = await Promise.all(
      passwords.map((p) =>
        call(api, { method: 'PATCH', url: '/api/app/user/reset-password', body: { email: user.email, saltcode, password_1: p, password_2: p } }),
      ),
    );
    expect(statuses(responses)).toEqual({ 200: 1, 410: 4 });
    const winner = passwords[responses.findIndex((r) => r.statusCode === 200)]!;
    expect((await login(api, user.email, winner)).statusCode).toBe(200);
  });

  it('two accounts racing for one username: one gets it, the other 409', async () => {
    const [a, b] = await Promise.all([signUp(api), signUp(api)]);
    const name = `race_${Date.now().toString(36)}`;
    const body = { fullName: 'R', username: name, country: 'US', eSignatureConsent: true };
    const responses = await Promise.all(
      [a, b].map((u) => call(api, { method: 'PATCH', url: `/api/app/user/${u.userId}/set-up`, token: u.token, body })),
    );
    expect(statuses(responses)).toEqual({ 200: 1, 409: 1 });
  });

  it('parallel sign-ups with one email: one account, the rest 409', async () => {
    const email = `same.${Date.now().toString(36)}@example.com`;
    const responses = await Promise.all(
      Array.from({ length: 4 }, () =>
        call(api, { method: 'POST', url: '/api/app/user/create/', body: { email, password: OTHER_PASSWORD }, ip: newIp() }),
      ),
    );
    expect(statuses(responses)).toEqual({ 201: 1, 409: 3 });
  });

  describe('the dev clock is shared by every process on the database', () => {
    let second: FastifyInstance;
    let secondClock: DatabaseDevClock;
    beforeAll(async () => {
      // A second server on the same database, with the clock main.ts uses outside production.
      secondClock = new DatabaseDevClock(() => readDevClockOffset(api.fresh.database.db));
      second = await buildApp({ config: loadConfig({ NODE_ENV: 'test' }), database: api.fresh.database, clock: secondClock, webDir: null });
      await second.ready();
    });
    afterAll(async () => {
      await api.inject({ method: 'POST', url: '/api/dev/clock', payload: { offsetMs: 0 } });
      await second.close();
    });

    it('moving it on one server moves it on the other (read before each request)', async () => {
      const user = await signUp(api);
      const before = (await second.inject({ method: 'GET', url: '/api/dev/clock' })).json();
      const moved = await api.inject({ method: 'POST', url: '/api/dev/clock', payload: { advanceMs: 31 * 60_000 } });
      const seen = (await second.inject({ method: 'GET', url: '/api/dev/clock' })).json();
      expect(seen.offsetMs).toBe(moved.json().offsetMs);
      expect(Date.parse(seen.now) - Date.parse(before.now)).toBeGreaterThanOrEqual(31 * 60_000 - 1000);
      // The session, idle 31 minutes by the shared clock, has expired on the second server too.
      const res = await second.inject({ method: 'GET', url: `/api/app/user/${user.userId}`, headers: { authtoken: user.token } });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('session_expired');
    });

    it('and the other way round, through the polling refresh for work outside requests', async () => {
      await second.inject({ method: 'POST', url: '/api/dev/clock', payload: { offsetMs: 5_000_000 } });
      expect(await readDevClockOffset(api.fresh.database.db)).toBe(5_000_000);
      const probe = new DatabaseDevClock(() => readDevClockOffset(api.fresh.database.db));
      probe.startPolling(20);
      await new Promise((r) => setTimeout(r, 120));
      probe.stopPolling();
      expect(probe.offset).toBe(5_000_000);
    });
  });
});
