import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { OffsetClock } from '../../server/clock';
import { loadConfig } from '../../server/config';
import { databaseKinds, type FreshDatabase } from '../support/databases';
import { createUser, type TestUser } from '../support/money';
import { contractOperations } from '../support/contract-operations';
import { buildRequest } from '../support/contract-requests';

/**
 * Security headers on every kind of answer the server gives: the page (with a fresh script nonce each time and no
 * inline or eval scripts allowed), static assets, every operation of openapi.yaml (read at run time, success or
 * refusal), and the problems raised before routing. tests/api/spa-widgets.test.ts covers the widget origins.
 */
const INDEX =
  '<!doctype html><html><head><title>Tipjar</title><script type="module" src="/assets/app.js"></script></head>' +
  '<body><div id="root"></div><script>window.boot = 1</script></body></html>';

const operations = await contractOperations();

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** The headers every response carries, page, asset, data or problem alike. */
function expectBaseline(res: LightMyRequestResponse, what: string): void {
  const h = res.headers;
  const hsts = String(h['strict-transport-security'] ?? '');
  expect(Number(/max-age=(\d+)/.exec(hsts)?.[1]), `${what}: HSTS ${hsts}`).toBeGreaterThanOrEqual(31_536_000);
  expect(hsts, what).toContain('includeSubDomains');
  expect(h['x-content-type-options'], what).toBe('nosniff');
  expect(['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'], what).toContain(h['referrer-policy']);
  expect(h['cross-origin-opener-policy'], what).toBe('same-origin');
  expect(h['x-frame-options'], what).toBe('DENY');
  const csp = directives(String(h['content-security-policy'] ?? ''));
  expect(csp.get('frame-ancestors'), `${what}: ${h['content-security-policy']}`).toEqual(["'none'"]);
}

describe('security headers', () => {
  const webDir = mkdtempSync(join(tmpdir(), 'reliability-web-'));
  writeFileSync(join(webDir, 'index.html'), INDEX);
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'assets', 'app.js'), 'export const x = 1;');
  let fresh: FreshDatabase;
  let app: FastifyInstance;
  let user: TestUser;

  beforeAll(async () => {
    fresh = await databaseKinds()[0]!.open();
    app = await buildApp({ config: loadConfig({ NODE_ENV: 'test' }), database: fresh.database, clock: new OffsetClock(), webDir });
    await app.ready();
    user = await createUser(fresh.database, new Date());
  });
  afterAll(async () => {
    await app.close();
    await fresh.dispose();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('the page: CSP with a fresh nonce on every script, no inline or eval scripts allowed, and the baseline', async () => {
    const nonces = new Set<string>();
    for (const url of ['/', '/transactions', '/es/sign-in', '/does/not/exist?x=<script>']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expectBaseline(res, url);
      const csp = directives(String(res.headers['content-security-policy']));
      const scripts = csp.get('script-src') ?? csp.get('default-src')!;
      expect(scripts, url).not.toContain("'unsafe-inline'");
      expect(scripts, url).not.toContain("'unsafe-eval'");
      expect(scripts.some((s) => s.startsWith('http:') || s === '*' || s === 'data:' || s === 'https:'), url).toBe(false);
      const nonce = /^'nonce-([A-Za-z0-9+/=]+)'$/.exec(scripts.find((s) => s.startsWith("'nonce-"))!)![1]!;
      expect(Buffer.from(nonce, 'base64').length, 'nonce bits / 8').toBeGreaterThanOrEqual(16);
      nonces.add(nonce);
      // Every script tag of the page carries this response's nonce, and no other.
      const tags = [...res.body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(tags.length).toBe(2);
      for (const tag of tags) expect(tag, url).toContain(`nonce="${nonce}"`);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect(nonces.size, 'a new nonce per response').toBe(4);
  });

  it('static assets carry the baseline too', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(res.statusCode).toBe(200);
    expectBaseline(res, 'asset');
  });

  it('every operation of the contract, answered or refused, carries the baseline and a CSP that allows nothing', async () => {
    for (const op of operations) {
      for (const plan of [{ token: user.token }, {}]) {
        const res = await app.inject(buildRequest(op, plan, user.id));
        const what = `${op.operationId} ${plan.token ? 'signed in' : 'anonymous'} → ${res.statusCode}`;
        expectBaseline(res, what);
        expect(directives(String(res.headers['content-security-policy'])).get('default-src'), what).toEqual(["'none'"]);
      }
    }
  });

  it('problems raised before any handler (unknown route, undecodable path, malformed JSON) carry the baseline', async () => {
    const cases = [
      { method: 'GET' as const, url: '/api/nowhere' },
      { method: 'GET' as const, url: '/api/app/user/%ZZ/wallet' },
      { method: 'POST' as const, url: '/api/app/user/login/', headers: { 'content-type': 'application/json' }, payload: '{"a":' },
      { method: 'POST' as const, url: '/api/app/user/login/', headers: { 'content-type': 'text/plain' }, payload: 'x' },
    ];
    for (const c of cases) {
      const res = await app.inject(c);
      expect(res.statusCode, c.url).toBeGreaterThanOrEqual(400);
      expect(res.headers['content-type'], c.url).toContain('application/problem+json');
      expectBaseline(res, `${c.method} ${c.url}`);
    }
  });
});
