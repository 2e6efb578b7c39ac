import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { OffsetClock } from '../../server/clock';
import { loadConfig } from '../../server/config';
import { saveBio } from '../../server/creators/profiles';
import { databaseKinds, type FreshDatabase } from '../support/databases';
import { createTestMedia, createUser } from '../support/money';
import { profiles } from '../../server/db/schema/index';

const INDEX = '<!doctype html><html><head><title>Tipjar</title></head><body><script type="module" src="/assets/x.js"></script></body></html>';

/** A shared `{host}/{username}` link previews with the creator's public name and bio, server-rendered and escaped. */
describe.each(databaseKinds())('social preview of a public page on $name', (kind) => {
  const webDir = mkdtempSync(join(tmpdir(), 'creators-web-'));
  writeFileSync(join(webDir, 'index.html'), INDEX);
  let fresh: FreshDatabase;
  let app: FastifyInstance;
  let username: string;

  beforeAll(async () => {
    fresh = await kind.open();
    const clock = new OffsetClock();
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://tipjar.example' }),
      database: fresh.database,
      clock,
      webDir,
    });
    const mia = await createUser(fresh.database, clock.now(), `mia_${Date.now().toString(36)}`);
    username = mia.username;
    await saveBio(fresh.database.db, mia.id, 'Coast photos & "quotes" <script>alert(1)</script>', clock.now());
  });
  afterAll(async () => {
    await app.close();
    await fresh.dispose();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('the page of a creator carries Open Graph and Twitter tags with the public fields, escaped', async () => {
    const res = await app.inject({ method: 'GET', url: `/${username.toUpperCase()}` });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain(`<meta property="og:title" content="Test ${username} (@${username}) · Tipjar" />`);
    expect(html).toContain(`<meta property="og:url" content="https://tipjar.example/${username}" />`);
    expect(html).toContain('<meta property="og:description" content="Coast photos &amp; &quot;quotes&quot; &lt;script>alert(1)&lt;/script>" />');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    // Nothing private, and the injected text never becomes a tag.
    expect(html).not.toContain('@example.com');
    expect(html).not.toContain('<script>alert');
    // Still the app: its script with this response's nonce.
    expect(html).toMatch(/<script nonce="[^"]+" type="module"/);
  });

  it("a creator's avatar is the preview image: the 512 px JPEG at its absolute address; none without one", async () => {
    const noPhoto = await app.inject({ method: 'GET', url: `/${username}` });
    expect(noPhoto.body).not.toContain('og:image');
    const ana = await createUser(fresh.database, new Date(), `ana_${Date.now().toString(36)}`);
    const photo = await createTestMedia(fresh.database, ana.id, 'photo');
    await fresh.database.db.insert(profiles).values({ userId: ana.id, photoMediaId: photo, updatedAt: new Date() });
    const html = (await app.inject({ method: 'GET', url: `/${ana.username}` })).body;
    const image = `https://tipjar.example/api/media/avatar/${ana.id}?k=${photo}&amp;size=512&amp;format=jpeg`;
    expect(html).toContain(`<meta property="og:image" content="${image}" />`);
    expect(html).toContain(`<meta property="og:image:alt" content="Test ${ana.username}" />`);
    expect(html).toContain(`<meta name="twitter:image" content="${image}" />`);
  });

  it('an unknown name and the app own routes get the plain page', async () => {
    for (const path of ['/nobody_here_at_all', '/transactions', '/settings']) {
      const res = await app.inject({ method: 'GET', url: path });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('og:title');
    }
  });
});
