import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { uploadMedia } from '../../../server/media/service';
import type { MediaStorage } from '../../../server/providers/media-storage';
import type { Db } from '../../../server/db/database';
import { PHOTO_MAX_BYTES } from '../../../domain/limits';
import { mediaBackends, type RunningMediaBackend } from '../../support/media-backends';
import { refusal } from '../../support/refusal';

/**
 * A storage that, like the disk one creating its directory, only starts reading after an await: the bytes are
 * refused by the inspector before anyone listens to it. That refusal once surfaced as an uncaught exception (a
 * process-killing 'error' event) instead of a 415.
 */
const slowStorage: MediaStorage = {
  async save(_key, data) {
    await delay(30);
    await pipeline(data, new Writable({ write: (_chunk, _encoding, done) => done() }));
  },
  async open() {
    return null;
  },
  async remove() {},
  async *storedBefore() {},
};

describe('an upload refused before storage starts reading', () => {
  it('is a 415 problem, and nothing is thrown outside the call', async () => {
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.prependListener('uncaughtException', record);
    try {
      const body = Readable.from([Buffer.from('this is plain text, no photo or video')]);
      expect(await refusal(
        uploadMedia({} as Db, slowStorage, { ownerUserId: 'u', body, now: new Date() }),
      )).toMatchObject({ status: 415, code: 'media_type_unsupported' });
      const tiny = Readable.from([Buffer.from('abc')]);
      expect(await refusal(uploadMedia({} as Db, slowStorage, { ownerUserId: 'u', body: tiny, now: new Date() }))).toMatchObject({ status: 415 });
      await delay(50);
      expect(uncaught).toEqual([]);
    } finally {
      process.removeListener('uncaughtException', record);
    }
  });
});

describe.each(mediaBackends())('an upload refused on the real $name storage', (backend) => {
  let running: RunningMediaBackend;
  beforeAll(async () => {
    running = await backend.start();
  });
  afterAll(async () => running.stop());

  it('is a 415 or 413 problem, nothing is thrown outside the call, and nothing is stored', { timeout: 60_000 }, async () => {
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.prependListener('uncaughtException', record);
    try {
      const storage = running.storage();
      const before = await running.stored();
      const text = Readable.from([Buffer.from('this is plain text, no photo or video')]);
      expect(await refusal(uploadMedia({} as Db, storage, { ownerUserId: 'u', body: text, now: new Date() }))).toMatchObject({ status: 415 });
      // A JPEG signature, then more than a photo may hold: cut off while its parts are on their way.
      let sent = 0;
      const tooLarge = new Readable({
        read() {
          if (sent > PHOTO_MAX_BYTES) return void this.push(null);
          const chunk = sent === 0 ? Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(256 * 1024 - 4)]) : Buffer.alloc(256 * 1024, 1);
          sent += chunk.length;
          this.push(chunk);
        },
      });
      expect(await refusal(uploadMedia({} as Db, storage, { ownerUserId: 'u', body: tooLarge, now: new Date() }))).toMatchObject({ status: 413, code: 'file_too_large' });
      await delay(50);
      expect(uncaught).toEqual([]);
      expect(await running.stored()).toEqual(before);
    } finally {
      process.removeListener('uncaughtException', record);
    }
  });
});
