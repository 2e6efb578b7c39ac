import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { fillPath, type ContractOperation } from './contract-operations';
import { matchesSchema, validSample, type Schema } from './schema-arbitrary';

/** What a request of the access matrix says: who calls, whose path, which objects, which body fields. */
export interface RequestPlan {
  token?: string;
  /** The `{userId}` of the path (the caller's own when left out). */
  pathUserId?: string;
  /** Values for id-like path, query and body inputs, by name. */
  ids?: Record<string, string>;
  /** Further top-level body fields (those the operation's body has). */
  fields?: Record<string, unknown>;
}

/** The smallest valid binary of each media type the contract accepts, by its magic number. */
const BINARY_SAMPLES: Record<string, Buffer> = {
  'image/png': Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(56, 2)]),
  'image/jpeg': Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]),
};
export const binarySample = (mediaType: string): Buffer => BINARY_SAMPLES[mediaType] ?? BINARY_SAMPLES['image/png']!;

/** The body schema with only its required properties, so optional ids of other checks stay out of the way. */
function requiredOnly(schema: Schema): Schema {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = (schema.required ?? []) as string[];
  return { ...schema, properties: Object.fromEntries(Object.entries(properties).filter(([name]) => required.includes(name))) };
}

/** A JSON body that passes the contract's validation, carrying the plan's ids and fields. */
function validBody(op: ContractOperation, plan: RequestPlan, seed = 7): unknown {
  const schema = op.body?.schema;
  if (!schema) return {};
  // Required fields alone when they are enough; a schema that asks for more (minProperties) gets a full sample.
  let base: Record<string, unknown>;
  try {
    base = validSample(requiredOnly(schema), seed) as Record<string, unknown>;
  } catch {
    base = validSample(schema, seed) as Record<string, unknown>;
  }
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const overrides = { ...plan.fields, ...plan.ids };
  for (const [name, value] of Object.entries(overrides)) if (name in properties) base[name] = value;
  if (!matchesSchema(schema, base)) throw new Error(`${op.operationId}: the planned body ${JSON.stringify(base)} breaks the contract`);
  return base;
}

export function buildRequest(op: ContractOperation, plan: RequestPlan, callerId: string | undefined): InjectOptions {
  const ids = plan.ids ?? {};
  const pathValues: Record<string, string> = {};
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  for (const p of op.parameters) {
    const given = ids[p.name];
    if (p.in === 'path') {
      pathValues[p.name] =
        p.name === 'userId' ? (plan.pathUserId ?? callerId ?? randomUUID()) : (given ?? String(validSample(p.schema ?? {})));
    } else if (p.in === 'query') {
      if (p.name === 'lang') query.set('lang', 'en');
      else if (given !== undefined) query.set(p.name, given);
      else if (p.required) query.set(p.name, String(validSample(p.schema ?? {})));
    } else if (p.in === 'header' && p.required) {
      headers[p.name.toLowerCase()] = p.name.toLowerCase() === 'idempotency-key' ? randomUUID() : String(validSample(p.schema ?? {}));
    }
  }
  if (plan.token) headers.authtoken = plan.token;
  const url = `/api${fillPath(op.path, pathValues)}${query.size ? `?${query}` : ''}`;
  const options: InjectOptions = { method: op.method as InjectOptions['method'], url, headers };
  if (op.body && op.body.required) {
    if (op.body.mediaType.includes('json')) {
      options.payload = validBody(op, plan) as object;
    } else {
      headers['content-type'] = op.body.mediaType;
      options.payload = binarySample(op.body.mediaType);
    }
  }
  return options;
}
