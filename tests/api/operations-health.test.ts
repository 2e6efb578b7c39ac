import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { sql } from 'drizzle-orm';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';
import { readMigrations } from '../../server/db/migrate';
import { renderApiReference } from '../../server/http/api-reference';

describe.each(databaseKinds())('health probes on $name', (kind) => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi(kind);
  });
  afterAll(() => api.close());

  it('live and ready answer 200 with the version when the database is migrated', async () => {
    for (const url of ['/api/health/live', '/api/health/ready']) {
      const res = await api.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', version: '1.0.2' });
    }
  });

  it('ready is a 503 problem while a migration of this version is missing; live stays 200', async () => {
    const last = readMigrations().at(-1)!;
    const [row] = await api.fresh.database.rows<{ checksum: string }>(sql`SELECT checksum FROM schema_migrations WHERE version = ${last.version}`);
    await api.fresh.database.rows(sql`DELETE FROM schema_migrations WHERE version = ${last.version}`);
    try {
      const res = await api.inject({ method: 'GET', url: '/api/health/ready?lang=es' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({
        status: 503,
        code: 'migrations_pending',
        detail: 'El servicio está esperando a que se actualice su base de datos.',
      });
      expect((await api.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await api.fresh.database.rows(sql`INSERT INTO schema_migrations (version, checksum) VALUES (${last.version}, ${row!.checksum})`);
    }
    expect((await api.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('the OpenAPI document is served as JSON, equal to openapi.yaml', async () => {
    const res = await api.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual(parse(readFileSync('openapi/openapi.yaml', 'utf8')));
  });

  it('the reference page lists every operation and schema, loads nothing external and allows only its nonce’d style', async () => {
    const res = await api.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    const doc = parse(readFileSync('openapi/openapi.yaml', 'utf8')) as {
      paths: Record<string, Record<string, { operationId: string }>>;
      components: { schemas: Record<string, unknown> };
    };
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const op of Object.values(item)) {
        expect(html).toContain(`id="op-${op.operationId}"`);
        expect(html).toContain(`<code>/api${path}</code>`);
      }
    }
    for (const name of Object.keys(doc.components.schemas)) expect(html).toContain(`id="schema-${name}"`);
    // Every cross-reference resolves to a section of the page.
    for (const [, target] of html.matchAll(/href="#([^"]+)"/g)) expect(html).toContain(`id="${target}"`);
    expect(html).not.toMatch(/<script|<link|src=|https?:\/\/(?!tipjar\.example)/);
    const csp = String(res.headers['content-security-policy']);
    const nonce = /style-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(csp).toMatch(/^default-src 'none';/);
    expect(html).toContain(`<style nonce="${nonce}">`);
    // A fresh nonce per response.
    const again = await api.inject({ method: 'GET', url: '/api/docs' });
    expect(again.headers['content-security-policy']).not.toBe(csp);
  });
});

describe('the reference renderer', () => {
  it('escapes the document’s text instead of interpreting it', () => {
    const html = renderApiReference(
      {
        info: { title: 'T', version: '1', description: 'Use `a<b>` & <script>x()</script>' },
        paths: { '/x': { get: { operationId: 'x', summary: '<img src=y>', responses: { '200': { description: '"quoted" <b>' } } } } },
      },
      'n0nce',
    );
    expect(html).toContain('<code>a&lt;b&gt;</code> &amp; &lt;script&gt;x()&lt;/script&gt;');
    expect(html).toContain('&lt;img src=y&gt;');
    expect(html).toContain('&quot;quoted&quot; &lt;b&gt;');
    expect(html).not.toMatch(/<script|<img|<b>/);
  });
});

describe('readiness without a database', () => {
  it('is a 503 database_unreachable problem once the database is gone', async () => {
    const api = await startApi(databaseKinds()[0]!);
    await api.fresh.database.close();
    const res = await api.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'database_unreachable', detail: 'The service cannot reach its database right now.' });
    expect((await api.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    await api.app.close();
  });
});
