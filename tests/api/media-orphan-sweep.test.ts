import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { databaseAndMedia, type RunningMediaBackend } from '../support/media-backends';
import { startApi, type ApiHarness } from '../support/api-app';
import { createUser, type TestUser } from '../support/money';
import { FILES, walletClient } from '../support/wallet-client';
import { sweepMediaOrphans } from '../../server/media/orphan-sweep';

const HOUR = 60 * 60_000;

/**
 * What a crash during an upload leaves behind — bytes stored with no `media` row (the process died between the two),
 * or on disk a temporary it died writing — is removed by the sweep once a day old; a file that a row names never is,
 * and nothing younger than a day is touched (its row may be a moment away).
 */
describe.each(databaseAndMedia())('the media orphan sweep on $label', ({ database: kind, media: backend }) => {
  let storage: RunningMediaBackend;
  let api: ApiHarness;
  let creator: TestUser;

  beforeAll(async () => {
    storage = await backend.start();
    api = await startApi(kind, { env: storage.env });
    creator = await createUser(api.fresh.database, api.clock.now());
  });
  afterAll(async () => {
    await api.close();
    await storage.stop();
  });

  it('removes day-old files no row names, keeps every file a row names and everything younger than a day', async () => {
    const uploaded = await walletClient(api).upload(creator, FILES.jpeg(), 'image/jpeg', 'kept.jpg');
    expect(uploaded.statusCode).toBe(201);
    const before = await storage.stored();
    expect(before).toHaveLength(1);
    const [kept] = before;

    // A crash between the bytes and the row: the bytes are there, no row names them.
    const orphan = randomUUID();
    await storage.storage().save(orphan, Readable.from([Buffer.from('left by a crash')]));
    // On disk, a process that died mid-write leaves its temporary (media-storage.ts names them .upload-<uuid>).
    const temporary = `.upload-${randomUUID()}`;
    if (backend.name === 'disk') writeFileSync(join(storage.env.MEDIA_DIR!, temporary), 'half a file');
    const expectedLeftovers = backend.name === 'disk' ? [orphan, temporary] : [orphan];
    expect((await storage.stored()).sort()).toEqual([kept, ...expectedLeftovers].sort());

    const db = api.fresh.database.db;
    const now = Date.now(); // the files' times are the real clock's (the disk's mtime, the bucket's LastModified)
    // Within the day: nothing is old enough to judge.
    expect(await sweepMediaOrphans({ db, storage: storage.storage(), clock: { now: () => new Date(now + 23 * HOUR) } })).toEqual({ checked: 0, removed: 0 });
    expect((await storage.stored()).sort()).toEqual([kept, ...expectedLeftovers].sort());

    // A day and more later: the leftovers go, the uploaded file stays and is still served.
    const report = await sweepMediaOrphans({ db, storage: storage.storage(), clock: { now: () => new Date(now + 25 * HOUR) } });
    expect(report).toEqual({ checked: 1 + expectedLeftovers.length, removed: expectedLeftovers.length });
    expect(await storage.stored()).toEqual([kept]);
    const served = await walletClient(api).media(creator, uploaded.json().media.id);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(FILES.jpeg())).toBe(true);

    // Again: nothing more to do.
    expect(await sweepMediaOrphans({ db, storage: storage.storage(), clock: { now: () => new Date(now + 26 * HOUR) } })).toEqual({ checked: 1, removed: 0 });
  });
});
