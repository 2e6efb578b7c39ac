import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { OffsetClock } from '../../server/clock';
import { loadConfig } from '../../server/config';
import { databaseKinds, type FreshDatabase } from '../support/databases';

/**
 * The atlas's screens (docs/flows/screens, issue 27 item 5) are served to the explorer where the explorer is on, and
 * nowhere else: with FLOW_EXPLORER=off their addresses are the app's page like any unknown path.
 */
describe('the flow atlas’s screens over HTTP', () => {
  const webDir = mkdtempSync(join(tmpdir(), 'tipjar-web-'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><html><head><title>Tipjar</title></head><body></body></html>');
  let fresh: FreshDatabase;
  const apps: FastifyInstance[] = [];

  async function serve(flowExplorer: 'on' | 'off') {
    const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', FLOW_EXPLORER: flowExplorer }), database: fresh.database, clock: new OffsetClock(), webDir });
    apps.push(app);
    return app;
  }
  const machine = readdirSync(join('docs', 'flows', 'screens'), { withFileTypes: true }).find((e) => e.isDirectory())!.name;
  const screen = readdirSync(join('docs', 'flows', 'screens', machine))[0]!;

  beforeAll(async () => {
    fresh = await databaseKinds()[0]!.open();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await fresh.dispose();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('explorer on: the index as JSON and each screen as WebP, revalidated on every use', async () => {
    const app = await serve('on');
    const index = await app.inject({ method: 'GET', url: '/flows/screens/index.json' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toContain('application/json');
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(Object.keys(index.json())).toContain(machine);
    const image = await app.inject({ method: 'GET', url: `/flows/screens/${machine}/${screen}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.rawPayload.subarray(8, 12).toString('ascii')).toBe('WEBP');
  });

  it('explorer off: no screen is served', async () => {
    const app = await serve('off');
    const index = await app.inject({ method: 'GET', url: '/flows/screens/index.json' });
    expect(index.headers['content-type']).toContain('text/html');
    const image = await app.inject({ method: 'GET', url: `/flows/screens/${machine}/${screen}` });
    expect(image.headers['content-type']).toContain('text/html');
  });
});
