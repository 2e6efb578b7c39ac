import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { databaseKinds } from '../support/databases';
import { startApi, type ApiHarness } from '../support/api-app';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

describe.each(databaseKinds())('foundation API on $name', (kind) => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi(kind);
  });
  afterAll(() => api.close());

  it('GET /api/app/version answers the package version', async () => {
    const res = await api.inject({ method: 'GET', url: '/api/app/version?lang=en' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ version: pkg.version });
    expect(pkg.version).toBe('1.0.2');
  });

  it('an unknown /api/ path is a localised 404 problem', async () => {
    const expected = {
      en: 'There is no API route GET /api/nowhere.',
      es: 'No existe la ruta de la API GET /api/nowhere.',
      pt: 'Não existe a rota da API GET /api/nowhere.',
    };
    for (const [lang, detail] of Object.entries(expected)) {
      const res = await api.inject({ method: 'GET', url: `/api/nowhere?lang=${lang}` });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ status: 404, code: 'route_not_found', title: 'Not Found', detail });
    }
  });

  it('an unsupported lang is refused naming the field; Accept-Language picks the detail language', async () => {
    const res = await api.inject({ method: 'GET', url: '/api/app/version?lang=fr', headers: { 'accept-language': 'pt-BR,pt;q=0.9' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', detail: 'lang: Deve ser um de: en, es, pt' });
  });

  it('sends strict security headers on API answers', async () => {
    const res = await api.inject({ method: 'GET', url: '/api/app/version' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('a non-API path without a built web app is a 404 problem, never a stack trace', async () => {
    const res = await api.inject({ method: 'GET', url: '/transactions' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });
});
