import { loadOpenApiDocument, listOperations, type OpenApiDocument, type Operation, type Parameter } from '../../server/http/openapi-document';
import { requiresAuth } from '../../server/http/operations';
import type { Schema } from './schema-arbitrary';

/**
 * Every operation of openapi.yaml as the reliability suites see it, read at run time: an operation added to the
 * contract tomorrow is in the access matrix and the fuzzer without anyone editing them.
 */
export interface ContractOperation {
  operationId: string;
  method: string;
  /** The document's path, e.g. `/app/user/{userId}/payment`. */
  path: string;
  operation: Operation;
  secured: boolean;
  /** The path has `{userId}`: the caller's own account. */
  ownUserPath: boolean;
  auditorOnly: boolean;
  devOnly: boolean;
  moneyMoving: boolean;
  parameters: Parameter[];
  /** The request body's media type and schema, when the operation takes one. */
  body?: { mediaType: string; schema?: Schema; required: boolean };
}

/**
 * Whether an operation is for auditors only. Read from a marker in the contract so that it applies as soon as such
 * operations exist: `x-auditor: true`, `x-role(s)` naming `auditor`, or the `audit` tag.
 */
function isAuditorOnly(operation: Operation): boolean {
  const op = operation as Operation & { 'x-auditor'?: unknown; 'x-role'?: unknown; 'x-roles'?: unknown; tags?: string[] };
  if (op['x-auditor'] === true) return true;
  if (op['x-role'] === 'auditor') return true;
  if (Array.isArray(op['x-roles']) && op['x-roles'].includes('auditor')) return true;
  return (op.tags ?? []).includes('audit');
}

function bodyOf(operation: Operation): ContractOperation['body'] {
  const content = operation.requestBody?.content;
  if (!content) return undefined;
  const entries = Object.entries(content);
  const json = entries.find(([type]) => type.includes('json'));
  const [mediaType, media] = json ?? entries[0]!;
  return { mediaType, schema: media.schema as Schema | undefined, required: operation.requestBody?.required === true };
}

let cached: Promise<OpenApiDocument> | undefined;
const contractDocument = (): Promise<OpenApiDocument> => (cached ??= loadOpenApiDocument());

export async function contractOperations(): Promise<ContractOperation[]> {
  const doc = await contractDocument();
  return listOperations(doc).map(({ method, path, operation }) => ({
    operationId: operation.operationId,
    method: method.toUpperCase(),
    path,
    operation,
    secured: requiresAuth(operation, doc),
    ownUserPath: path.includes('{userId}'),
    auditorOnly: isAuditorOnly(operation),
    devOnly: operation['x-dev-only'] === true,
    moneyMoving: operation['x-money-moving'] === true,
    parameters: operation.parameters ?? [],
    body: bodyOf(operation),
  }));
}

/** `{name}` segments filled in (each value URL-encoded). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for path parameter {${name}} of ${path}`);
    return encodeURIComponent(value);
  });
}
