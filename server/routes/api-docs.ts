import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { SomeHandlers } from '../http/contract-handlers';
import type { Services } from '../services';
import { openapiPath } from '../paths';
import { apiReferencePolicy, renderApiReference } from '../http/api-reference';
import { newNonce } from '../security/headers';

/**
 * The contract as JSON (with its `$ref`s, as written) and as a readable page. The dev-only operations stay in the
 * document in production: they are marked `x-dev-only`, and their absence there is documented behaviour.
 */
export function apiDocsHandlers(_services: Services) {
  const document = parse(readFileSync(openapiPath, 'utf8')) as Record<string, unknown>;
  const json = JSON.stringify(document);
  return {
    getOpenApiDocument: async (_request, reply) =>
      reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(json),

    getApiReference: async (_request, reply) => {
      const nonce = newNonce();
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-security-policy', apiReferencePolicy(nonce))
        .send(renderApiReference(document, nonce));
    },
  } satisfies SomeHandlers;
}
