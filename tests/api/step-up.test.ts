import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { call, latestCode, login, newEmail, outboxFor, signUp, verifyEmail, type SignedUp } from '../support/accounts';
import { users } from '../../server/db/schema/index';
import { bankAccountBody } from '../support/bank-account-body';

/**
 * Issue 21 "Step-up": changing the email or the full name, saving the bank account, linking a payout account and
 * closing the account need the password in the same request — missing → 403 `reauthentication_required`, wrong →
 * 403 `wrong_password`, both under `current_password` and counted as failed sign-ins of the account. A new email
 * waits until its code is verified, and the old address is told at once.
 */
describe.each(databaseKinds())('step-up and the email change on $name', (kind) => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi(kind);
  }, 180_000);
  afterAll(async () => {
    await api.close();
  });

  type Member = SignedUp & { id: string; username: string };

  /** A user who signed up, verified and set up through the API as "Marta Lopez", so they have a password. */
  async function member(): Promise<Member> {
    const signed = await signUp(api);
    await verifyEmail(api, signed.email);
    const username = `m_${signed.userId.slice(0, 8)}`;
    const setUp = await call(api, {
      method: 'PATCH',
      url: `/api/app/user/${signed.userId}/set-up`,
      token: signed.token,
      body: { fullName: 'Marta Lopez', username, country: 'ES', eSignatureConsent: true },
    });
    expect(setUp.statusCode, setUp.body).toBe(200);
    return { ...signed, id: signed.userId, username };
  }

  const as = (u: Member, method: 'GET' | 'PUT' | 'PATCH' | 'POST', path: string, body?: object, lang = 'en') =>
    api.inject({
      method,
      url: `/api/app/user/${u.id}${path}?lang=${lang}`,
      headers: { authtoken: u.token },
      ...(body ? { payload: body } : {}),
    });

  const bank = bankAccountBody({ firstName: 'Marta', lastName: 'Lopez' });
  // The sandbox answers `not_activated` for this provider address: a 422 would show the provider was asked.
  const inactivePayout = { email: 'inactive.marta@example.com', password: 'Pr0vider!secret-91', bankAccountNumber: '12345678' };

  /** The four protected calls (the email and the name separately), each with `extra` merged into its body. */
  const OPERATIONS: [string, (u: Member, extra: object, lang?: string) => Promise<LightMyRequestResponse>][] = [
    ['updateAccountInfo (email)', (u, extra, lang) => as(u, 'PATCH', '/account-info', { fullName: 'Marta Lopez', username: u.username, country: 'ES', email: newEmail('stolen'), ...extra }, lang)],
    ['updateAccountInfo (full name)', (u, extra, lang) => as(u, 'PATCH', '/account-info', { fullName: 'Somebody Else', username: u.username, country: 'ES', email: u.email, ...extra }, lang)],
    ['putBankAccount', (u, extra, lang) => as(u, 'PUT', '/bank-account', { ...bank, ...extra }, lang)],
    ['linkPayoutAccount', (u, extra, lang) => as(u, 'POST', '/payout-account', { ...inactivePayout, ...extra }, lang)],
    ['closeAccount', (u, extra, lang) => as(u, 'POST', '/account/close', extra, lang)],
  ];

  /** The account as it was: same email and name, nothing pending, no bank or payout account, still open. */
  async function untouched(u: Member) {
    const [row] = await api.fresh.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row).toMatchObject({ email: u.email, fullName: 'Marta Lopez', pendingEmail: null, accountStatus: 'active' });
    expect((await as(u, 'GET', '/bank-account')).json().bankAccount).toBeNull();
    expect((await as(u, 'GET', '/payout-account')).json().payoutAccount).toBeNull();
  }

  describe.each(OPERATIONS)('%s', (_name, run) => {
    it('missing or empty password → 403 reauthentication_required under the field; nothing changes', async () => {
      const u = await member();
      for (const extra of [{}, { current_password: '' }]) {
        const res = await run(u, extra);
        expect(res.statusCode, res.body).toBe(403);
        expect(res.headers['content-type']).toContain('application/problem+json');
        expect(res.json()).toMatchObject({
          code: 'reauthentication_required',
          detail: 'Enter your password to confirm this change.',
          errors: [{ field: 'current_password', code: 'reauthentication_required', message: 'Enter your password to confirm this change.' }],
        });
      }
      await untouched(u);
    });

    it('a wrong password → 403 wrong_password under the field, localised; nothing changes (the provider is not asked)', async () => {
      const u = await member();
      const en = await run(u, { current_password: 'Not-the-password1' });
      expect(en.statusCode, en.body).toBe(403);
      expect(en.json()).toMatchObject({
        code: 'wrong_password',
        detail: 'The password is not right.',
        errors: [{ field: 'current_password', code: 'wrong_password', message: 'The password is not right.' }],
      });
      expect((await run(u, { current_password: 'Not-the-password1' }, 'es')).json().detail).toBe('La contraseña no es correcta.');
      expect((await run(u, { current_password: 'Not-the-password1' }, 'pt')).json().detail).toBe('A senha não está certa.');
      await untouched(u);
    });

    it('the right password → the call goes through', async () => {
      const u = await member();
      const res = await run(u, { current_password: u.password });
      if (_name === 'linkPayoutAccount') {
        // Past the step-up, the provider's own answer (this sandbox address is not activated).
        expect(res.json().code).toBe('payout_account_not_activated');
      } else {
        expect(res.statusCode, res.body).toBe(200);
      }
    });
  });

  it('the country alone needs no password; the form sending back the current or pending email is no change', async () => {
    const u = await member();
    const moved = await as(u, 'PATCH', '/account-info', { fullName: 'Marta Lopez', username: u.username, country: 'MX', email: u.email });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ verificationSent: false, pendingEmail: null, user: { country: 'MX' } });
    const next = newEmail('next');
    expect((await as(u, 'PATCH', '/account-info', { fullName: 'Marta Lopez', username: u.username, country: 'ES', email: next, current_password: u.password })).statusCode).toBe(200);
    const again = await as(u, 'PATCH', '/account-info', { fullName: 'Marta Lopez', username: u.username, country: 'ES', email: next });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ verificationSent: false, pendingEmail: next, user: { email: u.email } });
  });

  it('a new username needs the password (it frees the pay page link for anyone to claim); its letter case alone does not', async () => {
    const u = await member();
    const next = `r_${u.id.slice(0, 8)}`;
    const without = await as(u, 'PATCH', '/account-info', { fullName: 'Marta Lopez', username: next, country: 'ES', email: u.email });
    expect(without.statusCode).toBe(403);
    expect(without.json()).toMatchObject({ code: 'reauthentication_required', errors: [{ field: 'current_password' }] });
    const wrong = await as(u, 'PATCH', '/account-info', { fullName: 'Marta Lopez', username: next, country: 'ES', email: u.email, current_password: 'Not-the-password1' });
    expect(wrong.json().code).toBe('wrong_password');
    const [kept] = await api.fresh.database.db.select().from(users).where(eq(users.id, u.id));
    expect(kept!.username).toBe(u.username);
    const renamed = await as(u, 'PATCH', '/account-info', { fullName: 'Marta Lopez', username: next, country: 'ES', email: u.email, current_password: u.password });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().user.username).toBe(next);
    const recased = await as(u, 'PATCH', '/account-info', { fullName: 'Marta Lopez', username: next.toUpperCase(), country: 'ES', email: u.email });
    expect(recased.statusCode, recased.body).toBe(200);
  });

  it('wrong step-up passwords count as failed sign-ins of the account at that address (10 in 15 minutes → 429); right ones do not', async () => {
    const u = await member();
    const wrong = { current_password: 'Not-the-password1' };
    // Nine wrong ones, spread over the four calls.
    for (let i = 0; i < 9; i++) expect((await OPERATIONS[i % OPERATIONS.length]![1](u, wrong)).statusCode).toBe(403);
    // Right step-ups release their attempt: three of them leave room for the owner's sign-in.
    for (const name of ['Marta Lopez', 'Marta Lopez', 'Marta Lopez']) {
      const renamed = await as(u, 'PATCH', '/account-info', { fullName: `${name} ${Math.random().toString(36).slice(2, 5).replace(/[0-9]/g, 'x')}`, username: u.username, country: 'ES', email: u.email, current_password: u.password });
      expect(renamed.statusCode, renamed.body).toBe(200);
    }
    // The step-ups came from the session's address (the harness's 127.0.0.1): sign-in from there still has room.
    expect((await login(api, u.email, u.password, '127.0.0.1')).statusCode).toBe(200);
    // The tenth failure fills the account's bucket at that address: step-up and sign-in from there are refused alike,
    // even with the password.
    expect((await as(u, 'POST', '/account/close', wrong)).json().code).toBe('wrong_password');
    const locked = await as(u, 'POST', '/account/close', { current_password: u.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'too_many_attempts', detail: 'Too many attempts. Please try again in 15 minutes.' });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect((await login(api, u.email, u.password, '127.0.0.1')).statusCode).toBe(429);
    // The lock is the guesser's address's: the owner signs in from elsewhere (a thief cannot lock them out).
    expect((await login(api, u.email, u.password, '198.51.100.23')).statusCode).toBe(200);
    const [row] = await api.fresh.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.accountStatus).toBe('active');
  });

  describe('changing the email', () => {
    it('the old address is told at once in the account language (new address masked, no code, where to get help); sign-in keeps the old address until the code', async () => {
      const u = await member();
      expect((await as(u, 'PUT', '/preferences', { language: 'es', emailNotifications: false })).statusCode).toBe(200);
      const moved = `moved.${u.id.slice(0, 8)}@example.org`;
      const res = await as(u, 'PATCH', '/account-info', { fullName: 'Marta Lopez', username: u.username, country: 'ES', email: moved, current_password: u.password });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ verificationSent: true, pendingEmail: moved, user: { email: u.email, emailStatus: 'verified' } });

      const { code } = await latestCode(api, moved);
      const [notice] = await outboxFor(api, u.email);
      expect(notice!.subject).toBe('Se está cambiando el correo de tu cuenta de Tipjar');
      expect(notice!.body).toContain('pidió cambiar su correo a m***@example.org');
      expect(notice!.body).toMatch(/El \d{1,2} de [a-z]+ de \d{4} a las \d{1,2}:\d{2} UTC/);
      expect(notice!.body).toContain('http://localhost:3000/help');
      expect(notice!.body).not.toContain(moved);
      expect(notice!.body).not.toContain(code);

      // Until the code: the old address signs in, the new one does not, and the account says what is waiting.
      expect((await login(api, u.email, u.password)).statusCode).toBe(200);
      expect((await login(api, moved, u.password)).statusCode).toBe(401);
      expect((await as(u, 'GET', '')).json()).toMatchObject({ user: { email: u.email, emailStatus: 'verified' }, pendingEmail: moved });
      // The code proves the new address only: given with the old one it is a wrong code.
      const misused = await call(api, { method: 'POST', url: '/api/app/user/otp/email/', body: { email: u.email, otp: code } });
      expect(misused.json().code).toBe('otp_invalid');

      // A resend for the waiting address sends it a new code, which swaps it in.
      expect((await call(api, { method: 'POST', url: '/api/app/user/otp/email/resend/', body: { email: moved } })).statusCode).toBe(202);
      expect(await outboxFor(api, moved)).toHaveLength(2);
      const fresh = await latestCode(api, moved);
      const verified = await call(api, { method: 'POST', url: '/api/app/user/otp/email/', body: { email: moved, otp: fresh.code } });
      expect(verified.statusCode, verified.body).toBe(200);
      expect((await as(u, 'GET', '')).json()).toMatchObject({ user: { email: moved, emailStatus: 'verified' }, pendingEmail: null });
      expect((await login(api, moved, u.password)).statusCode).toBe(200);
      expect((await login(api, u.email, u.password)).statusCode).toBe(401);
    });

    it('a second change replaces the pending one: the first address and its code no longer count', async () => {
      const u = await member();
      const first = newEmail('first');
      const second = newEmail('second');
      const change = (email: string) => as(u, 'PATCH', '/account-info', { fullName: 'Marta Lopez', username: u.username, country: 'ES', email, current_password: u.password });
      expect((await change(first)).json().pendingEmail).toBe(first);
      const firstCode = (await latestCode(api, first)).code;
      expect((await change(second)).json().pendingEmail).toBe(second);
      const late = await call(api, { method: 'POST', url: '/api/app/user/otp/email/', body: { email: first, otp: firstCode } });
      expect(late.json().code).toBe('otp_invalid');
      const { code } = await latestCode(api, second);
      expect((await call(api, { method: 'POST', url: '/api/app/user/otp/email/', body: { email: second, otp: code } })).statusCode).toBe(200);
      const [row] = await api.fresh.database.db.select().from(users).where(eq(users.id, u.id));
      expect(row).toMatchObject({ email: second, pendingEmail: null, emailStatus: 'verified' });
    });

    it('an address another account takes before the code is verified → 409 email_taken at the swap; the account keeps its email', async () => {
      const u = await member();
      const wanted = newEmail('wanted');
      expect((await as(u, 'PATCH', '/account-info', { fullName: 'Marta Lopez', username: u.username, country: 'ES', email: wanted, current_password: u.password })).statusCode).toBe(200);
      const { code } = await latestCode(api, wanted);
      // Someone signs up with that address meanwhile (it was nobody's email yet).
      await signUp(api, { email: wanted });
      const res = await call(api, { method: 'POST', url: '/api/app/user/otp/email/', body: { email: wanted, otp: code }, lang: 'es' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'email_taken',
        errors: [{ field: 'email', code: 'email_taken', message: 'Otra cuenta registró este correo mientras tanto. Elige otro.' }],
      });
      const [row] = await api.fresh.database.db.select().from(users).where(eq(users.id, u.id));
      expect(row).toMatchObject({ email: u.email, emailStatus: 'verified', pendingEmail: wanted });
    });
  });
});
