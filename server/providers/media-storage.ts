import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/**
 * Where uploaded photos and videos live (design.md §5, "media hosting"). Keys are made by the server (a random
 * UUID, checked against MEDIA_KEY_PATTERN before any file system call); a client never names a path. What the
 * bytes are is recorded in the database, not in the name.
 */
export interface MediaStorage {
  /** Writes the stream under `key`; nothing is visible under the key unless the whole stream was written. */
  save(key: string, data: Readable): Promise<void>;
  /** The bytes under `key`, or null. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
  /**
   * Every key stored before `cutoff` (server/media/orphan-sweep.ts reads it to find files nothing refers to). A
   * storage may also yield what a process that died mid-write left behind, under a name `remove` accepts.
   */
  storedBefore(cutoff: Date): AsyncIterable<string>;
}

/** What a storage key may look like: a lower-case UUID, nothing else (no separators, no dots). */
export const MEDIA_KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function checkKey(key: string): string {
  if (!MEDIA_KEY_PATTERN.test(key)) throw new Error(`not a media storage key: ${JSON.stringify(key)}`);
  return key;
}

/** A file being written (`save`), renamed to its key when whole; one left behind means its process died mid-write. */
const TEMPORARY_PREFIX = '.upload-';
const isTemporary = (name: string) => name.startsWith(TEMPORARY_PREFIX) && MEDIA_KEY_PATTERN.test(name.slice(TEMPORARY_PREFIX.length));

/** Files in one directory (MEDIA_DIR, default DATA_DIR/media): written to a temporary name, then renamed. */
export class LocalDiskMediaStorage implements MediaStorage {
  private ready: Promise<unknown> | null = null;

  constructor(readonly root: string) {}

  private ensureRoot() {
    this.ready ??= mkdir(this.root, { recursive: true, mode: 0o700 });
    return this.ready;
  }

  async save(key: string, data: Readable): Promise<void> {
    const final = join(this.root, checkKey(key));
    await this.ensureRoot();
    const temporary = join(this.root, `${TEMPORARY_PREFIX}${randomUUID()}`);
    const file = createWriteStream(temporary, { flags: 'wx', mode: 0o600 });
    try {
      await pipeline(data, file);
      await rename(temporary, final);
    } catch (error) {
      // A stream refused at its first bytes fails the pipeline before the file's open() has returned: removing it
      // then found nothing, and the open created it a moment later (an empty temporary left behind, seen under load).
      if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()));
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async open(key: string): Promise<{ stream: Readable; size: number } | null> {
    const path = join(this.root, checkKey(key));
    try {
      const info = await stat(path);
      return { stream: createReadStream(path), size: info.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(join(this.root, isTemporary(key) ? key : checkKey(key)), { force: true });
  }

  async *storedBefore(cutoff: Date): AsyncIterable<string> {
    let names: string[];
    try {
      names = await readdir(this.root);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const name of names) {
      if (!MEDIA_KEY_PATTERN.test(name) && !isTemporary(name)) continue; // not ours: never touched
      const info = await stat(join(this.root, name)).catch(() => null);
      if (info && info.mtime < cutoff) yield name;
    }
  }
}
