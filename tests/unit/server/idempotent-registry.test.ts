import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { registerOperations } from '../../../server/http/operations';
import type { OpenApiDocument, Operation, Parameter } from '../../../server/http/openapi-document';
import { OffsetClock } from '../../../server/clock';
import type { Db } from '../../../server/db/database';

/** The registry refuses to start when `x-idempotent` and the optional Idempotency-Key header do not go together. */
const KEY = (required: boolean): Parameter => ({ name: 'Idempotency-Key', in: 'header', required, schema: { type: 'string' } });

function start(operation: Partial<Operation>): () => void {
  const doc: OpenApiDocument = {
    openapi: '3.1.0',
    security: [{ authtoken: [] }],
    paths: { '/things': { post: { operationId: 'makeThing', responses: { '201': { description: 'made' } }, ...operation } } },
  };
  return () =>
    registerOperations(Fastify(), doc, { makeThing: async () => ({}) }, {
      authenticate: async () => ({ userId: 'u', tokenHash: 'h' }),
      idempotency: { db: {} as Db, clock: new OffsetClock() },
    });
}

describe('x-idempotent operations in the registry', () => {
  it('starts with the marker and an optional key header', () => {
    expect(start({ 'x-idempotent': true, parameters: [KEY(false)] })).not.toThrow();
  });

  it('refuses the marker without the header, with a required one, or without a caller', () => {
    expect(start({ 'x-idempotent': true })).toThrow(/makeThing is x-idempotent/);
    expect(start({ 'x-idempotent': true, parameters: [KEY(true)] })).toThrow(/makeThing is x-idempotent/);
    expect(start({ 'x-idempotent': true, parameters: [KEY(false)], security: [] })).toThrow(/makeThing is x-idempotent/);
  });

  it('refuses a key header on an operation marked neither x-idempotent nor x-money-moving', () => {
    expect(start({ parameters: [KEY(false)] })).toThrow(/declares an Idempotency-Key header but is neither/);
  });
});
