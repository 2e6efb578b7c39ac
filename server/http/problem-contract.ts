import type { OpenApiSchema, Operation } from './openapi-document';

/**
 * The problem answers an operation's contract lists: status ("404", or a range "5XX") → the `code`s it may carry.
 * openapi.yaml gives every operation's problem answers a `code` enum, so a typed client sees which refusals it can get;
 * this reads them back so the server can hold itself to that list (server/http/error-handler.ts).
 */
export type ProblemCodes = ReadonlyMap<string, ReadonlySet<string> | 'any'>;

const PROBLEM_TYPE = 'application/problem+json';

function codeEnum(schema: OpenApiSchema | undefined): string[] {
  if (!schema) return [];
  const own = (schema.properties as Record<string, OpenApiSchema> | undefined)?.code?.enum;
  const parts = (schema.allOf as OpenApiSchema[] | undefined) ?? [];
  // allOf [Problem, { code: enum }]: the narrowest list wins (Problem's own enum is every code there is).
  const narrowed = parts.map((part) => codeEnum(part)).filter((list) => list.length > 0);
  if (narrowed.length > 0) return narrowed.reduce((a, b) => (b.length < a.length ? b : a));
  return Array.isArray(own) ? own.map(String) : [];
}

/** A `default` answer, or a problem answer with no `code` enum, lists no codes: anything goes there. */
export function problemCodesOf(operation: Pick<Operation, 'responses'>): ProblemCodes {
  const out = new Map<string, ReadonlySet<string> | 'any'>();
  for (const [status, response] of Object.entries(operation.responses)) {
    if (status !== 'default' && !/^[45]/.test(status)) continue;
    const codes = codeEnum(response.content?.[PROBLEM_TYPE]?.schema as OpenApiSchema | undefined);
    out.set(status.toUpperCase(), codes.length > 0 ? new Set(codes) : 'any');
  }
  return out;
}

/** Whether the contract lists this refusal: the exact status first, else its range ("4XX", "5XX"). */
export function listsProblem(codes: ProblemCodes, status: number, code: string): boolean {
  const listed = codes.get(String(status)) ?? codes.get(`${String(status)[0]}XX`) ?? codes.get('DEFAULT');
  return listed === 'any' || (listed !== undefined && listed.has(code));
}
