import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { OffsetClock } from '../../server/clock';
import { loadConfig } from '../../server/config';
import { databaseKinds, type FreshDatabase } from '../support/databases';

/**
 * The page the server sends: with no widget configured it names none and its CSP allows none; configured, the
 * page carries each script's URL in a <meta> and the same response's CSP allows exactly those origins.
 */
const INDEX = '<!doctype html><html><head><title>Tipjar</title></head><body><script type="module" src="/assets/x.js"></script></body></html>';

describe('the served page and the widget configuration', () => {
  const webDir = mkdtempSync(join(tmpdir(), 'tipjar-web-'));
  writeFileSync(join(webDir, 'index.html'), INDEX);
  let fresh: FreshDatabase;
  const apps: FastifyInstance[] = [];

  async function serve(env: Record<string, string>) {
    const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', ...env }), database: fresh.database, clock: new OffsetClock(), webDir });
    apps.push(app);
    return app.inject({ method: 'GET', url: '/transactions' });
  }

  beforeAll(async () => {
    fresh = await databaseKinds()[0]!.open();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await fresh.dispose();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('unset: no widget tags, and the CSP allows only the site', async () => {
    const res = await serve({});
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('tipjar-chat-widget');
    expect(res.body).not.toContain('tipjar-session-recording');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+';/);
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toContain('frame-src');
  });

  it('set: each URL in its <meta> and its origin in the same response’s CSP', async () => {
    const res = await serve({
      CHAT_WIDGET_URL: 'https://chat.vendor.example/loader.js?key=a&b="c"',
      SESSION_RECORDING_URL: 'https://cdn.recorder.example/r.js',
    });
    expect(res.body).toContain(
      '<meta name="tipjar-chat-widget" content="https://chat.vendor.example/loader.js?key=a&amp;b=%22c%22" />',
    );
    expect(res.body).toContain('<meta name="tipjar-session-recording" content="https://cdn.recorder.example/r.js" />');
    expect(res.body.indexOf('tipjar-chat-widget')).toBeLessThan(res.body.indexOf('</head>'));
    const csp = res.headers['content-security-policy'] as string;
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    expect(csp).toContain(`script-src 'self' 'nonce-${nonce}' https://chat.vendor.example https://cdn.recorder.example;`);
    expect(csp).toContain("connect-src 'self' https://chat.vendor.example https://cdn.recorder.example;");
    expect(csp).toContain('frame-src https://chat.vendor.example;');
    // The app's own script still carries the response's nonce.
    expect(res.body).toContain(`<script nonce="${nonce}" type="module"`);
  });
});
