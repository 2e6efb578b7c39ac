import type { FastifyInstance } from 'fastify';
import { DomainError } from '../problems/domain-error';

/** No operation's body nests more than a few levels; 32 leaves room and keeps every walker of a body shallow. */
export const JSON_MAX_DEPTH = 32;

/** Whether a parsed body nests objects or arrays deeper than `max` levels; a loop, not recursion, so any depth is safe to ask about. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth > max) return true;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}

/**
 * JSON bodies through Fastify's own parser (prototype-poisoning refused as before), then refused with a 400 when they
 * nest deeper than JSON_MAX_DEPTH: the validators, the idempotency hash and the NUL check walk a body recursively,
 * and a body of 5,000 nested arrays overflowed the stack there (a 500 the fuzzer found).
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  // parseAs 'string': the body arrives as a string, as the default parser expects.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parse(request, body as string, (error, value) => {
      if (error) return done(error, undefined);
      if (nestsDeeperThan(value, JSON_MAX_DEPTH)) {
        return done(new DomainError('json_too_deep', { values: { max: JSON_MAX_DEPTH } }), undefined);
      }
      done(null, value);
    });
  });
}
