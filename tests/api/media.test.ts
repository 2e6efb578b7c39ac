import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { databaseAndMedia, type RunningMediaBackend } from '../support/media-backends';
import { startApi, type ApiHarness } from '../support/api-app';
import { createUser, fundWallet, type TestUser } from '../support/money';
import { paymentsClient } from '../support/payments-client';
import { FILES, walletClient } from '../support/wallet-client';
import { auditLedger } from '../../server/ledger/audit';
import { createPricePoint } from '../../server/payments/price-points';
import { PHOTO_MAX_BYTES, VIDEO_MAX_BYTES } from '../../domain/limits';

/** A stream of `size` bytes starting with `head`, made lazily (no 100 MB buffer in the test). */
function lazyFile(head: Buffer, size: number): Readable {
  let sent = 0;
  const chunk = Buffer.alloc(1024 * 1024, 7);
  return new Readable({
    read() {
      if (sent >= size) return this.push(null);
      const first = sent === 0 ? Buffer.concat([head, chunk]).subarray(0, Math.min(chunk.length, size)) : chunk.subarray(0, Math.min(chunk.length, size - sent));
      sent += first.length;
      this.push(first);
    },
  });
}

describe.each(databaseAndMedia())('media on $label', ({ database: kind, media: backend }) => {
  let storage: RunningMediaBackend;
  let api: ApiHarness;
  let pay: ReturnType<typeof paymentsClient>;
  let wallet: ReturnType<typeof walletClient>;
  let fan: TestUser;
  let creator: TestUser;
  let eve: TestUser;

  beforeAll(async () => {
    storage = await backend.start();
    api = await startApi(kind, { env: storage.env });
    pay = paymentsClient(api);
    wallet = walletClient(api);
    fan = await createUser(api.fresh.database, api.clock.now());
    creator = await createUser(api.fresh.database, api.clock.now());
    eve = await createUser(api.fresh.database, api.clock.now());
    await fundWallet(api.fresh.database, fan.id, 100_00, api.clock.now());
  });
  afterAll(async () => {
    expect(await auditLedger(api.fresh.database)).toEqual([]);
    await api.close();
    await storage.stop();
  });

  it('photos (JPEG, PNG) and videos (MP4, MOV) are recognised by their bytes, whatever the client claims', async () => {
    const cases = [
      [FILES.jpeg(), 'image/jpeg', 'photo', 'image/jpeg', 'beach.jpg'],
      [FILES.png(), 'image/png', 'photo', 'image/png', 'beach.png'],
      [FILES.mp4(), 'video/mp4', 'video', 'video/mp4', 'clip.mp4'],
      [FILES.mov(), 'video/quicktime', 'video', 'video/quicktime', 'clip.mov'],
      [FILES.png(), 'image/jpeg', 'photo', 'image/png', 'beach.png'], // labelled JPEG, is a PNG
      [FILES.jpeg(), 'application/octet-stream', 'photo', 'image/jpeg', 'beach.jpg'],
    ] as const;
    for (const [bytes, declared, kindOf, stored, name] of cases) {
      const res = await wallet.upload(creator, bytes, declared, name.replace(/\.\w+$/, '.bin'));
      expect(res.statusCode, `${declared} ${res.body}`).toBe(201);
      expect(res.json().media).toMatchObject({ kind: kindOf, contentType: stored, sizeBytes: bytes.length, fileName: name });
      const back = await wallet.media(creator, res.json().media.id);
      expect(back.statusCode).toBe(200);
      expect(back.headers['content-type']).toBe(stored);
      expect(back.headers['x-content-type-options']).toBe('nosniff');
      expect(back.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('anything else → 415, even labelled as a photo; an empty body too', async () => {
    for (const [bytes, type] of [
      [FILES.text(), 'image/jpeg'],
      [Buffer.from('GIF89a-not-accepted'), 'image/png'],
      [Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypM4A '), Buffer.alloc(20)]), 'video/mp4'], // audio
      [Buffer.from([0xff, 0xd8]), 'image/jpeg'], // too short to be anything
    ] as const) {
      const res = await wallet.upload(creator, bytes, type);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ code: 'media_type_unsupported' });
    }
    const json = await api.inject({ method: 'POST', url: `/api/app/user/${creator.id}/media`, headers: { authtoken: creator.token }, payload: { a: 1 } });
    expect(json.statusCode).toBe(415);
  });

  it(`size limits: a photo up to ${PHOTO_MAX_BYTES / 2 ** 20} MB, a video up to ${VIDEO_MAX_BYTES / 2 ** 20} MB; beyond → 413 'The file is too large', nothing kept`, { timeout: 120_000 }, async () => {
    const files = async () => (await storage.stored()).filter((f) => !f.startsWith('.')).length;
    const before = await files();
    const atLimit = await wallet.upload(creator, FILES.jpeg(PHOTO_MAX_BYTES), 'image/jpeg');
    expect(atLimit.statusCode).toBe(201);
    const over = await wallet.upload(creator, FILES.jpeg(PHOTO_MAX_BYTES + 1), 'image/jpeg');
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ code: 'file_too_large', detail: 'The file is too large' });
    expect((await wallet.upload(creator, FILES.png(PHOTO_MAX_BYTES + 1), 'image/png', undefined)).statusCode).toBe(413);
    // A 12 MB video is fine (photo limits do not apply to videos); a video over 100 MB is streamed and cut off.
    expect((await wallet.upload(creator, FILES.mp4(12 * 2 ** 20), 'video/mp4')).statusCode).toBe(201);
    const bigVideo = await wallet.upload(creator, lazyFile(FILES.mp4(12), VIDEO_MAX_BYTES + 1), 'video/mp4');
    expect(bigVideo.statusCode).toBe(413);
    // Announced as too large: refused before a byte is read.
    const announced = await wallet.upload(creator, FILES.mp4(), 'video/mp4', undefined, { 'content-length': String(VIDEO_MAX_BYTES + 1) });
    expect(announced.statusCode).toBe(413);
    expect(await files()).toBe(before + 2);
    expect(await storage.stored()).toHaveLength(before + 2); // no temporary, no object of a refused upload
  });

  it('names are sanitised and never become paths', async () => {
    const res = await wallet.upload(creator, FILES.png(), 'image/png', '../../etc/passwd<script>.png');
    expect(res.statusCode).toBe(201);
    const m = res.json().media;
    expect(m.fileName).toBe('passwd_script_.png');
    // U+0000 is refused in every request string (validation.ts), a name included: nothing is stored.
    const nul = await wallet.upload(creator, FILES.png(), 'image/png', 'a\u0000b.png');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errors[0]).toMatchObject({ field: 'name', code: 'pattern' });
    const [row] = await api.fresh.database.rows<{ storage_key: string }>(sql`SELECT storage_key FROM media WHERE id = ${m.id}`);
    expect(row!.storage_key).toBe(m.id);
    expect((await wallet.upload(creator, FILES.mov(), 'video/quicktime', '')).json().media.fileName).toBe('video.mov');
  });

  it("served to its owner and to the two parties of a payment it was sent on; a third user → 404, another's path → 404", async () => {
    const photo = (await wallet.upload(creator, FILES.jpeg(), 'image/jpeg', 'for-fan.jpg')).json().media.id;
    expect((await wallet.media(fan, photo)).statusCode).toBe(404); // not shared yet
    const p = (await pay.send(fan, { receiverUserId: creator.id, amount: '1.00', paymentMethodId: 'balance' })).json().data[0];
    expect((await pay.message(creator, { paymentId: p.payment_id, message: 'thanks!', messageMediaId: photo })).statusCode).toBe(201);
    const asFan = await wallet.media(fan, photo);
    expect(asFan.statusCode).toBe(200);
    expect(asFan.headers['content-disposition']).toBe("inline; filename*=UTF-8''for-fan.jpg");
    expect(asFan.headers['cache-control']).toBe('private, no-store');
    for (const res of [await wallet.media(eve, photo), await wallet.media(eve, '00000000-0000-4000-8000-000000000000'), await wallet.media(eve, 'x')]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('media_not_found');
    }
    for (const res of [
      await wallet.media(eve, photo, creator),
      await wallet.upload({ ...eve, id: creator.id }, FILES.jpeg(), 'image/jpeg'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
  });

  it('messageMediaId must be the sender’s own upload, and a price point’s promised kind before it claims', async () => {
    const pricePointId = await createPricePoint(api.fresh.database.db, {
      creatorUserId: creator.id,
      priceCents: 5_00,
      description: 'a video shout-out',
      mediaType: 'video',
      now: api.clock.now(),
    });
    const p = (await pay.send(fan, { receiverUserId: creator.id, amount: '5.00', paymentMethodId: 'balance', pricePointId })).json().data[0];
    const fansVideo = (await wallet.upload(fan, FILES.mp4(), 'video/mp4')).json().media.id;
    const creatorsPhoto = (await wallet.upload(creator, FILES.jpeg(), 'image/jpeg')).json().media.id;
    const creatorsVideo = (await wallet.upload(creator, FILES.mov(), 'video/quicktime')).json().media.id;
    const stolen = await pay.message(creator, { paymentId: p.payment_id, message: 'here', messageMediaId: fansVideo });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json()).toMatchObject({ code: 'media_not_found', detail: 'Attach a photo or video you uploaded.' });
    const made_up = await pay.message(creator, { paymentId: p.payment_id, message: 'here', messageMediaId: 'media_42' });
    expect(made_up.json().code).toBe('media_not_found');
    const wrongKind = await pay.message(creator, { paymentId: p.payment_id, message: 'here', messageMediaId: creatorsPhoto });
    expect(wrongKind.statusCode).toBe(422);
    expect(wrongKind.json()).toMatchObject({ code: 'media_type_mismatch', detail: 'This price point promises a video: reply with one.' });
    // The kind is said in the reader's language, not passed in as the API's `video`.
    const inPortuguese = await pay.message(creator, { paymentId: p.payment_id, message: 'aqui', messageMediaId: creatorsPhoto }, undefined, 'pt');
    expect(inPortuguese.json()).toMatchObject({ code: 'media_type_mismatch', detail: 'Este preço promete um vídeo: responda com isso.' });
    const inSpanish = await pay.message(creator, { paymentId: p.payment_id, message: 'aquí', messageMediaId: creatorsPhoto }, undefined, 'es');
    expect(inSpanish.json()).toMatchObject({ code: 'media_type_mismatch', detail: 'Este precio promete un video: responde con eso.' });
    expect((await pay.get(fan, p.payment_id)).json().data[0].payment_status).toBe('new');
    const claim = await pay.message(creator, { paymentId: p.payment_id, message: 'here you go', messageMediaId: creatorsVideo });
    expect(claim.json()).toMatchObject({ payment_triggered: true, message_media_id: creatorsVideo });
    expect((await pay.get(fan, p.payment_id)).json().data[0].payment_status).toBe('complete');
    expect((await wallet.media(fan, creatorsVideo)).statusCode).toBe(200); // the fan now sees what they paid for
  });
});
