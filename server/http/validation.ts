import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { FieldRefusal } from '../problems/domain-error';

// ajv-formats ships CommonJS with a default export; under ESM interop it may arrive wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule);

export type HttpPart = 'body' | 'querystring' | 'params' | 'headers';

function makeAjv(coerce: boolean): Ajv2020 {
  // OpenAPI documents carry keywords ajv does not know (`example`, `x-*`): strict mode off for those. Verbose: each
  // issue carries the value it is about, so an empty field can be told apart (leftEmpty below).
  const ajv = new Ajv2020({ strict: false, allErrors: true, coerceTypes: coerce ? 'array' : false, useDefaults: true, verbose: true });
  addFormats(ajv);
  return ajv;
}

/** Query strings and path parameters are text on the wire, so they are coerced; JSON bodies never are. */
const coercing = makeAjv(true);
const exact = makeAjv(false);

export function compileRequestSchema(schema: object, part: HttpPart): ValidateFunction {
  return (part === 'body' ? exact : coercing).compile(schema);
}

export function compileResponseSchema(schema: object): ValidateFunction {
  return exact.compile(schema);
}

/**
 * Where a request carries U+0000 in any string: PostgreSQL's text cannot hold it, so such a value would reach the
 * database only to fail there (a 500). Refused at the door as a pattern mismatch of that field instead.
 */
export function nulCharacterIssues(data: unknown, path = ''): ErrorObject[] {
  if (typeof data === 'string') {
    return data.includes('\u0000') ? [{ instancePath: path, schemaPath: '#', keyword: 'pattern', params: { pattern: '[^\\u0000]*' }, message: 'must not contain U+0000' }] : [];
  }
  if (Array.isArray(data)) return data.flatMap((item, index) => nulCharacterIssues(item, `${path}/${index}`));
  if (data !== null && typeof data === 'object') {
    return Object.entries(data).flatMap(([key, value]) => [
      ...nulCharacterIssues(key, `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`),
      ...nulCharacterIssues(value, `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`),
    ]);
  }
  return [];
}

/** A request that does not match the contract; rendered as a 400 naming each field. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly part: HttpPart,
    readonly issues: ErrorObject[],
  ) {
    super(`invalid ${part}`);
  }
}

function fieldOf(issue: ErrorObject, part: HttpPart): string {
  const segments = issue.instancePath.split('/').filter(Boolean);
  if (issue.keyword === 'required') segments.push(String(issue.params.missingProperty));
  if (issue.keyword === 'additionalProperties') segments.push(String(issue.params.additionalProperty));
  if (segments.length === 0) return part === 'body' ? 'body' : part;
  return segments.join('.');
}

/**
 * A text field sent empty (or only spaces) that may not be: refused by its length, pattern or format, but what the
 * person did was leave a required field empty, and the spec's message for that is 'Required field' (spec 5), not
 * "Must be at least 1 characters".
 */
const leftEmpty = (issue: ErrorObject) =>
  (issue.keyword === 'minLength' || issue.keyword === 'pattern' || issue.keyword === 'format') && typeof issue.data === 'string' && issue.data.trim() === '';

/** An issue for a required text field left blank, for a rule the schema cannot say (a message of spaces only). */
export function blankFieldIssue(field: string): ErrorObject {
  return { instancePath: '', schemaPath: '#/required', keyword: 'required', params: { missingProperty: field }, message: `${field} is blank` };
}

/** The locale key (under errors:validation) and values of an issue's message. */
function messageOf(issue: ErrorObject): { message: string; values?: Record<string, string | number> } {
  const said = (key: string, values?: Record<string, string | number>) => ({ message: `errors:validation.${key}`, values });
  if (leftEmpty(issue)) return said('required');
  switch (issue.keyword) {
    case 'required':
      return said('required');
    case 'type':
      return said('type', { type: String(issue.params.type) });
    case 'enum':
      return said('enum', { values: (issue.params.allowedValues as unknown[]).join(', ') });
    case 'const':
      return said('const', { value: String(issue.params.allowedValue) });
    case 'format':
      return issue.params.format === 'email' ? said('format_email') : said('format', { format: String(issue.params.format) });
    case 'pattern':
      return said('pattern');
    case 'minLength':
    case 'maxLength':
    case 'minimum':
    case 'maximum':
      return said(issue.keyword, { limit: issue.params.limit as number });
    case 'additionalProperties':
      return said('additionalProperties');
    default:
      return said('invalid');
  }
}

/** One refusal a field, the first issue of each (a missing field says more than the type errors an empty body adds). */
export function fieldRefusalsOf(error: RequestValidationError): FieldRefusal[] {
  const seen = new Set<string>();
  const out: FieldRefusal[] = [];
  for (const issue of error.issues) {
    const field = fieldOf(issue, error.part);
    if (seen.has(field)) continue;
    seen.add(field);
    const { message, values } = messageOf(issue);
    // Values of their own (an empty object, not the refusal's), so a message without placeholders reads as written.
    out.push({ field, code: leftEmpty(issue) ? 'required' : issue.keyword, message, values: values ?? {} });
  }
  return out;
}
