import { readFileSync } from 'node:fs';
import $RefParser from '@apidevtools/json-schema-ref-parser';
import { parse } from 'yaml';
import { openapiPath } from '../paths';

/** The parts of an OpenAPI 3.1 document this server reads. */
export interface OpenApiSchema {
  [key: string]: unknown;
}
interface MediaType {
  schema?: OpenApiSchema;
}
export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema?: OpenApiSchema;
}
export interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, { description: string; content?: Record<string, MediaType> }>;
  security?: unknown[];
  'x-money-moving'?: boolean;
  /** A creating call that honours an optional Idempotency-Key (server/http/idempotent-creation.ts). */
  'x-idempotent'?: boolean;
  /** Registered only outside production (config.devFeatures); absent, and so 404, in production. */
  'x-dev-only'?: boolean;
  /** Refused (403 set_up_required) until the caller's email is verified and set-up is finished (spec §6). */
  'x-requires-set-up'?: boolean;
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation | Parameter[] | undefined>>;
  components?: Record<string, unknown>;
  security?: unknown[];
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

export interface OperationEntry {
  method: (typeof HTTP_METHODS)[number];
  /** The document's path, e.g. `/app/user/{userId}/payment`. */
  path: string;
  operation: Operation;
}

/** Reads the contract with every `$ref` inlined, so each route's schemas stand alone. */
export async function loadOpenApiDocument(file = openapiPath): Promise<OpenApiDocument> {
  const raw = parse(readFileSync(file, 'utf8')) as OpenApiDocument;
  return (await $RefParser.dereference(structuredClone(raw), { dereference: { circular: false } })) as OpenApiDocument;
}

export function listOperations(doc: OpenApiDocument): OperationEntry[] {
  const out: OperationEntry[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const shared = (item.parameters as Parameter[] | undefined) ?? [];
    for (const method of HTTP_METHODS) {
      const op = item[method] as Operation | undefined;
      if (!op) continue;
      out.push({ method, path, operation: { ...op, parameters: [...shared, ...(op.parameters ?? [])] } });
    }
  }
  return out;
}

/** `/app/user/{userId}/` → `/app/user/:userId/` (Fastify's syntax). */
export function toFastifyPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}
