import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { call, fieldMessages, latestCode, login, newEmail, signUp, verifyEmail, type SignedUp } from '../support/accounts';
import { createUser, fundWallet, type TestUser } from '../support/money';
import { paymentsClient } from '../support/payments-client';
import { FILES, walletClient } from '../support/wallet-client';
import { testPhoto } from '../support/pictures';
import { auditLedger } from '../../server/ledger/audit';
import { postings, users } from '../../server/db/schema/index';

/**
 * Issue 7 "Account": preferences, account info (a new email is verified again), closing an account (refused with
 * money or open payments, then sign-in refused and the ledger intact), and the avatar and background image. The
 * password these calls need (issue 21's step-up) is proved in step-up.test.ts.
 */
describe.each(databaseKinds())('account settings API on $name', (kind) => {
  let api: ApiHarness;
  let pay: ReturnType<typeof paymentsClient>;
  let wallet: ReturnType<typeof walletClient>;

  beforeAll(async () => {
    api = await startApi(kind);
    pay = paymentsClient(api);
    wallet = walletClient(api);
  }, 180_000);
  afterAll(async () => {
    // Closing accounts never unbalances anything.
    expect(await auditLedger(api.fresh.database)).toEqual([]);
    await api.close();
  });

  /** A user who signed up, verified and set up through the API, so they can sign in with a password. */
  async function member(): Promise<SignedUp & TestUser> {
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

  const as = (u: { userId?: string; id?: string; token: string }, method: 'GET' | 'PUT' | 'PATCH' | 'POST', path: string, body?: object, lang = 'en') =>
    api.inject({
      method,
      url: `/api/app/user/${u.userId ?? u.id}${path}?lang=${lang}`,
      headers: { authtoken: u.token },
      ...(body ? { payload: body } : {}),
    });

  describe('preferences', () => {
    it('start as English with notification emails, are saved and read back', async () => {
      const u = await member();
      expect((await as(u, 'GET', '/preferences')).json()).toEqual({ language: 'en', emailNotifications: true });
      const saved = await as(u, 'PUT', '/preferences', { language: 'pt', emailNotifications: false });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({ language: 'pt', emailNotifications: false });
      expect((await as(u, 'GET', '/preferences')).json()).toEqual({ language: 'pt', emailNotifications: false });
    });

    it('refuse a language the product does not offer', async () => {
      const u = await member();
      const res = await as(u, 'PUT', '/preferences', { language: 'fr', emailNotifications: true });
      expect(res.statusCode).toBe(400);
      expect((await as(u, 'GET', '/preferences')).json().language).toBe('en');
    });
  });

  describe('account info', () => {
    it('changes name, username and country without touching the verified email', async () => {
      const u = await member();
      const username = `new_${u.userId.slice(0, 8)}`;
      // A new full name needs the password (step-up: tests/api/step-up.test.ts).
      const res = await as(u, 'PATCH', '/account-info', { fullName: ' Marta L. ', username, country: 'MX', email: u.email, current_password: u.password });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        verificationSent: false,
        pendingEmail: null,
        user: expect.objectContaining({ fullName: 'Marta L.', username, country: 'MX', email: u.email, emailStatus: 'verified' }),
      });
      // The user cookie follows, so the app's session sees the new name.
      expect(String(res.headers['set-cookie'])).toContain('tipjar-user=');
    });

    it('a new email waits for the code sent to it, then replaces the old one for sign-in', async () => {
      const u = await member();
      const email = newEmail('moved');
      const res = await as(u, 'PATCH', '/account-info', { fullName: 'Marta Lopez', username: u.username, country: 'ES', email, current_password: u.password });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().verificationSent).toBe(true);
      // Issue 21: the account keeps its verified email until the new one is verified.
      expect(res.json().pendingEmail).toBe(email);
      expect(res.json().user).toMatchObject({ email: u.email, emailStatus: 'verified' });
      const { code } = await latestCode(api, email);
      const verified = await call(api, { method: 'POST', url: '/api/app/user/otp/email/', body: { email, otp: code } });
      expect(verified.statusCode, verified.body).toBe(200);
      const account = await as(u, 'GET', '');
      expect(account.json().user).toMatchObject({ email, emailStatus: 'verified' });
      expect(account.json().pendingEmail).toBeNull();
      expect((await login(api, email, u.password)).statusCode).toBe(200);
      expect((await login(api, u.email, u.password)).statusCode).toBe(401);
    });

    it("refuses another account's username or email under the field, localised", async () => {
      const u = await member();
      const other = await member();
      const name = await as(u, 'PATCH', '/account-info', { fullName: 'Marta', username: other.username.toUpperCase(), country: 'ES', email: u.email, current_password: u.password }, 'es');
      expect(name.statusCode).toBe(409);
      expect(fieldMessages(name)).toEqual({ username: 'El nombre de usuario ya existe' });
      const email = await as(u, 'PATCH', '/account-info', { fullName: 'Marta', username: u.username, country: 'ES', email: other.email, current_password: u.password });
      expect(email.statusCode).toBe(409);
      expect(fieldMessages(email)).toEqual({ email: 'Email already registered' });
      const bad = await as(u, 'PATCH', '/account-info', { fullName: '', username: 'a b', country: 'ZZ', email: 'nope' });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(fieldMessages(bad)).sort()).toEqual(['country', 'email', 'fullName', 'username']);
      // Nothing was changed by the refusals.
      const [row] = await api.fresh.database.db.select().from(users).where(eq(users.id, u.userId));
      expect(row).toMatchObject({ email: u.email, username: u.username, emailStatus: 'verified', pendingEmail: null });
    });
  });

  describe('closing the account', () => {
    it('is refused while money is in the wallet, with the reason', async () => {
      const u = await member();
      await fundWallet(api.fresh.database, u.userId, 5_00, api.clock.now());
      const res = await as(u, 'POST', '/account/close', { current_password: u.password }, 'es');
      expect(res.statusCode).toBe(409);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({
        code: 'account_has_balance',
        detail: 'Tu billetera todavía tiene dinero. Retíralo o gástalo antes de cerrar tu cuenta.',
      });
      expect((await login(api, u.email, u.password)).statusCode).toBe(200);
    });

    it('is refused while a payment request is open', async () => {
      const u = await member();
      const friend = await createUser(api.fresh.database, api.clock.now());
      const asked = await pay.request(friend, { receiverUserId: u.userId, amount: '4.00', message: 'lunch' });
      expect(asked.statusCode, asked.body).toBe(201);
      const res = await as(u, 'POST', '/account/close', { current_password: u.password });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'account_has_pending', detail: expect.stringContaining('in progress') });
    });

    it('succeeds at zero: sessions end, sign-in is refused, the public page goes, and the ledger keeps its history', async () => {
      const u = await member();
      const friend = await createUser(api.fresh.database, api.clock.now());
      await fundWallet(api.fresh.database, u.userId, 12_50, api.clock.now());
      // Spend everything: the wallet is at zero, the payment stays in both histories.
      const sent = await pay.send({ id: u.userId, username: u.username, token: u.token }, { receiverUserId: friend.id, amount: '12.50', paymentMethodId: 'balance', message: 'all of it' });
      expect(sent.statusCode, sent.body).toBe(201);
      const paymentId: string = sent.json().data[0].payment_id;
      const entriesBefore = await api.fresh.database.db.select().from(postings);

      const res = await as(u, 'POST', '/account/close', { current_password: u.password });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ closed: true });
      expect(String(res.headers['set-cookie'])).toContain('tipjar-session=;');

      expect((await as(u, 'GET', '')).statusCode).toBe(401);
      const signIn = await login(api, u.email, u.password);
      expect(signIn.statusCode).toBe(403);
      expect(signIn.json()).toMatchObject({ code: 'account_closed', detail: 'This account is closed.' });
      expect((await api.inject({ method: 'GET', url: `/api/app/public/profile/${u.username}` })).statusCode).toBe(404);

      // Nothing was deleted: every posting is still there and the friend still sees the payment.
      expect(await api.fresh.database.db.select().from(postings)).toHaveLength(entriesBefore.length);
      const seen = await pay.get(friend, paymentId);
      expect(seen.statusCode).toBe(200);
      expect((await wallet.balance(friend)).available).toBe('12.50');
      const [row] = await api.fresh.database.db.select().from(users).where(eq(users.id, u.userId));
      expect(row).toMatchObject({ accountStatus: 'closed', closedAt: expect.any(Date) });
    });
  });

  describe('avatar and background image', () => {
    it('an uploaded photo becomes the avatar, served to anyone at its address, resized and without EXIF', async () => {
      const u = await createUser(api.fresh.database, api.clock.now());
      const png = await testPhoto(700, 600, 'png');
      const uploaded = await wallet.upload(u, png, 'image/png', 'me.png');
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const mediaId: string = uploaded.json().media.id;
      const none = await api.inject({ method: 'GET', url: `/api/media/avatar/${u.id}` });
      expect(none.statusCode).toBe(404);

      const set = await as(u, 'PUT', '/profile/images', { slot: 'photo', mediaId });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json()).toMatchObject({ photo_key: mediaId, background_key: null });
      expect((await as(u, 'GET', '/profile')).json().photo_key).toBe(mediaId);

      // Never the upload itself: the largest avatar rendition, as JPEG unless asked for WebP.
      const served = await api.inject({ method: 'GET', url: `/api/media/avatar/${u.id}?k=${mediaId}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.rawPayload.equals(png)).toBe(false);
      expect(served.rawPayload.includes('TipjarTestCamera')).toBe(false);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const small = await api.inject({ method: 'GET', url: `/api/media/avatar/${u.id}?k=${mediaId}&size=64&format=webp` });
      expect([small.statusCode, small.headers['content-type']]).toEqual([200, 'image/webp']);
      // An old key answers nothing (a year-long cache must not keep another picture under it); a size that is no
      // avatar's neither.
      expect((await api.inject({ method: 'GET', url: `/api/media/avatar/${u.id}?k=00000000-0000-4000-8000-000000000000` })).statusCode).toBe(404);
      expect((await api.inject({ method: 'GET', url: `/api/media/avatar/${u.id}?k=${mediaId}&size=1500` })).statusCode).toBe(404);
      expect((await api.inject({ method: 'GET', url: `/api/media/background/${u.id}` })).statusCode).toBe(404);
    });

    it('the background image is set the same way', async () => {
      const u = await createUser(api.fresh.database, api.clock.now());
      const jpeg = await testPhoto(1800, 600);
      const mediaId: string = (await wallet.upload(u, jpeg, 'image/jpeg')).json().media.id;
      const set = await as(u, 'PUT', '/profile/images', { slot: 'background', mediaId });
      expect(set.json()).toMatchObject({ background_key: mediaId, photo_key: null });
      const served = await api.inject({ method: 'GET', url: `/api/media/background/${u.id}?k=${mediaId}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
    });

    it("refuses a video, and someone else's file like a missing one", async () => {
      const u = await createUser(api.fresh.database, api.clock.now());
      const other = await createUser(api.fresh.database, api.clock.now());
      const video: string = (await wallet.upload(u, FILES.mp4(200), 'video/mp4')).json().media.id;
      const notPhoto = await as(u, 'PUT', '/profile/images', { slot: 'photo', mediaId: video });
      expect(notPhoto.statusCode).toBe(422);
      expect(notPhoto.json()).toMatchObject({ code: 'media_not_photo', detail: 'Choose a photo (JPEG or PNG).' });
      const theirs: string = (await wallet.upload(other, FILES.png(), 'image/png')).json().media.id;
      const stolen = await as(u, 'PUT', '/profile/images', { slot: 'photo', mediaId: theirs });
      const missing = await as(u, 'PUT', '/profile/images', { slot: 'photo', mediaId: '00000000-0000-4000-8000-000000000000' });
      expect(stolen.statusCode).toBe(404);
      expect({ status: missing.statusCode, code: missing.json().code }).toEqual({ status: 404, code: stolen.json().code });
      expect((await as(u, 'GET', '/profile')).json().photo_key).toBeNull();
      // Bytes that only start like a PNG upload (the type is sniffed from 8 bytes) but are no picture to resize.
      const fake: string = (await wallet.upload(u, FILES.png(300), 'image/png')).json().media.id;
      const unreadable = await as(u, 'PUT', '/profile/images', { slot: 'photo', mediaId: fake });
      expect([unreadable.statusCode, unreadable.json().code]).toEqual([422, 'media_not_photo']);
      expect((await as(u, 'GET', '/profile')).json().photo_key).toBeNull();
    });

    it('a photo over the limit is refused with "The file is too large"', async () => {
      const u = await createUser(api.fresh.database, api.clock.now());
      const res = await wallet.upload(u, FILES.png(10 * 1024 * 1024 + 1), 'image/png');
      expect(res.statusCode).toBe(413);
      expect(res.json().detail).toBe('The file is too large');
    });

    it("a closed account's avatar is no longer served", async () => {
      const u = await member();
      const mediaId: string = (await wallet.upload({ id: u.userId, username: u.username, token: u.token }, await testPhoto(50, 50, 'png'), 'image/png')).json().media.id;
      expect((await as(u, 'PUT', '/profile/images', { slot: 'photo', mediaId })).statusCode).toBe(200);
      expect((await api.inject({ method: 'GET', url: `/api/media/avatar/${u.userId}` })).statusCode).toBe(200);
      expect((await as(u, 'POST', '/account/close', { current_password: u.password })).statusCode).toBe(200);
      expect((await api.inject({ method: 'GET', url: `/api/media/avatar/${u.userId}` })).statusCode).toBe(404);
    });
  });
});
