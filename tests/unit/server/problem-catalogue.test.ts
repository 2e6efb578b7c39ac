import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../domain/product';
import type { ProblemCode } from '../../../domain/problem-code';
import { localesDir, openapiPath } from '../../../server/paths';
import { PROBLEMS } from '../../../server/problems/catalogue';
import { DomainError } from '../../../server/problems/domain-error';
import { renderProblem } from '../../../server/problems/render';
import { createTranslator } from '../../../server/i18n/translator';
import { HTTP_METHODS, loadOpenApiDocument, type Operation } from '../../../server/http/openapi-document';
import { problemCodesOf } from '../../../server/http/problem-contract';

/**
 * The one mapping from a refusal's code to its HTTP status and message (server/problems/catalogue.ts), held to the
 * contract and to the locale files: expectations come from openapi/openapi.yaml and locales/, never from the mapping.
 */
type Said = { status: number; message: string };
type Entry = Said & { variants?: Record<string, Said> };
const entries = Object.entries(PROBLEMS) as [ProblemCode, Entry][];
const sayings = entries.flatMap(([code, entry]) => [
  { code, name: code, ...entry },
  ...Object.entries(entry.variants ?? {}).map(([variant, said]) => ({ code, name: `${code} (${variant})`, ...said })),
]);

const contractCodes = (): string[] => {
  const document = parse(readFileSync(openapiPath, 'utf8')) as { components: { schemas: { ProblemCode: { enum: string[] } } } };
  return document.components.schemas.ProblemCode.enum;
};

function localeText(locale: string, key: string): string | undefined {
  const [namespace, path] = key.includes(':') ? key.split(':') : ['errors', key];
  let node: unknown = JSON.parse(readFileSync(join(localesDir, locale, `${namespace}.json`), 'utf8'));
  for (const part of path!.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : undefined;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

describe('the problem mapping', () => {
  it('has exactly the codes of the contract’s ProblemCode enum', () => {
    expect(entries.map(([code]) => code).sort()).toEqual([...contractCodes()].sort());
  });

  it('gives every code (and every other way of saying one) a 4xx or 5xx status', () => {
    for (const saying of sayings) expect(saying.status, saying.name).toBeGreaterThanOrEqual(400);
    for (const saying of sayings) expect(saying.status, saying.name).toBeLessThan(600);
  });

  it('titles every refusal with its status’s reason phrase from RFC 9110, never a bare "Error"', async () => {
    // RFC 9110 section 15, for the statuses the catalogue answers with.
    const reasonPhrases: Record<number, string> = {
      400: 'Bad Request', 401: 'Unauthorized', 402: 'Payment Required', 403: 'Forbidden', 404: 'Not Found',
      406: 'Not Acceptable', 409: 'Conflict', 410: 'Gone', 413: 'Content Too Large', 415: 'Unsupported Media Type',
      422: 'Unprocessable Content', 429: 'Too Many Requests', 500: 'Internal Server Error', 503: 'Service Unavailable',
    };
    const translator = await createTranslator();
    for (const saying of sayings) {
      const body = renderProblem(new DomainError(saying.code), 'en', undefined, translator, saying.status);
      expect(body.title, saying.name).toBe(reasonPhrases[saying.status]);
    }
  });

  for (const locale of LOCALES) {
    it(`has a message for every code in ${locale}, with the English placeholders`, () => {
      for (const saying of sayings) {
        const text = localeText(locale, saying.message);
        expect(text?.trim(), `${locale} ${saying.name}: ${saying.message}`).toBeTruthy();
        expect(placeholders(text ?? ''), `${locale} ${saying.name}`).toEqual(placeholders(localeText('en', saying.message) ?? ''));
      }
    });
  }

  it('answers each code with a status the contract lists it under (wherever an operation lists it)', async () => {
    const document = await loadOpenApiDocument();
    const listed = new Map<string, Set<string>>();
    for (const item of Object.values(document.paths)) {
      for (const method of HTTP_METHODS) {
        const operation = item[method] as Operation | undefined;
        if (!operation) continue;
        for (const [status, codes] of problemCodesOf(operation)) {
          if (codes === 'any') continue;
          for (const code of codes) listed.set(code, (listed.get(code) ?? new Set()).add(status));
        }
      }
    }
    // `bad_request` is any other 4xx the framework raises, answered with the framework's status.
    for (const saying of sayings.filter((s) => s.code !== 'bad_request')) {
      const statuses = listed.get(saying.code);
      if (!statuses) continue;
      const range = `${String(saying.status)[0]}XX`;
      expect(statuses.has(String(saying.status)) || statuses.has(range), `${saying.name} → ${saying.status}, listed under ${[...statuses].join(', ')}`).toBe(true);
    }
  });

  it('renders a refusal in the reader’s language with its values, field errors and extensions', async () => {
    const translator = await createTranslator();
    const wait = new DomainError('destination_not_open_yet', {
      values: { date: new Date('2026-11-27T15:05:00Z') },
      extensions: { withdrawalsOpenAt: '2026-11-27T15:05:00.000Z' },
    });
    const body = renderProblem(wait, 'es', '/api/x', translator);
    expect(body).toMatchObject({ status: 409, code: 'destination_not_open_yet', instance: '/api/x', withdrawalsOpenAt: '2026-11-27T15:05:00.000Z' });
    expect(body.detail).toContain('27 de noviembre de 2026');
    const taken = renderProblem(new DomainError('email_taken', { fields: [{ field: 'email' }] }), 'en', undefined, translator);
    expect(taken).toMatchObject({ status: 409, detail: 'Email already registered', errors: [{ field: 'email', code: 'email_taken', message: 'Email already registered' }] });
    const notYours = renderProblem(new DomainError('media_not_found', { variant: 'notYours' }), 'en', undefined, translator);
    expect(notYours).toMatchObject({ status: 422, code: 'media_not_found', detail: 'Attach a photo or video you uploaded.' });
    const kind = renderProblem(new DomainError('media_type_mismatch', { values: { expected: { word: 'wallet:mediaKindIndefinite.video' } } }), 'pt', undefined, translator);
    expect(kind.detail).toContain('um vídeo');
  });
});
