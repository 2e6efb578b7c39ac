import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { GOOD_PASSWORD, MINUTE, call, cookiesOf, fieldMessages, login, newEmail, newIp, passwordVerifies, signUp, verifyEmail } from '../support/accounts';

const LOGIN = '/api/app/user/login/';
const logoutUrl = (userId: string) => `/api/app/user/${userId}/logout/`;
const accountUrl = (userId: string) => `/api/app/user/${userId}`;

describe.each(databaseKinds())('sign-in, sign-out and the session on $name', (kind) => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi(kind);
  });
  afterAll(() => api.close());

  describe('POST app/user/login/', () => {
    it('answers { user, authToken, purchase } and sets the HttpOnly session cookie and the readable user cookie', async () => {
      const user = await signUp(api);
      await verifyEmail(api, user.email);
      const res = await login(api, user.email.toUpperCase(), user.password);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.user).toMatchObject({ userId: user.userId, email: user.email, emailStatus: 'verified', accountStatus: 'active' });
      expect(body.purchase).toBeNull();
      const cookies = cookiesOf(res);
      const session = cookies.get('tipjar-session')!;
      expect(session.value).toBe(body.authToken);
      expect(session.attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Strict', 'Path=/api', 'Max-Age=43200']));
      // Not HTTPS here and not production: no Secure flag (it is set under HTTPS; see the next test).
      expect(session.attributes).not.toContain('Secure');
      const userCookie = cookies.get('tipjar-user')!;
      expect(userCookie.attributes).not.toContain('HttpOnly');
      expect(userCookie.attributes).toEqual(expect.arrayContaining(['SameSite=Strict', 'Path=/']));
      const fields = JSON.parse(decodeURIComponent(userCookie.value));
      expect(Object.keys(fields).sort()).toEqual(['accountStatus', 'country', 'email', 'emailStatus', 'fullName', 'photo', 'userId', 'username']);
      expect(decodeURIComponent(userCookie.value)).not.toContain(body.authToken);
      // The cookie alone authenticates (the browser's way), like the header (API clients' way).
      const viaCookie = await call(api, { method: 'GET', url: accountUrl(user.userId), cookie: `tipjar-session=${session.value}` });
      expect(viaCookie.statusCode).toBe(200);
    });

    it('an unverified email may sign in; the user says emailStatus unverified', async () => {
      const user = await signUp(api);
      const res = await login(api, user.email, user.password);
      expect(res.statusCode).toBe(200);
      expect(res.json().user.emailStatus).toBe('unverified');
    });

    it('a wrong password and an unknown email get the same 401 answer at the same cost: one argon2 verify each', async () => {
      const user = await signUp(api);
      let wrong!: Awaited<ReturnType<typeof login>>;
      let unknown!: Awaited<ReturnType<typeof login>>;
      const wrongCost = await passwordVerifies(async () => (wrong = await login(api, user.email, 'Wr0ng!password')));
      const unknownCost = await passwordVerifies(async () => (unknown = await login(api, newEmail('nobody'), 'Wr0ng!password')));
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      const strip = (b: Record<string, unknown>) => ({ ...b, instance: undefined });
      expect(strip(wrong.json())).toEqual(strip(unknown.json()));
      expect(wrong.json()).toMatchObject({ code: 'invalid_credentials', detail: 'Email or password is incorrect' });
      expect(wrong.headers['set-cookie']).toBeUndefined();
      // What the answer's timing could tell is what it costs: the wrong password is one verify against the user's
      // stored hash; the unknown email is one verify too, against a hash of the same algorithm and parameters.
      expect(wrongCost).toEqual(['argon2id$v=19$m=19456,t=2,p=1']);
      expect(unknownCost).toEqual(wrongCost);
    });

    it('bad input → 400 with the rule messages (en, es)', async () => {
      const cases: [unknown, Record<string, string>, Record<string, string>][] = [
        [{ email: '', password: '' }, { email: 'Required field', password: 'Required field' }, { email: 'Campo obligatorio', password: 'Campo obligatorio' }],
        [{ email: 'x@', password: 'p' }, { email: 'Must be a valid email' }, { email: 'Debe ser un correo electrónico válido' }],
        [{ email: 'a@b.co' }, { password: 'Required field' }, { password: 'Campo obligatorio' }],
      ];
      for (const [body, en, es] of cases) {
        expect(fieldMessages(await call(api, { method: 'POST', url: LOGIN, body }))).toEqual(en);
        expect(fieldMessages(await call(api, { method: 'POST', url: LOGIN, body, lang: 'es' }))).toEqual(es);
      }
    });

    it('CSRF: a form post (urlencoded or text/plain) is refused with 415 — only JSON bodies are read', async () => {
      const user = await signUp(api);
      for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
        const res = await api.inject({
          method: 'POST',
          url: LOGIN,
          headers: { 'content-type': type, cookie: `tipjar-session=${user.token}` },
          payload: `email=${encodeURIComponent(user.email)}&password=${encodeURIComponent(user.password)}`,
          remoteAddress: newIp(),
        });
        expect(res.statusCode, type).toBe(415);
      }
      const change = await api.inject({
        method: 'PATCH',
        url: `/api/app/user/${user.userId}/account/change-password`,
        headers: { 'content-type': 'text/plain', cookie: `tipjar-session=${user.token}` },
        payload: '{"current_password":"x","password_1":"Str0ng!pass2","password_2":"Str0ng!pass2"}',
      });
      expect(change.statusCode).toBe(415);
    });

    it('10 failures per account from one address in 15 minutes → 429 there even with the right password, before any hashing; the window passes', async () => {
      const user = await signUp(api);
      const a = newIp();
      for (let i = 0; i < 10; i++) expect((await login(api, user.email, `Wr0ng!pass${i}`, a)).statusCode).toBe(401);
      const blocked = await login(api, user.email, user.password, a);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ code: 'too_many_attempts', status: 429 });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      // Refused before hashing: a blocked attempt costs no argon2 verify (so a flood of them costs no CPU), while
      // an attempt that is not blocked costs one.
      const refused = await passwordVerifies(async () => {
        for (let i = 0; i < 5; i++) expect((await login(api, user.email, user.password, a)).statusCode).toBe(429);
      });
      expect(refused).toEqual([]);
      expect(await passwordVerifies(() => login(api, newEmail('other'), user.password))).toHaveLength(1);
      api.clock.setOffset(api.clock.offset + 15 * MINUTE + 1000);
      expect((await login(api, user.email, user.password, a)).statusCode).toBe(200);
    });

    it('a stranger cannot lock the owner out: 10 wrong passwords from address A lock A out, the owner signs in from B', async () => {
      const user = await signUp(api);
      const a = newIp();
      const b = newIp();
      for (let i = 0; i < 9; i++) expect((await login(api, user.email, `Wr0ng!pass${i}`, a)).statusCode).toBe(401);
      // The 10th wrong password is still answered (401); the 11th try from A, whatever the password, is not.
      expect((await login(api, user.email, 'Wr0ng!pass9', a)).statusCode).toBe(401);
      const blocked = await login(api, user.email, user.password, a);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['content-type']).toContain('application/problem+json');
      expect(blocked.json().detail).toBe('Too many attempts. Please try again in 15 minutes.');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      expect((await login(api, user.email, user.password, b)).statusCode).toBe(200);
      // Behind a proxy the address is X-Forwarded-For's (TRUST_PROXY): the same rule, per forwarded client.
      api.clock.setOffset(api.clock.offset + 15 * MINUTE + 1000);
      expect((await login(api, user.email, user.password, a)).statusCode).toBe(200);
    });

    it('an IPv6 client is counted by its /64: other addresses of the same network share its lock-out', async () => {
      const user = await signUp(api);
      const net = `2001:db8:${(Date.now() % 65_000).toString(16)}:7`;
      for (let i = 0; i < 10; i++) expect((await login(api, user.email, `Wr0ng!pass${i}`, `${net}::${i + 1}`)).statusCode).toBe(401);
      expect((await login(api, user.email, user.password, `${net}:ffff:1:2:3`)).statusCode).toBe(429);
      expect((await login(api, user.email, user.password, `2001:db8:ffff:8::1`)).statusCode).toBe(200);
    });

    it('the account limit counts failures only: successful sign-ins do not use it up', async () => {
      const user = await signUp(api);
      for (let i = 0; i < 12; i++) expect((await login(api, user.email, user.password)).statusCode).toBe(200);
    });

    it('50 failures from one address across accounts → 429 for any account from that address', async () => {
      const ip = newIp();
      for (let i = 0; i < 50; i++) expect((await login(api, newEmail('spray'), 'Wr0ng!pass', ip)).statusCode).toBe(401);
      const user = await signUp(api);
      expect((await login(api, user.email, user.password, ip)).statusCode).toBe(429);
      expect((await login(api, user.email, user.password, newIp())).statusCode).toBe(200);
    });
  });

  describe('POST app/user/{userId}/logout/', () => {
    it('revokes the token (dead afterwards) and clears both cookies', async () => {
      const user = await signUp(api);
      const res = await call(api, { method: 'POST', url: logoutUrl(user.userId), token: user.token, body: {} });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ loggedOut: true });
      const cookies = cookiesOf(res);
      for (const name of ['tipjar-session', 'tipjar-user']) {
        expect(cookies.get(name)?.value).toBe('');
        expect(cookies.get(name)?.attributes.join(';')).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
      }
      const after = await call(api, { method: 'GET', url: accountUrl(user.userId), token: user.token });
      expect(after.statusCode).toBe(401);
      expect(after.json().code).toBe('unauthenticated');
    });

    it('works from the cookie and without a body; with no token it only clears the cookies', async () => {
      const user = await signUp(api);
      const res = await call(api, { method: 'POST', url: logoutUrl(user.userId), cookie: `tipjar-session=${user.token}` });
      expect(res.statusCode).toBe(200);
      expect((await call(api, { method: 'GET', url: accountUrl(user.userId), token: user.token })).statusCode).toBe(401);
      const none = await call(api, { method: 'POST', url: logoutUrl(user.userId) });
      expect(none.statusCode).toBe(200);
      expect(cookiesOf(none).has('tipjar-session')).toBe(true);
    });

    it("revokes an already expired token, and refuses another user's {userId} (403)", async () => {
      const alice = await signUp(api);
      const bob = await signUp(api);
      const res = await call(api, { method: 'POST', url: logoutUrl(bob.userId), token: alice.token, body: {} });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('forbidden');
      expect((await call(api, { method: 'GET', url: accountUrl(alice.userId), token: alice.token })).statusCode).toBe(200);
      api.clock.setOffset(api.clock.offset + 31 * MINUTE);
      expect((await call(api, { method: 'POST', url: logoutUrl(alice.userId), token: alice.token })).statusCode).toBe(200);
    });

    it('other sessions of the same user stay signed in', async () => {
      const user = await signUp(api);
      const second = (await login(api, user.email, user.password)).json().authToken as string;
      await call(api, { method: 'POST', url: logoutUrl(user.userId), token: user.token });
      expect((await call(api, { method: 'GET', url: accountUrl(user.userId), token: second })).statusCode).toBe(200);
    });
  });

  describe('the session through the clock', () => {
    it('idle 31 minutes → 401 session_expired ("Please log in again to continue"); activity keeps it alive', async () => {
      const user = await signUp(api);
      api.clock.setOffset(api.clock.offset + 29 * MINUTE);
      expect((await call(api, { method: 'GET', url: accountUrl(user.userId), token: user.token })).statusCode).toBe(200);
      api.clock.setOffset(api.clock.offset + 29 * MINUTE);
      expect((await call(api, { method: 'GET', url: accountUrl(user.userId), token: user.token })).statusCode).toBe(200);
      api.clock.setOffset(api.clock.offset + 31 * MINUTE);
      const res = await call(api, { method: 'GET', url: accountUrl(user.userId), token: user.token });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'session_expired', detail: 'Please log in again to continue' });
      const es = await call(api, { method: 'GET', url: accountUrl(user.userId), token: user.token, lang: 'es' });
      expect(es.json().code).toBe('session_expired');
    });

    it('the dev clock endpoint moves the same clock: idle 31 minutes through POST /api/dev/clock', async () => {
      const user = await signUp(api);
      const before = (await api.inject({ method: 'GET', url: '/api/dev/clock' })).json();
      const moved = await api.inject({ method: 'POST', url: '/api/dev/clock', payload: { advanceMs: 31 * MINUTE } });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().offsetMs).toBe(before.offsetMs + 31 * MINUTE);
      expect(Date.parse(moved.json().now) - Date.parse(before.now)).toBeGreaterThanOrEqual(31 * MINUTE);
      const res = await call(api, { method: 'GET', url: accountUrl(user.userId), token: user.token });
      expect(res.json().code).toBe('session_expired');
    });
  });

  describe('GET app/user/{userId}', () => {
    it("answers the caller's own account; another user's → 404; no token → 401", async () => {
      const alice = await signUp(api);
      const bob = await signUp(api);
      const own = await call(api, { method: 'GET', url: accountUrl(alice.userId), token: alice.token });
      expect(own.statusCode).toBe(200);
      expect(own.json()).toMatchObject({ user: { userId: alice.userId, email: alice.email }, purchase: null, eSignatureConsentAt: null });
      expect(cookiesOf(own).get('tipjar-user')).toBeDefined();
      const other = await call(api, { method: 'GET', url: accountUrl(bob.userId), token: alice.token });
      expect(other.statusCode).toBe(404);
      expect((await call(api, { method: 'GET', url: accountUrl(alice.userId) })).statusCode).toBe(401);
    });
  });

  it('signing in with a correct password still works after someone else failed on another account', async () => {
    const a = await signUp(api);
    await login(api, newEmail('x'), GOOD_PASSWORD);
    expect((await login(api, a.email, a.password)).statusCode).toBe(200);
  });
});
