import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LocalDiskMediaStorage } from '../../../server/providers/media-storage';

describe('media files on local disk', () => {
  it('a stream refused at its first bytes leaves no temporary file behind', async () => {
    const root = mkdtempSync(join(tmpdir(), 'tipjar-media-'));
    const storage = new LocalDiskMediaStorage(root);
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
    expect(readdirSync(root)).toEqual([]);
  });

  it('keeps a file that arrived whole under its key, and nothing else', async () => {
    const root = mkdtempSync(join(tmpdir(), 'tipjar-media-'));
    const storage = new LocalDiskMediaStorage(root);
    const key = randomUUID();
    await storage.save(key, Readable.from([Buffer.from('abc'), Buffer.from('def')]));
    expect(readdirSync(root)).toEqual([key]);
    expect((await storage.open(key))?.size).toBe(6);
  });
});
