import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { GOOD_PASSWORD, OTHER_PASSWORD, call, cookiesOf, newEmail, newIp } from '../support/accounts';

/** Reads codes and links straight from the outbox table (production has no dev outbox route). */
async function newestBody(api: ApiHarness, email: string): Promise<string> {
  const rows = await api.fresh.database.rows<{ body: string }>(
    sql`SELECT body FROM outbox WHERE recipient = ${email} ORDER BY id DESC LIMIT 1`,
  );
  return rows[0]?.body ?? '';
}

function captureLog() {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(line) } };
}

describe.each(databaseKinds())('production behaviour and logs on $name', (kind) => {
  describe('NODE_ENV=production', () => {
    let api: ApiHarness;
    const log = captureLog();
    const printed: string[] = [];
    beforeAll(async () => {
      vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')));
      api = await startApi(kind, { env: { NODE_ENV: 'production', LOG_LEVEL: 'trace' }, logStream: log.stream });
    });
    afterAll(async () => {
      vi.restoreAllMocks();
      await api.close();
    });

    it('the dev outbox and the test clock do not exist (404)', async () => {
      for (const [method, url] of [
        ['GET', '/api/dev/outbox'],
        ['GET', '/api/dev/clock'],
        ['POST', '/api/dev/clock'],
      ] as const) {
        const res = await api.inject({ method, url, ...(method === 'POST' ? { payload: { advanceMs: 1 } } : {}) });
        expect(res.statusCode, url).toBe(404);
        expect(res.json().code).toBe('route_not_found');
      }
    });

    it('session cookies are always Secure in production', async () => {
      const res = await call(api, { method: 'POST', url: '/api/app/user/create/', body: { email: newEmail(), password: GOOD_PASSWORD } });
      expect(res.statusCode).toBe(201);
      for (const name of ['tipjar-session', 'tipjar-user']) expect(cookiesOf(res).get(name)!.attributes).toContain('Secure');
    });

    it('no password, token, code or saltcode ever reaches a log line or the console', async () => {
      const email = newEmail('secret');
      const ip = newIp();
      const secrets: string[] = [GOOD_PASSWORD, OTHER_PASSWORD, 'Wr0ng!guess'];
      // (the 6-digit code is checked separately below)
      const created = await call(api, { method: 'POST', url: '/api/app/user/create/', body: { email, password: GOOD_PASSWORD }, ip });
      const { user, authToken } = created.json();
      secrets.push(authToken);
      const code = /code is (\d{6})/.exec(await newestBody(api, email))![1]!;
      await call(api, { method: 'POST', url: '/api/app/user/otp/email/', body: { email, otp: code === '000000' ? '111111' : '000000' }, ip });
      await call(api, { method: 'POST', url: '/api/app/user/otp/email/', body: { email, otp: code }, ip });
      await call(api, { method: 'POST', url: '/api/app/user/login/', body: { email, password: 'Wr0ng!guess' }, ip });
      const second = (await call(api, { method: 'POST', url: '/api/app/user/login/', body: { email, password: GOOD_PASSWORD }, ip })).json();
      secrets.push(second.authToken);
      await call(api, { method: 'GET', url: `/api/app/user/${user.userId}`, cookie: `tipjar-session=${second.authToken}` });
      await call(api, { method: 'POST', url: '/api/app/user/forgot-password', body: { email }, ip });
      const saltcode = new URL(/(\S+\/reset-password\?\S+)/.exec(await newestBody(api, email))![1]!).searchParams.get('saltcode')!;
      secrets.push(saltcode);
      await call(api, { method: 'PATCH', url: '/api/app/user/reset-password', body: { email, saltcode, password_1: OTHER_PASSWORD, password_2: OTHER_PASSWORD }, ip });
      const third = (await call(api, { method: 'POST', url: '/api/app/user/login/', body: { email, password: OTHER_PASSWORD }, ip })).json();
      secrets.push(third.authToken);
      await call(api, {
        method: 'PATCH',
        url: `/api/app/user/${user.userId}/account/change-password`,
        token: third.authToken,
        body: { current_password: OTHER_PASSWORD, password_1: GOOD_PASSWORD, password_2: GOOD_PASSWORD },
        ip,
      });
      await call(api, { method: 'POST', url: `/api/app/user/${user.userId}/logout/`, token: third.authToken, body: { token: third.authToken }, ip });
      // Opening the emailed links is a page request to this same server: logged, but without the secrets.
      await api.inject({ method: 'GET', url: `/verify-email?email=${encodeURIComponent(email)}&code=${code}` });
      await api.inject({ method: 'GET', url: `/reset-password?email=${encodeURIComponent(email)}&saltcode=${saltcode}&lang=es` });
      expect(log.lines.join('\n')).toContain('/reset-password?email=[redacted]&saltcode=[redacted]&lang=es');

      const text = [...log.lines, ...printed].join('\n');
      expect(log.lines.length).toBeGreaterThan(20);
      expect(text).toContain('signed in');
      // The outbox notice names neither the address nor the content.
      expect(text).toContain('[outbox] an email was stored for s***@example.com');
      for (const secret of secrets) expect(text, `a secret (${secret.length} chars) was logged`).not.toContain(secret);
      // The code as a number of its own (log lines carry timestamps and timings whose digits could contain it).
      expect(text).not.toMatch(new RegExp(`(?<![0-9])${code}(?![0-9])`));
      expect(text).not.toContain(email);
    });
  });

  describe('behind a trusted proxy (TRUST_PROXY=1)', () => {
    let api: ApiHarness;
    beforeAll(async () => {
      api = await startApi(kind, { env: { TRUST_PROXY: '1' } });
    });
    afterAll(() => api.close());

    it('cookies are Secure when the proxy says the request came over HTTPS, and not otherwise', async () => {
      const email = newEmail();
      const created = await api.inject({
        method: 'POST',
        url: '/api/app/user/create/',
        payload: { email, password: GOOD_PASSWORD },
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' },
      });
      expect(cookiesOf(created).get('tipjar-session')!.attributes).toContain('Secure');
      const plain = await api.inject({ method: 'POST', url: '/api/app/user/login/', payload: { email, password: GOOD_PASSWORD } });
      expect(cookiesOf(plain).get('tipjar-session')!.attributes).not.toContain('Secure');
    });

    it("the client address for rate limits is the proxy's X-Forwarded-For", async () => {
      const headers = { 'x-forwarded-for': '198.51.100.9' };
      for (let i = 0; i < 50; i++) {
        await api.inject({ method: 'POST', url: '/api/app/user/login/', payload: { email: newEmail('p'), password: 'Wr0ng!pass' }, headers });
      }
      const blocked = await api.inject({ method: 'POST', url: '/api/app/user/login/', payload: { email: newEmail('p'), password: 'Wr0ng!pass' }, headers });
      expect(blocked.statusCode).toBe(429);
      const other = await api.inject({
        method: 'POST',
        url: '/api/app/user/login/',
        payload: { email: newEmail('p'), password: 'Wr0ng!pass' },
        headers: { 'x-forwarded-for': '198.51.100.10' },
      });
      expect(other.statusCode).toBe(401);
    });
  });

  describe('NODE_ENV=development', () => {
    let api: ApiHarness;
    const log = captureLog();
    const printed: string[] = [];
    beforeAll(async () => {
      vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')));
      api = await startApi(kind, { env: { NODE_ENV: 'development', LOG_LEVEL: 'trace' }, logStream: log.stream });
    });
    afterEach(() => {
      printed.length = 0;
    });
    afterAll(async () => {
      vi.restoreAllMocks();
      await api.close();
    });

    it('prints the whole email (code and link) to the console as the developer’s inbox, never into the log', async () => {
      const email = newEmail('dev');
      await call(api, { method: 'POST', url: '/api/app/user/create/', body: { email, password: GOOD_PASSWORD } });
      const code = /code is (\d{6})/.exec(await newestBody(api, email))![1]!;
      expect(printed.join('\n')).toContain(`code is ${code}`);
      expect(log.lines.join('\n')).not.toMatch(new RegExp(`(?<![0-9])${code}(?![0-9])`));
      expect(log.lines.join('\n')).not.toContain(GOOD_PASSWORD);
    });
  });
});
