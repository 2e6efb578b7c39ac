import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaBackends, type RunningMediaBackend } from '../../support/media-backends';

/** A stream of `size` bytes made lazily, failing with `error` once `failAt` bytes have gone (as the inspector does). */
function bytes(size: number, failAt?: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (failAt !== undefined && sent >= failAt) return void this.destroy(new Error('refused by the inspector'));
      if (sent >= size) return void this.push(null);
      const n = Math.min(256 * 1024, size - sent);
      sent += n;
      this.push(Buffer.alloc(n, sent % 251));
    },
  });
}

const MiB = 2 ** 20;

describe.each(mediaBackends())('media files on $name', (backend) => {
  let running: RunningMediaBackend;
  beforeAll(async () => {
    running = await backend.start();
  });
  afterAll(async () => running.stop());

  it('a stream refused at its first bytes leaves nothing behind', async () => {
    const storage = running.storage();
    const before = await running.stored();
    // As the upload's inspector does with a file that is not a photo or video: it has failed on the first bytes by
    // the time storage (after its own await) sets up the file to write to.
    const refused = async () => {
      const stream = new Readable({ read() {} });
      stream.on('error', () => {});
      stream.destroy(new Error('refused'));
      await new Promise((resolve) => setImmediate(resolve));
      return stream;
    };
    const saves = Array.from({ length: 20 }, async () => storage.save(randomUUID(), await refused()).then(() => 'saved', () => 'refused'));
    expect(new Set(await Promise.all(saves))).toEqual(new Set(['refused']));
    expect(await running.stored()).toEqual(before);
  });

  it('keeps a file that arrived whole under its key, and nothing else; open gives its size and bytes; remove forgets it', async () => {
    const storage = running.storage();
    const before = await running.stored();
    const key = randomUUID();
    await storage.save(key, Readable.from([Buffer.from('abc'), Buffer.from('def')]));
    expect((await running.stored()).filter((name) => !before.includes(name))).toEqual([key]);
    const file = await storage.open(key);
    expect(file?.size).toBe(6);
    const chunks: Buffer[] = [];
    for await (const chunk of file!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('abcdef');
    await storage.remove(key);
    expect(await storage.open(key)).toBeNull();
    await storage.remove(key); // removing what is gone is no error
    expect(await running.stored()).toEqual(before);
    expect(await storage.open(randomUUID())).toBeNull();
  });

  it('a file larger than one upload part (12 MiB) arrives whole', { timeout: 60_000 }, async () => {
    const storage = running.storage();
    const key = randomUUID();
    await storage.save(key, bytes(12 * MiB));
    expect((await storage.open(key))?.size).toBe(12 * MiB);
    await storage.remove(key);
  });

  it('a stream cut off after several parts were sent (over the size limit) leaves no object under its key', { timeout: 60_000 }, async () => {
    const storage = running.storage();
    const before = await running.stored();
    const key = randomUUID();
    await expect(storage.save(key, bytes(20 * MiB, 11 * MiB))).rejects.toThrow('refused by the inspector');
    expect(await storage.open(key)).toBeNull();
    expect(await running.stored()).toEqual(before);
  });
});
