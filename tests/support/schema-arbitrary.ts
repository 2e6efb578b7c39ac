import fc from 'fast-check';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/**
 * fast-check arbitraries derived from the (dereferenced) JSON schemas of openapi.yaml: the values a schema
 * describes, so the access matrix can build requests that pass validation and the fuzzer can start from valid
 * requests before it breaks them. Only the keywords the contract uses are read; an unknown shape yields any JSON.
 */
export type Schema = Record<string, unknown>;

export interface ArbitraryOptions {
  /** Strings as any Unicode (the fuzzer) or as plain ASCII (readable samples). Default: ascii. */
  unicode?: boolean;
}

const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;
const ajv = new Ajv2020({ strict: false, allErrors: false });
addFormats(ajv);
const compiled = new WeakMap<object, ReturnType<typeof ajv.compile>>();

/** Whether a value matches the schema, judged by ajv as the server does (no coercion). */
export function matchesSchema(schema: Schema, value: unknown): boolean {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate(value) as boolean;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

function stringArbitrary(schema: Schema, options: ArbitraryOptions): fc.Arbitrary<string> {
  const minLength = num(schema.minLength) ?? 0;
  const maxLength = Math.min(num(schema.maxLength) ?? 40, Math.max(minLength, 40));
  const fits = (s: string) => [...s].length >= minLength && [...s].length <= (num(schema.maxLength) ?? Infinity);
  const examples = Array.isArray(schema.examples) ? (schema.examples as unknown[]).filter((e): e is string => typeof e === 'string') : [];
  let base: fc.Arbitrary<string>;
  switch (schema.format) {
    case 'uuid':
      base = fc.uuid();
      break;
    case 'email':
      base = fc.tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,15}$/), fc.constantFrom('example.com', 'example.org')).map(([l, d]) => `${l}@${d}`);
      break;
    case 'date-time':
      base = fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
      break;
    case 'date':
      base = fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      break;
    case 'uri':
      base = fc.webUrl();
      break;
    default:
      if (typeof schema.pattern === 'string') {
        base = fc.stringMatching(new RegExp(schema.pattern, 'u')).filter(fits);
      } else {
        base = fc.string({ minLength, maxLength, unit: options.unicode ? 'binary' : 'grapheme-ascii' }).filter(fits);
      }
  }
  return examples.length ? fc.oneof(fc.constantFrom(...examples), base) : base;
}

function objectArbitrary(schema: Schema, options: ArbitraryOptions): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = (schema.required ?? []) as string[];
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, sub] of Object.entries(properties)) model[name] = arbitraryOf(sub, options);
  // A required property the schema does not describe still has to be there.
  for (const name of required) model[name] ??= fc.jsonValue();
  return fc.record(model, { requiredKeys: required }) as fc.Arbitrary<Record<string, unknown>>;
}

export function arbitraryOf(schema: Schema | undefined, options: ArbitraryOptions = {}): fc.Arbitrary<unknown> {
  if (!schema || Object.keys(schema).length === 0) return fc.jsonValue();
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  for (const key of ['oneOf', 'anyOf'] as const) {
    const list = schema[key] as Schema[] | undefined;
    if (Array.isArray(list)) return fc.oneof(...list.map((s) => arbitraryOf({ ...schema, [key]: undefined, ...s }, options)));
  }
  if (Array.isArray(schema.allOf)) {
    const merged: Schema = { ...schema, allOf: undefined };
    for (const part of schema.allOf as Schema[]) {
      Object.assign(merged, part, {
        properties: { ...(merged.properties as object), ...(part.properties as object) },
        required: [...((merged.required as string[]) ?? []), ...((part.required as string[]) ?? [])],
      });
    }
    return arbitraryOf(merged, options);
  }
  const type = schema.type;
  if (Array.isArray(type)) return fc.oneof(...type.map((t) => arbitraryOf({ ...schema, type: t }, options)));
  switch (type) {
    case 'string':
      return stringArbitrary(schema, options);
    case 'integer':
      return fc.integer({ min: num(schema.minimum) ?? -1_000_000, max: num(schema.maximum) ?? 1_000_000 });
    case 'number':
      return fc.double({ min: num(schema.minimum) ?? -1e6, max: num(schema.maximum) ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitraryOf(schema.items as Schema | undefined, options), {
        minLength: num(schema.minItems) ?? 0,
        maxLength: Math.min(num(schema.maxItems) ?? 5, 5),
      });
    case 'object':
      return objectArbitrary(schema, options);
    default:
      return schema.properties ? objectArbitrary(schema, options) : fc.jsonValue();
  }
}

/**
 * One value that the schema accepts (checked with ajv), reproducible from the seed. Throws when the deriver cannot
 * find one: a contract shape it does not understand must be taught to it, not silently sent invalid.
 */
export function validSample(schema: Schema, seed = 1): unknown {
  const values = fc.sample(arbitraryOf(schema), { numRuns: 200, seed });
  const found = values.find((v) => matchesSchema(schema, v));
  if (found === undefined) throw new Error(`no valid sample for schema ${JSON.stringify(schema).slice(0, 300)}`);
  return found;
}
