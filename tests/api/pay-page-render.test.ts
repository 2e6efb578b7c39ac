import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { OffsetClock } from '../../server/clock';
import { loadConfig } from '../../server/config';
import { saveBio } from '../../server/creators/profiles';
import { PUBLIC_PROFILE_DATA_ID } from '../../domain/embedded-data';
import { USER_COOKIE } from '../../domain/product';
import { encodeUserCookieValue } from '../../domain/user-cookie';
import { databaseKinds, type FreshDatabase } from '../support/databases';
import { createUser } from '../support/money';

const INDEX =
  '<!doctype html><html lang="en"><head><title>Tipjar</title></head><body><div id="root"></div><script type="module" src="/assets/x.js"></script></body></html>';

/**
 * The build's server render (dist/ssr/render-page.js) stood in for by a module that writes what it was given: the
 * server's part is checked here (which profile, language and origin it renders with, what it embeds, its headers),
 * the real page's HTML by tests/e2e/pay-page-prerendered.spec.ts on the real build.
 */
const RENDER_MODULE = `
const esc = (v) => String(v).replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
export const isPublicPagePath = () => false;
export const isSignedInPagePath = () => false;
export const renderPublicPage = async () => null;
export const renderSignedInPage = async () => null;
export async function renderProfilePage(path, language, profile, origin) {
  globalThis.payPageRenders = (globalThis.payPageRenders ?? 0) + 1;
  return {
    html: '<main data-language="' + language + '" data-origin="' + esc(origin) + '"><h1>' + esc(profile.full_name) + '</h1><p>@' + esc(profile.username) + '</p><p>' + esc(profile.profile.bio_message) + '</p></main>',
    title: 'Pay ' + profile.full_name,
    description: null,
  };
}
`;

const renders = () => (globalThis as { payPageRenders?: number }).payPageRenders ?? 0;

/** The JSON the page embeds for the app, read back as the browser reads it (textContent, then JSON.parse). */
function embedded(html: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${PUBLIC_PROFILE_DATA_ID}">([^<]*)</script>`).exec(html);
  return match ? JSON.parse(match[1]!) : null;
}

/** #root's attributes and content (the stand-in render writes no <div>). */
const rootOf = (html: string) => /<div id="root"([^>]*)>([\s\S]*?)<\/div>/.exec(html);

/** Issue 23 item 2: GET /{username} renders the creator's pay page with their public profile and embeds it. */
describe.each(databaseKinds())('the pay page rendered by the server on $name', (kind) => {
  const dir = mkdtempSync(join(tmpdir(), 'pay-page-'));
  const webDir = join(dir, 'web');
  mkdirSync(webDir);
  mkdirSync(join(dir, 'ssr'));
  writeFileSync(join(webDir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'ssr', 'render-page.js'), RENDER_MODULE);
  let fresh: FreshDatabase;
  let app: FastifyInstance;
  let mia: Awaited<ReturnType<typeof createUser>>;
  const clock = new OffsetClock();

  beforeAll(async () => {
    fresh = await kind.open();
    app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://tipjar.example' }), database: fresh.database, clock, webDir });
    mia = await createUser(fresh.database, clock.now(), `mia_${Date.now().toString(36)}`);
    await saveBio(fresh.database.db, mia.id, 'Coast photos </script><script>alert(1)</script> & <!-- more', clock.now());
  });
  afterAll(async () => {
    await app.close();
    await fresh.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it("a visitor gets the page rendered with the creator's public profile, which it also embeds for the app", async () => {
    const res = await app.inject({ method: 'GET', url: `/${mia.username}`, headers: { host: 'pay.example:8443' } });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    const root = rootOf(html);
    expect(root?.[1]).toBe(' data-prerendered="en"');
    expect(root?.[2]).toContain(`<h1>Test ${mia.username}</h1>`);
    expect(root?.[2]).toContain(`<p>@${mia.username}</p>`);
    // The page shows and shares its own address: the one the request came to.
    expect(root?.[2]).toContain('data-origin="http://pay.example:8443"');
    expect(html).toContain(`<title>Pay Test ${mia.username}</title>`);
    // The data is exactly the getPublicProfile operation's answer (the same server function), and nothing in the
    // bio can end the element or open a script: the only scripts are the app's, by nonce, and this data block.
    const api = await app.inject({ method: 'GET', url: `/api/app/public/profile/${mia.username}` });
    expect(api.statusCode).toBe(200);
    expect(embedded(html)).toEqual(api.json());
    expect(html).not.toContain('<script>alert');
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).toMatch(/<script nonce="[^"]+" type="module"/);
    // The Content-Security-Policy is the other pages': scripts by nonce only, no inline script allowed.
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // The same for every visitor with the same cookies, asked again each time: never a shared copy of another's.
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers.vary)).toContain('Cookie');
  });

  it('in the language the request asks for, and rendered again only when the profile changes', async () => {
    const before = renders();
    const pt = await app.inject({ method: 'GET', url: `/${mia.username}`, headers: { 'accept-language': 'pt-BR,pt;q=0.9', host: 'pay.example' } });
    expect(pt.body).toContain('<html lang="pt">');
    expect(rootOf(pt.body)?.[1]).toBe(' data-prerendered="pt"');
    expect(rootOf(pt.body)?.[2]).toContain('data-language="pt"');
    await app.inject({ method: 'GET', url: `/${mia.username}`, headers: { 'accept-language': 'pt-BR,pt;q=0.9', host: 'pay.example' } });
    expect(renders()).toBe(before + 1);
    await saveBio(fresh.database.db, mia.id, 'New bio', clock.now());
    const changed = await app.inject({ method: 'GET', url: `/${mia.username}`, headers: { 'accept-language': 'pt-BR,pt;q=0.9', host: 'pay.example' } });
    expect(renders()).toBe(before + 2);
    expect(rootOf(changed.body)?.[2]).toContain('<p>New bio</p>');
    expect((embedded(changed.body) as { profile: { bio_message: string } }).profile.bio_message).toBe('New bio');
  });

  it('a signed-in user gets the profile embedded, and the page is rendered by their app (their shell around it)', async () => {
    const cookie = `${USER_COOKIE}=${encodeUserCookieValue({
      userId: mia.id,
      email: `${mia.username}@example.com`,
      accountStatus: 'active',
      emailStatus: 'verified',
      username: mia.username,
      country: 'US',
      fullName: `Test ${mia.username}`,
    })}`;
    const res = await app.inject({ method: 'GET', url: `/${mia.username}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect((embedded(res.body) as { username: string }).username).toBe(mia.username);
  });

  it('an address with a query is rendered by the app (it reads the query), with the profile embedded', async () => {
    const res = await app.inject({ method: 'GET', url: `/${mia.username}?amount=5` });
    expect(res.body).toContain('<div id="root"></div>');
    expect((embedded(res.body) as { username: string }).username).toBe(mia.username);
  });

  it('an unknown name is the app as before (its router shows the 404), with nothing embedded; the API says 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/nobody_here_at_all' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(embedded(res.body)).toBeNull();
    const api = await app.inject({ method: 'GET', url: '/api/app/public/profile/nobody_here_at_all' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'profile_not_found' });
  });
});
