import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { call, cookiesOf, fieldMessages, login, newEmail, signUp } from '../support/accounts';

const setUpUrl = (userId: string) => `/api/app/user/${userId}/set-up`;
let names = 0;
const newUsername = () => `user_${++names}_${Date.now().toString(36)}`;

describe.each(databaseKinds())('set-up and the dev outbox on $name', (kind) => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi(kind);
  });
  afterAll(() => api.close());

  const setUp = (userId: string, token: string, body: Record<string, unknown>, lang: 'en' | 'es' | 'pt' = 'en') =>
    call(api, { method: 'PATCH', url: setUpUrl(userId), token, body, lang });
  const good = () => ({ fullName: '  Ann Lee ', username: newUsername(), country: 'BR', eSignatureConsent: true });

  describe('PATCH app/user/{userId}/set-up', () => {
    it('completes the account once; the user and the tipjar-user cookie show it; login returns it', async () => {
      const user = await signUp(api);
      const body = good();
      const res = await setUp(user.userId, user.token, body);
      expect(res.statusCode).toBe(200);
      const expected = { userId: user.userId, username: body.username, country: 'BR', fullName: 'Ann Lee' };
      expect(res.json().user).toMatchObject(expected);
      const cookie = JSON.parse(decodeURIComponent(cookiesOf(res).get('tipjar-user')!.value));
      expect(cookie).toMatchObject(expected);
      expect((await login(api, user.email, user.password)).json().user).toMatchObject(expected);
      const account = await call(api, { method: 'GET', url: `/api/app/user/${user.userId}`, token: user.token });
      expect(Date.parse(account.json().eSignatureConsentAt)).toBeGreaterThan(0);
      const again = await setUp(user.userId, user.token, good());
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('set_up_done');
    });

    it('a username taken ignoring case → 409 "Username already exists" (en, es)', async () => {
      const first = await signUp(api);
      const name = newUsername();
      expect((await setUp(first.userId, first.token, { ...good(), username: name })).statusCode).toBe(200);
      const second = await signUp(api);
      const res = await setUp(second.userId, second.token, { ...good(), username: name.toUpperCase() });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'username_taken', detail: 'Username already exists' });
      expect(fieldMessages(res)).toEqual({ username: 'Username already exists' });
      const es = await setUp(second.userId, second.token, { ...good(), username: name }, 'es');
      expect(es.json().detail).toBe('El nombre de usuario ya existe');
    });

    const cases: [string, Record<string, unknown>, string, string, string][] = [
      ['a space in the username', { username: 'ann lee' }, 'username', 'Only letters, numbers, periods and underscores; no spaces or special characters', 'Apenas letras, números, pontos e sublinhados; sem espaços nem caracteres especiais'],
      ['a special character', { username: 'ann$' }, 'username', 'Only letters, numbers, periods and underscores; no spaces or special characters', 'Apenas letras, números, pontos e sublinhados; sem espaços nem caracteres especiais'],
      ['a route name as username', { username: 'Settings' }, 'username', 'This username is not available', 'Este nome de usuário não está disponível'],
      ['another route name', { username: 'transactions' }, 'username', 'This username is not available', 'Este nome de usuário não está disponível'],
      ['a too short username', { username: 'ab' }, 'username', 'Username must be 3 to 30 characters', 'O nome de usuário deve ter de 3 a 30 caracteres'],
      ['an empty username', { username: '' }, 'username', 'Required field', 'Campo obrigatório'],
      ['no consent', { eSignatureConsent: false }, 'eSignatureConsent', 'You must agree to continue', 'Você precisa concordar para continuar'],
      ['an unknown country', { country: 'XX' }, 'country', 'Choose a country from the list', 'Escolha um país da lista'],
      ['an empty full name', { fullName: '   ' }, 'fullName', 'Required field', 'Campo obrigatório'],
      ['a too long full name', { fullName: 'x'.repeat(101) }, 'fullName', 'Must be at most 100 characters', 'Deve ter no máximo 100 caracteres'],
    ];
    it.each(cases)('%s → 400 with the rule message (en, pt)', async (_name, change, field, en, pt) => {
      const user = await signUp(api);
      const body = { ...good(), ...change };
      const res = await setUp(user.userId, user.token, body);
      expect(res.statusCode).toBe(400);
      expect(fieldMessages(res)[field]).toBe(en);
      expect(fieldMessages(await setUp(user.userId, user.token, body, 'pt'))[field]).toBe(pt);
    });

    it('missing fields and wrong types are refused by the contract', async () => {
      const user = await signUp(api);
      const { eSignatureConsent: _, ...noConsent } = good();
      expect(fieldMessages(await setUp(user.userId, user.token, noConsent))).toEqual({ eSignatureConsent: 'Required field' });
      expect((await setUp(user.userId, user.token, { ...good(), eSignatureConsent: 'yes' })).statusCode).toBe(400);
    });

    it("another user's {userId} → 404, and nothing changes", async () => {
      const alice = await signUp(api);
      const bob = await signUp(api);
      const res = await setUp(bob.userId, alice.token, good());
      expect(res.statusCode).toBe(404);
      const account = await call(api, { method: 'GET', url: `/api/app/user/${bob.userId}`, token: bob.token });
      expect(account.json().user.username).toBeNull();
    });
  });

  describe('GET /api/dev/outbox and the clock (outside production)', () => {
    it('lists emails newest first, filtered by recipient ignoring case', async () => {
      const email = newEmail('outbox');
      const user = await signUp(api, { email });
      await call(api, { method: 'POST', url: '/api/app/user/otp/email/resend/', body: { email } });
      const res = await api.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email.toUpperCase())}` });
      expect(res.statusCode).toBe(200);
      const { messages } = res.json();
      expect(messages).toHaveLength(2);
      expect(messages[0].id).toBeGreaterThan(messages[1].id);
      expect(messages[0]).toMatchObject({ channel: 'email', to: user.email, subject: expect.stringMatching(/^Your Tipjar code: \d{6}$/) });
      const all = await api.inject({ method: 'GET', url: '/api/dev/outbox?limit=1' });
      expect(all.json().messages).toHaveLength(1);
    });

    it('emails are written in the caller’s language', async () => {
      const email = newEmail('es');
      await call(api, { method: 'POST', url: '/api/app/user/create/', body: { email, password: 'Str0ng!pass' }, lang: 'es' });
      const [message] = (await api.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` })).json().messages;
      expect(message.subject).toMatch(/^Tu código de Tipjar: \d{6}$/);
      expect(message.body).toContain('/verify-email?email=');
    });

    it('POST /api/dev/clock sets or advances the offset, shared through the dev_clock row', async () => {
      const set = await api.inject({ method: 'POST', url: '/api/dev/clock', payload: { offsetMs: 0 } });
      expect(set.json().offsetMs).toBe(0);
      const moved = await api.inject({ method: 'POST', url: '/api/dev/clock', payload: { advanceMs: 72 * 3_600_000 } });
      expect(moved.json().offsetMs).toBe(72 * 3_600_000);
      const rows = await api.fresh.database.rows<{ offset_ms: string | number }>(
        (await import('drizzle-orm')).sql`SELECT offset_ms FROM dev_clock WHERE id = 1`,
      );
      expect(Number(rows[0]!.offset_ms)).toBe(72 * 3_600_000);
      expect((await api.inject({ method: 'POST', url: '/api/dev/clock', payload: {} })).statusCode).toBe(400);
      expect((await api.inject({ method: 'POST', url: '/api/dev/clock', payload: { offsetMs: 1, advanceMs: 1 } })).statusCode).toBe(400);
      await api.inject({ method: 'POST', url: '/api/dev/clock', payload: { offsetMs: 0 } });
    });
  });
});
