import { existsSync, readFileSync } from 'node:fs';
import { encodeUserCookieValue } from '../../domain/user-cookie';
import { USER_COOKIE } from '../../domain/product';
import { firstViewReads } from '../../domain/first-view-reads';
import { mainHeading, signInAs, text } from './support/app';
import { expect, test } from './support/test';

/**
 * Issue 11: the HTML the server sends names the page's chunks and strings (server/web/route-preloads.ts), so the
 * browser fetches them with the entry instead of in waves after it. Checked on the real server and build: the links
 * of a visitor's landing and sign-in and of a signed-in user's home, that each names a file of dist/web, and that a
 * page load fetches every preloaded file once (a preload the page then fetched again would cost twice).
 */
const dist = new URL('../../dist/web/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8')) as Record<string, { file: string }>;
const fileOf = (source: string) => `/${manifest[source]!.file}`;

const links = (html: string, rel: string) =>
  [...html.matchAll(/<link rel="([^"]+)"(?: as="fetch")? crossorigin href="([^"]+)" \/>/g)]
    .filter((m) => m[1] === rel)
    .map((m) => m[2]!.replaceAll('&amp;', '&'));

const signedInCookie = `${USER_COOKIE}=${encodeUserCookieValue({
  userId: '00000000-0000-4000-8000-000000000001',
  email: 'preload@example.test',
  accountStatus: 'active',
  emailStatus: 'verified',
  username: 'preloader',
  country: 'US',
  fullName: 'Pre Loader',
})}`;

test('the landing, sign-in and a signed-in home name their chunks and strings, every one a file of the build', async ({
  request,
}) => {
  const landing = await (await request.get('/', { headers: { 'accept-language': 'es-419,es;q=0.9,en;q=0.5' } })).text();
  expect(links(landing, 'modulepreload')).toEqual(
    expect.arrayContaining([fileOf('src/layouts/public/public-layout.tsx'), fileOf('src/features/landing/landing-page.tsx')]),
  );
  expect(links(landing, 'modulepreload')).not.toContain(fileOf('src/app/runtime/start-runtime.ts'));
  expect(links(landing, 'preload')).toEqual(['common', 'errors', 'marketing'].map((ns) => fileOf(`locales/es/${ns}.json`)));

  const signIn = await (await request.get('/sign-in', { headers: { 'accept-language': 'pt-BR' } })).text();
  expect(links(signIn, 'modulepreload')).toEqual(
    expect.arrayContaining(
      ['src/layouts/auth/auth-layout.tsx', 'src/features/auth/sign-in-page.tsx'].map(fileOf),
    ),
  );
  // The sign-in form comes rendered by the server and needs the runtime only when sent: it loads when the page is idle.
  expect(links(signIn, 'modulepreload')).not.toContain(fileOf('src/app/runtime/start-runtime.ts'));
  expect(links(signIn, 'preload')).toEqual(expect.arrayContaining([fileOf('locales/pt/common.json'), fileOf('locales/pt/errors.json')]));

  const home = await (await request.get('/', { headers: { cookie: signedInCookie } })).text();
  const homeModules = links(home, 'modulepreload');
  expect(homeModules).toEqual(
    expect.arrayContaining(
      [
        'src/app/runtime/start-runtime.ts',
        'src/app/router/signed-in-routes.ts',
        'src/app/providers/session-calls.ts',
        'src/layouts/app-shell/app-shell.tsx',
        'src/features/home/home-page.tsx',
      ].map(fileOf),
    ),
  );
  expect(homeModules).not.toContain(fileOf('src/features/landing/landing-page.tsx'));
  // In the order they are needed, as the browser starts them six at a time: what home's first calls wait for (the
  // runtime, the table and the prefetch's chunk), then the strings, then the shell's and the page's own chunks.
  const at = (href: string) => home.indexOf(`href="${href.replaceAll('&', '&amp;')}"`);
  const calls = ['src/app/runtime/start-runtime.ts', 'src/app/router/signed-in-routes.ts', 'src/features/home/home-data.ts'].map(fileOf);
  const ui = ['src/layouts/app-shell/app-shell.tsx', 'src/features/home/home-page.tsx'].map(fileOf);
  for (const first of calls) {
    expect(at(first), first).toBeGreaterThan(0);
    for (const later of [fileOf('locales/en/common.json'), ...ui]) expect(at(first), `${first} before ${later}`).toBeLessThan(at(later));
  }
  for (const later of ui) expect(at(fileOf('locales/en/activity.json'))).toBeLessThan(at(later));
  expect(links(home, 'preload')).toEqual(expect.arrayContaining([fileOf('locales/en/common.json')]));
  // Home's API reads too (domain/first-view-reads.ts), ahead of every file: a few small answers that would otherwise
  // wait for a free connection behind the scripts. A visitor's pages name none.
  const reads = firstViewReads('/', '00000000-0000-4000-8000-000000000001', 'en');
  const data = links(home, 'preload').filter((href) => href.startsWith('/api/'));
  expect(data).toEqual(reads);
  for (const later of [...calls, fileOf('locales/en/common.json')]) expect(at(reads.at(-1)!)).toBeLessThan(at(later));
  expect([landing, signIn].flatMap((html) => links(html, 'preload')).filter((href) => href.startsWith('/api/'))).toEqual([]);

  const files = [landing, signIn, home].flatMap((html) => [...links(html, 'modulepreload'), ...links(html, 'preload')]);
  for (const href of files.filter((file) => !file.startsWith('/api/'))) {
    expect(existsSync(new URL(`.${href}`, dist)), `${href} is in dist/web`).toBe(true);
  }
});

test('a signed-in home asks for each of its preloaded API reads once: the app takes the preloaded answers', async ({
  page,
  context,
}) => {
  const account = await signInAs(context);
  const fetched = new Map<string, number>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) fetched.set(`${url.pathname}${url.search}`, (fetched.get(`${url.pathname}${url.search}`) ?? 0) + 1);
  });
  const response = await page.goto('/');
  const html = await response!.text();
  const reads = firstViewReads('/', account.user.userId, 'en');
  expect(links(html, 'preload').filter((href) => href.startsWith('/api/'))).toEqual(reads);
  await expect(page.getByRole('heading', { name: text('en', 'activity', 'home.addMoney.title') })).toBeVisible();
  await page.waitForLoadState('networkidle');
  for (const url of reads) expect(fetched.get(url), url).toBe(1);
});

test('a page load fetches each preloaded chunk and string file once, under the page’s CSP', async ({ page }) => {
  const fetched = new Map<string, number>();
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/assets/')) fetched.set(path, (fetched.get(path) ?? 0) + 1);
  });
  const response = await page.goto('/sign-in');
  const html = await response!.text();
  await expect(mainHeading(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  const preloaded = [...links(html, 'modulepreload'), ...links(html, 'preload')];
  expect(preloaded.length).toBeGreaterThan(3);
  for (const href of preloaded) expect(fetched.get(href), href).toBe(1);
});
