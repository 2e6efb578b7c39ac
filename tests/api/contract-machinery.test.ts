import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { join } from 'node:path';
import { loadOpenApiDocument } from '../../server/http/openapi-document';
import { registerOperations } from '../../server/http/operations';
import { registerErrorHandling } from '../../server/http/error-handler';
import { DomainError } from '../../server/problems/domain-error';
import { createTranslator } from '../../server/i18n/translator';

const fixture = join(import.meta.dirname, 'fixtures', 'echo-contract.yaml');

describe('contract machinery: every request and response checked against the document', () => {
  let app: FastifyInstance;

  const echo = async (request: FastifyRequest) => {
    const body = request.body as { amount: string; misbehave?: string };
    const { itemId } = request.params as { itemId: string };
    if (body.misbehave === 'off-contract') return { itemId, amount: Number(body.amount) };
    if (body.misbehave === 'throw') throw new Error('secret internal detail at /srv/app.ts:12');
    if (body.misbehave === 'unlisted-refusal') throw new DomainError('clock_fixed');
    return { itemId, amount: body.amount };
  };
  const appWith = async (strictProblems: boolean) => {
    const instance = Fastify({ bodyLimit: 1024 });
    registerErrorHandling(instance, await createTranslator(), { strictProblems });
    registerOperations(instance, await loadOpenApiDocument(fixture), { echo });
    await instance.ready();
    return instance;
  };

  beforeAll(async () => {
    app = await appWith(true);
  });
  afterAll(() => app.close());

  const post = (body: unknown, { path = '/api/echo/abc', lang = 'en', type = 'application/json' } = {}) =>
    app.inject({
      method: 'POST',
      url: `${path}?lang=${lang}`,
      headers: { 'content-type': type },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it('passes a valid request to the handler', async () => {
    const res = await post({ amount: '12.50' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ itemId: 'abc', amount: '12.50' });
  });

  it('names the missing field, in the caller language', async () => {
    for (const [lang, message] of [
      ['en', 'Required field'],
      ['es', 'Campo obligatorio'],
      ['pt', 'Campo obrigatório'],
    ] as const) {
      const res = await post({ note: 'hi' }, { lang });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      const problem = res.json();
      expect(problem).toMatchObject({ status: 400, code: 'validation_failed', detail: `amount: ${message}` });
      expect(problem.errors).toEqual([{ field: 'amount', code: 'required', message }]);
      // Sent empty (or as spaces) is left empty too: the same words, not the pattern's (issue 22.10).
      for (const amount of ['', '  ']) {
        const empty = await post({ amount }, { lang });
        expect(empty.statusCode).toBe(400);
        expect(empty.json().errors).toEqual([{ field: 'amount', code: 'required', message }]);
      }
    }
  });

  it('refuses wrong types, bad formats, unknown fields and bad path parameters without coercing', async () => {
    const cases: [unknown, string, string][] = [
      [{ amount: 12.5 }, 'amount', 'type'],
      [{ amount: '1,000.00' }, 'amount', 'pattern'],
      [{ amount: '1', note: 'x'.repeat(11) }, 'note', 'maxLength'],
      [{ amount: '1', admin: true }, 'admin', 'additionalProperties'],
    ];
    for (const [body, field, code] of cases) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ field, code });
    }
    const badPath = await post({ amount: '1' }, { path: '/api/echo/NOT-VALID' });
    expect(badPath.statusCode).toBe(400);
    expect(badPath.json().errors[0].field).toBe('itemId');
  });

  it('refuses U+0000 in any string (PostgreSQL text cannot hold it) as a 400 on that field, before the handler', async () => {
    const res = await post({ amount: '1', note: 'a\u0000b' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
    expect(res.json().errors).toEqual([{ field: 'note', code: 'pattern', message: expect.any(String) }]);
    expect((await post({ amount: '1', note: 'ab' })).statusCode).toBe(200);
  });

  it('answers malformed JSON, empty bodies, huge bodies and other content types with problems', async () => {
    const malformed = await post('{"amount": "1"');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'malformed_json', detail: 'The request body is not valid JSON.' });
    const huge = await post({ amount: '1', note: 'x'.repeat(5000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('payload_too_large');
    const text = await post('amount=1', { type: 'text/plain' });
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe('unsupported_media_type');
  });

  it('turns an off-contract response or a thrown error into a 500 problem with no internals', async () => {
    for (const misbehave of ['off-contract', 'throw']) {
      const res = await post({ amount: '1', misbehave });
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ code: 'internal', status: 500 });
      expect(res.body).not.toMatch(/secret|\/srv|stack|at /);
    }
  });

  it('holds refusals to the codes the operation lists: an unlisted one is a 500 outside production, sent as it is in production', async () => {
    const strict = await post({ amount: '1', misbehave: 'unlisted-refusal' });
    expect(strict.statusCode).toBe(500);
    expect(strict.json()).toMatchObject({ code: 'internal', status: 500 });
    const lenient = await appWith(false);
    try {
      const res = await lenient.inject({
        method: 'POST',
        url: '/api/echo/abc?lang=en',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ amount: '1', misbehave: 'unlisted-refusal' }),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'clock_fixed', status: 409 });
    } finally {
      await lenient.close();
    }
  });

  it('refuses to start when a handler is missing or an extra one exists', async () => {
    const doc = await loadOpenApiDocument(fixture);
    expect(() => registerOperations(Fastify(), doc, {})).toThrow(/Without a handler: echo/);
    expect(() =>
      registerOperations(Fastify(), doc, { echo: async () => ({}), ghost: async () => ({}) }),
    ).toThrow(/not in the document: ghost/);
  });
});
