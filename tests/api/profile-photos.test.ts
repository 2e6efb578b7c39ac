import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { databaseAndMedia, type RunningMediaBackend } from '../support/media-backends';
import { startApi, type ApiHarness } from '../support/api-app';
import { createUser, fundWallet, type TestUser } from '../support/money';
import { paymentsClient } from '../support/payments-client';
import { walletClient } from '../support/wallet-client';
import { TEST_CAMERA, testPhoto } from '../support/pictures';
import { sweepMediaOrphans } from '../../server/media/orphan-sweep';
import { mediaRenditions } from '../../server/db/schema/index';

const HOUR = 60 * 60_000;

/**
 * Issue 23, "Photos, everywhere the spec names them": Maya sets an avatar and a banner; Fan, another user, sees their
 * addresses on her public profile, in search, in top people, in contacts, on payments (list, details and the plain
 * send's own answer), and Maya's session user carries hers. Every address answers a resized picture with the right
 * type, a year-long immutable cache and nosniff. Run on both databases and both storages (disk and S3).
 */
describe.each(databaseAndMedia())('profile photos on $label', ({ database: kind, media: backend }) => {
  let storage: RunningMediaBackend;
  let api: ApiHarness;
  let maya: TestUser;
  let fan: TestUser;
  let photoId: string;
  let bannerId: string;
  const as = (u: TestUser, method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
    api.inject({ method, url: `/api/app/user/${u.id}${path}`, headers: { authtoken: u.token }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    storage = await backend.start();
    api = await startApi(kind, { env: storage.env });
    const now = api.clock.now();
    maya = await createUser(api.fresh.database, now, `maya_${randomUUID().slice(0, 8)}`);
    fan = await createUser(api.fresh.database, now);
    await fundWallet(api.fresh.database, fan.id, 10_000, now);
    await fundWallet(api.fresh.database, maya.id, 10_000, now);
    const wallet = walletClient(api);
    photoId = (await wallet.upload(maya, await testPhoto(900, 700), 'image/jpeg', 'me.jpg')).json().media.id;
    bannerId = (await wallet.upload(maya, await testPhoto(2400, 800, 'png'), 'image/png', 'cover.png')).json().media.id;
  }, 180_000);
  afterAll(async () => {
    await api.close();
    await storage.stop();
  });

  const photoUrl = () => `/api/media/avatar/${maya.id}?k=${photoId}`;
  const bannerUrl = () => `/api/media/background/${maya.id}?k=${bannerId}`;

  it('setting the avatar and the banner answers the keys, and the session user carries the avatar', async () => {
    expect((await as(maya, 'PUT', '/profile/images', { slot: 'photo', mediaId: photoId })).statusCode).toBe(200);
    const set = await as(maya, 'PUT', '/profile/images', { slot: 'background', mediaId: bannerId });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ photo_key: photoId, background_key: bannerId });
    // The readable cookie follows the new picture (the sidebar shows it).
    const cookie = set.cookies.find((c) => c.name === 'tipjar-user');
    expect(JSON.parse(decodeURIComponent(cookie!.value)).photo).toBe(photoUrl());
    const account = await as(maya, 'GET', '');
    expect(account.json().user.photo).toBe(photoUrl());
    // Someone without a picture: null, and the app shows their initials.
    expect((await as(fan, 'GET', '')).json().user.photo).toBeNull();
  });

  it('another user sees the addresses on the public profile, in search, top people and contacts', async () => {
    const profile = await api.inject({ method: 'GET', url: `/api/app/public/profile/${maya.username}` });
    expect(profile.json().profile).toMatchObject({ profile_photo: photoUrl(), background_image: bannerUrl() });

    const search = await as(fan, 'GET', `/users/search?q=${maya.username}`);
    expect(search.json().results).toEqual([{ userId: maya.id, username: maya.username, fullName: `Test ${maya.username}`, photo: photoUrl() }]);

    // Top people: someone Fan has paid (before Maya is a contact: contacts are not listed there).
    const sent = await paymentsClient(api).send(fan, { receiverUserId: maya.id, amount: '2.00', paymentMethodId: 'balance', message: 'thanks' });
    expect(sent.statusCode, sent.body).toBe(201);
    const top = (await as(fan, 'GET', '/people/top')).json().results as { userId: string; photo: string | null }[];
    expect(top.find((p) => p.userId === maya.id)?.photo).toBe(photoUrl());

    expect((await as(fan, 'POST', '/contacts', { contactUserId: maya.id })).statusCode).toBeLessThan(300);
    const contacts = (await as(fan, 'GET', '/contacts')).json().data as { contact_user_id: string; contact_photo: string | null }[];
    expect(contacts.find((c) => c.contact_user_id === maya.id)?.contact_photo).toBe(photoUrl());
  });

  it('payments carry sender_photo and receiver_photo: the plain send answer, the list and the details', async () => {
    const pay = paymentsClient(api);
    // The plain send from the balance (its one-statement path) and a send the other way.
    const toMaya = await pay.send(fan, { receiverUserId: maya.id, amount: '3.00', paymentMethodId: 'balance' });
    expect(toMaya.statusCode, toMaya.body).toBe(201);
    expect(toMaya.json().data[0]).toMatchObject({ receiver_photo: photoUrl(), sender_photo: null });
    const fromMaya = await pay.send(maya, { receiverUserId: fan.id, amount: '1.00', paymentMethodId: 'balance', message: 'back at you' });
    expect(fromMaya.json().data[0]).toMatchObject({ sender_photo: photoUrl(), receiver_photo: null });

    const list = (await pay.list(fan, 'startPage=1&endPage=1')).json().results as { payment_id: string; sender_photo: string | null; receiver_photo: string | null }[];
    expect(list.find((p) => p.payment_id === toMaya.json().data[0].payment_id)).toMatchObject({ receiver_photo: photoUrl(), sender_photo: null });
    expect(list.find((p) => p.payment_id === fromMaya.json().data[0].payment_id)).toMatchObject({ sender_photo: photoUrl(), receiver_photo: null });

    const details = await pay.get(fan, fromMaya.json().data[0].payment_id);
    expect(details.json().data[0]).toMatchObject({ sender_photo: photoUrl(), receiver_photo: null });
  });

  it('every address answers a resized picture: type, size, year-long immutable cache, nosniff, no EXIF', async () => {
    const cases: [string, string, number, number][] = [
      [photoUrl(), 'image/jpeg', 512, 512],
      [`${photoUrl()}&size=64&format=webp`, 'image/webp', 64, 64],
      [`${photoUrl()}&size=128&format=jpeg`, 'image/jpeg', 128, 128],
      [`${photoUrl()}&size=512&format=webp`, 'image/webp', 512, 512],
      [bannerUrl(), 'image/jpeg', 1500, 500],
      [`${bannerUrl()}&size=1500&format=webp`, 'image/webp', 1500, 500],
    ];
    for (const [url, type, width, height] of cases) {
      const res = await api.inject({ method: 'GET', url });
      expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers['content-type'], url).toBe(type);
      expect(res.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      const read = await sharp(res.rawPayload).metadata();
      expect([read.width, read.height, read.exif], url).toEqual([width, height, undefined]);
      expect(res.rawPayload.includes(TEST_CAMERA), url).toBe(false);
    }
    // The upload itself stays private to its owner (and no-store), as a price point's reply is.
    const original = await api.inject({ method: 'GET', url: `/api/app/user/${fan.id}/media/${photoId}`, headers: { authtoken: fan.token } });
    expect(original.statusCode).toBe(404);
    const own = await api.inject({ method: 'GET', url: `/api/app/user/${maya.id}/media/${photoId}`, headers: { authtoken: maya.token } });
    expect([own.statusCode, own.headers['cache-control']]).toEqual([200, 'private, no-store']);
  });

  it('the orphan sweep keeps every rendition a row names and removes one whose row never came', async () => {
    const db = api.fresh.database.db;
    const renditions = await db.select().from(mediaRenditions);
    // Avatar 64, 128, 512 and banner 1500, each as WebP and JPEG.
    expect(renditions.map((r) => `${r.variant}/${r.format}`).sort()).toEqual(
      ['avatar-128/jpeg', 'avatar-128/webp', 'avatar-512/jpeg', 'avatar-512/webp', 'avatar-64/jpeg', 'avatar-64/webp', 'banner-1500/jpeg', 'banner-1500/webp'],
    );
    const kept = (await storage.stored()).sort();
    expect(kept).toHaveLength(2 + 8); // the two uploads and their renditions

    // A rendition stored by a process that died before its row: bytes nobody names.
    const orphan = randomUUID();
    await storage.storage().save(orphan, Readable.from([await testPhoto(64, 64)]));

    const now = Date.now(); // the files' times are the real clock's
    const report = await sweepMediaOrphans({ db, storage: storage.storage(), clock: { now: () => new Date(now + 25 * HOUR) } });
    expect(report).toEqual({ checked: kept.length + 1, removed: 1 });
    expect((await storage.stored()).sort()).toEqual(kept);
    // Every picture still answers after the sweep.
    expect((await api.inject({ method: 'GET', url: `${photoUrl()}&size=64&format=webp` })).statusCode).toBe(200);

    // A rendition whose row is gone is an orphan like any other, and is made again on its next request.
    const [small] = renditions.filter((r) => r.variant === 'avatar-64' && r.format === 'webp');
    await db.delete(mediaRenditions).where(eq(mediaRenditions.storageKey, small!.storageKey));
    const again = await sweepMediaOrphans({ db, storage: storage.storage(), clock: { now: () => new Date(now + 26 * HOUR) } });
    expect(again).toEqual({ checked: kept.length, removed: 1 });
    expect(await storage.stored()).not.toContain(small!.storageKey);
    const remade = await api.inject({ method: 'GET', url: `${photoUrl()}&size=64&format=webp` });
    expect([remade.statusCode, remade.headers['content-type']]).toEqual([200, 'image/webp']);
    expect(await storage.stored()).toHaveLength(kept.length);
  });
});
