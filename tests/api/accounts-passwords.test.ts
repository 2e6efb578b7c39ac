import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import {
  MINUTE,
  OTHER_PASSWORD,
  call,
  fieldMessages,
  latestReset,
  login,
  newEmail,
  newIp,
  outboxFor,
  signUp,
} from '../support/accounts';

const FORGOT = '/api/app/user/forgot-password';
const RESET = '/api/app/user/reset-password';
const changeUrl = (userId: string) => `/api/app/user/${userId}/account/change-password`;
const accountUrl = (userId: string) => `/api/app/user/${userId}`;

describe.each(databaseKinds())('forgotten, reset and changed passwords on $name', (kind) => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi(kind);
  });
  afterAll(() => api.close());

  const forgot = (email: string, ip?: string) => call(api, { method: 'POST', url: FORGOT, body: { email }, ...(ip ? { ip } : {}) });
  const reset = (body: Record<string, unknown>, lang: 'en' | 'es' | 'pt' = 'en') => call(api, { method: 'PATCH', url: RESET, body, lang });

  describe('POST app/user/forgot-password and PATCH app/user/reset-password', () => {
    it('emails a link /reset-password?email=…&saltcode=…; the new password works, the old does not, every session is revoked', async () => {
      const user = await signUp(api);
      const second = (await login(api, user.email, user.password)).json().authToken as string;
      const res = await forgot(user.email.toUpperCase());
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ accepted: true });
      const { saltcode, link } = await latestReset(api, user.email);
      const url = new URL(link);
      expect(url.origin).toBe('http://localhost:3000');
      expect(url.pathname).toBe('/reset-password');
      expect(url.searchParams.get('email')).toBe(user.email);
      expect(saltcode).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const done = await reset({ email: user.email, saltcode, password_1: OTHER_PASSWORD, password_2: OTHER_PASSWORD });
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({ passwordChanged: true });
      expect((await login(api, user.email, user.password)).statusCode).toBe(401);
      const fresh = await login(api, user.email, OTHER_PASSWORD);
      expect(fresh.statusCode).toBe(200);
      // The link proved the mailbox.
      expect(fresh.json().user.emailStatus).toBe('verified');
      for (const token of [user.token, second]) {
        expect((await call(api, { method: 'GET', url: accountUrl(user.userId), token })).statusCode).toBe(401);
      }
    });

    it('a used saltcode → 410 reset_link_used', async () => {
      const user = await signUp(api);
      await forgot(user.email);
      const { saltcode } = await latestReset(api, user.email);
      const body = { email: user.email, saltcode, password_1: OTHER_PASSWORD, password_2: OTHER_PASSWORD };
      expect((await reset(body)).statusCode).toBe(200);
      const again = await reset({ ...body, password_1: 'Thi3d!pass', password_2: 'Thi3d!pass' });
      expect(again.statusCode).toBe(410);
      expect(again.json()).toMatchObject({ code: 'reset_link_used' });
      expect((await login(api, user.email, 'Thi3d!pass')).statusCode).toBe(401);
    });

    it('a link expires after 1 hour → 410 reset_link_expired ("…expired…" in Portuguese too)', async () => {
      const user = await signUp(api);
      await forgot(user.email);
      const { saltcode } = await latestReset(api, user.email);
      api.clock.setOffset(api.clock.offset + 60 * MINUTE);
      const body = { email: user.email, saltcode, password_1: OTHER_PASSWORD, password_2: OTHER_PASSWORD };
      const res = await reset(body);
      expect(res.statusCode).toBe(410);
      expect(res.json()).toMatchObject({ code: 'reset_link_expired', detail: 'This reset link has expired. Ask for a new one.' });
      expect((await reset(body, 'pt')).json().detail).toBe('Este link de redefinição expirou. Peça um novo.');
      expect((await login(api, user.email, user.password)).statusCode).toBe(200);
    });

    it('a newer link replaces the older one', async () => {
      const user = await signUp(api);
      await forgot(user.email);
      const first = await latestReset(api, user.email);
      await forgot(user.email);
      const second = await latestReset(api, user.email);
      expect(second.saltcode).not.toBe(first.saltcode);
      const body = { email: user.email, password_1: OTHER_PASSWORD, password_2: OTHER_PASSWORD };
      expect((await reset({ ...body, saltcode: first.saltcode })).json().code).toBe('reset_link_used');
      expect((await reset({ ...body, saltcode: second.saltcode })).statusCode).toBe(200);
    });

    it('a made-up saltcode, or a real one with another email → 400 reset_link_invalid', async () => {
      const alice = await signUp(api);
      const bob = await signUp(api);
      await forgot(alice.email);
      const { saltcode } = await latestReset(api, alice.email);
      const body = { password_1: OTHER_PASSWORD, password_2: OTHER_PASSWORD };
      const madeUp = await reset({ ...body, email: alice.email, saltcode: 'x'.repeat(43) });
      expect(madeUp.statusCode).toBe(400);
      expect(madeUp.json().code).toBe('reset_link_invalid');
      expect((await reset({ ...body, email: bob.email, saltcode })).json().code).toBe('reset_link_invalid');
      // Still good for its owner.
      expect((await reset({ ...body, email: alice.email, saltcode })).statusCode).toBe(200);
    });

    it('bad input → 400 with each rule message (en, es), before the link is looked at', async () => {
      const base = { email: 'a@b.co', saltcode: 's', password_1: OTHER_PASSWORD, password_2: OTHER_PASSWORD };
      const cases: [Record<string, unknown>, string, string, string][] = [
        [{ ...base, password_2: 'Different1!' }, 'password_2', 'Passwords do not match', 'Las contraseñas no coinciden'],
        [{ ...base, password_1: 'short', password_2: 'short' }, 'password_1', 'Password must be at least 8 characters', 'La contraseña debe tener al menos 8 caracteres'],
        [{ ...base, saltcode: '' }, 'saltcode', 'Required field', 'Campo obligatorio'],
        [{ ...base, email: 'bad' }, 'email', 'Must be a valid email', 'Debe ser un correo electrónico válido'],
      ];
      for (const [body, field, en, es] of cases) {
        expect(fieldMessages(await reset(body))[field]).toBe(en);
        expect(fieldMessages(await reset(body, 'es'))[field]).toBe(es);
      }
      const { password_2: _, ...missing } = base;
      expect(fieldMessages(await reset(missing))).toEqual({ password_2: 'Required field' });
    });

    it('answers 202 for an unknown address and sends nothing', async () => {
      const email = newEmail('ghost');
      expect((await forgot(email)).statusCode).toBe(202);
      expect(await outboxFor(api, email)).toHaveLength(0);
    });

    it('is rate-limited: the 6th request for one address within an hour → 429', async () => {
      const user = await signUp(api);
      for (let i = 0; i < 5; i++) expect((await forgot(user.email)).statusCode).toBe(202);
      const res = await forgot(user.email);
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
      expect(await outboxFor(api, user.email).then((m) => m.filter((x) => x.body.includes('/reset-password?')))).toHaveLength(5);
    });

    it('is rate-limited per client address too (30 an hour)', async () => {
      const ip = newIp();
      for (let i = 0; i < 30; i++) expect((await forgot(newEmail('many'), ip)).statusCode).toBe(202);
      expect((await forgot(newEmail('many'), ip)).statusCode).toBe(429);
    });

    it('a reset lifts a sign-in lock-out of the account', async () => {
      const user = await signUp(api);
      const ip = newIp();
      for (let i = 0; i < 10; i++) await login(api, user.email, `Wr0ng!pass${i}`, ip);
      expect((await login(api, user.email, user.password, ip)).statusCode).toBe(429);
      await forgot(user.email);
      const { saltcode } = await latestReset(api, user.email);
      await reset({ email: user.email, saltcode, password_1: OTHER_PASSWORD, password_2: OTHER_PASSWORD });
      // The reset came from another address, and still lifts the lock-out where the guesses came from.
      expect((await login(api, user.email, OTHER_PASSWORD, ip)).statusCode).toBe(200);
    });
  });

  describe('PATCH app/user/{userId}/account/change-password', () => {
    const change = (userId: string, token: string, body: Record<string, unknown>, lang: 'en' | 'es' | 'pt' = 'en', ip?: string) =>
      call(api, { method: 'PATCH', url: changeUrl(userId), token, body, lang, ...(ip ? { ip } : {}) });

    it('changes the password; other sessions die, the caller stays signed in; outstanding reset links die', async () => {
      const user = await signUp(api);
      const other = (await login(api, user.email, user.password)).json().authToken as string;
      await forgot(user.email);
      const { saltcode } = await latestReset(api, user.email);
      const res = await change(user.userId, user.token, { current_password: user.password, password_1: OTHER_PASSWORD, password_2: OTHER_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ passwordChanged: true });
      expect((await call(api, { method: 'GET', url: accountUrl(user.userId), token: other })).statusCode).toBe(401);
      expect((await call(api, { method: 'GET', url: accountUrl(user.userId), token: user.token })).statusCode).toBe(200);
      expect((await login(api, user.email, user.password)).statusCode).toBe(401);
      expect((await login(api, user.email, OTHER_PASSWORD)).statusCode).toBe(200);
      const stale = await reset({ email: user.email, saltcode, password_1: 'Thi3d!pass', password_2: 'Thi3d!pass' });
      expect(stale.json().code).toBe('reset_link_used');
    });

    it('a wrong current password → 400 current_password_wrong (en, pt)', async () => {
      const user = await signUp(api);
      const body = { current_password: 'Wr0ng!pass', password_1: OTHER_PASSWORD, password_2: OTHER_PASSWORD };
      const res = await change(user.userId, user.token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'current_password_wrong', detail: 'The current password is incorrect' });
      expect(fieldMessages(res)).toEqual({ current_password: 'The current password is incorrect' });
      expect((await change(user.userId, user.token, body, 'pt')).json().detail).toBe('A senha atual está incorreta');
    });

    it('rule messages: mismatch, unchanged, weak, required (en, es)', async () => {
      const user = await signUp(api);
      const cases: [Record<string, unknown>, string, string, string][] = [
        [{ current_password: user.password, password_1: OTHER_PASSWORD, password_2: 'Nope1!nope' }, 'password_2', 'Passwords do not match', 'Las contraseñas no coinciden'],
        [{ current_password: user.password, password_1: user.password, password_2: user.password }, 'password_1', 'The new password must be different from the current one', 'La nueva contraseña debe ser distinta de la actual'],
        [{ current_password: user.password, password_1: 'alllower1!', password_2: 'alllower1!' }, 'password_1', 'Password must contain an uppercase letter', 'La contraseña debe contener una letra mayúscula'],
        [{ current_password: '', password_1: OTHER_PASSWORD, password_2: OTHER_PASSWORD }, 'current_password', 'Required field', 'Campo obligatorio'],
      ];
      for (const [body, field, en, es] of cases) {
        expect(fieldMessages(await change(user.userId, user.token, body))[field]).toBe(en);
        expect(fieldMessages(await change(user.userId, user.token, body, 'es'))[field]).toBe(es);
      }
    });

    it("another user's {userId} → 404; no token → 401", async () => {
      const alice = await signUp(api);
      const bob = await signUp(api);
      const body = { current_password: bob.password, password_1: OTHER_PASSWORD, password_2: OTHER_PASSWORD };
      const res = await change(bob.userId, alice.token, body);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
      expect((await call(api, { method: 'PATCH', url: changeUrl(bob.userId), body })).statusCode).toBe(401);
      expect((await login(api, bob.email, bob.password)).statusCode).toBe(200);
    });

    it('wrong current passwords count as failed sign-ins: the 11th try → 429', async () => {
      const user = await signUp(api);
      const ip = newIp();
      for (let i = 0; i < 10; i++) {
        const res = await change(user.userId, user.token, { current_password: `Wr0ng!pass${i}`, password_1: OTHER_PASSWORD, password_2: OTHER_PASSWORD }, 'en', ip);
        expect(res.statusCode).toBe(400);
      }
      const res = await change(user.userId, user.token, { current_password: user.password, password_1: OTHER_PASSWORD, password_2: OTHER_PASSWORD }, 'en', ip);
      expect(res.statusCode).toBe(429);
      // The same counters as sign-in (per account and address): that address cannot sign in either.
      expect((await login(api, user.email, user.password, ip)).statusCode).toBe(429);
    });
  });
});
