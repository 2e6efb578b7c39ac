import type { Locale } from '../../domain/product';
import type { Translator } from '../i18n/translator';
import { formatDateTime } from '../i18n/format-date-time';
import { problemOf } from './catalogue';
import type { DomainError, ProblemValue } from './domain-error';

interface FieldError {
  field: string;
  code: string;
  message: string;
}

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  instance?: string;
  errors?: FieldError[];
  [extension: string]: unknown;
}

// RFC 9110's reason phrases for every status the catalogue answers with (a test holds each one to the RFC).
const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** The status a refusal is answered with (server/problems/catalogue.ts). */
export function statusOf(error: DomainError): number {
  return problemOf(error.code, error.variant).status;
}

/** A value in the reader's language: a date written for them, a word translated. */
function said(value: ProblemValue, locale: Locale, translator: Translator): string | number | boolean {
  if (value instanceof Date) return formatDateTime(value, locale);
  if (typeof value === 'object') return translator.t(locale, value.word);
  return value;
}

function saidAll(values: Record<string, ProblemValue>, locale: Locale, translator: Translator): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, said(value, locale, translator)]));
}

/**
 * The refusal as the caller sees it (RFC 9457), in `locale`: used by the HTTP layer for every error, and by the
 * idempotency store for an answer worked out after the request (a card charge's outcome learned by a job).
 * `status` overrides the catalogue's only for a framework refusal that keeps its own 4xx (`bad_request`).
 */
export function renderProblem(
  error: DomainError,
  locale: Locale,
  instance: string | undefined,
  translator: Translator,
  status = statusOf(error),
): ProblemBody {
  const { message } = problemOf(error.code, error.variant);
  const own = saidAll(error.values, locale, translator);
  const errors = error.fields.map(
    (f): FieldError => ({
      field: f.field,
      code: f.code ?? error.code,
      message: translator.t(locale, f.message ?? message, f.values ? saidAll(f.values, locale, translator) : own),
    }),
  );
  // A field problem's detail names the first field, so a client that shows only `detail` still says where.
  const first = errors[0];
  const values = first ? { field: first.field, message: first.message, ...own } : own;
  const body: ProblemBody = {
    type: `https://tipjar.example/problems/${error.code.replaceAll('_', '-')}`,
    title: TITLES[status] ?? 'Error',
    status,
    detail: translator.t(locale, message, values),
    code: error.code,
    ...(instance === undefined ? {} : { instance }),
    ...error.extensions,
  };
  if (errors.length > 0) body.errors = errors;
  return body;
}
