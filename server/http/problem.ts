import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '../../domain/product';
import type { Translator } from '../i18n/translator';
import { pickLocale } from '../i18n/translator';

export interface FieldError {
  field: string;
  code: string;
  message: string;
}

/**
 * A refusal the caller can act on. Thrown anywhere in a handler; the error handler renders it as
 * RFC 9457 problem details with `detail` translated from `detailKey` in the caller's language.
 */
/** A problem value said in the reader's language: called when the problem is rendered. */
type LocalisedValue = (locale: Locale, translator: Translator) => unknown;

export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detailKey: string,
    /**
     * Interpolated into the detail; a function is called with the caller's language and the translator, so a value
     * that names something (a date, a media kind) is said in the reader's language, never passed in untranslated.
     */
    readonly values: Record<string, unknown> = {},
    readonly fieldErrors?: (locale: Locale, translator: Translator) => FieldError[],
    /** Extra members of the problem object (RFC 9457 extensions), e.g. `declineCode` of a refused card. */
    readonly extensions: Record<string, string | number | boolean> = {},
  ) {
    super(`${status} ${code}`);
  }
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  402: 'Payment Required',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

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

export function problemBody(
  problem: HttpProblem,
  request: FastifyRequest,
  translator: Translator,
): ProblemBody {
  const locale = pickLocale(request.query, request.headers['accept-language']);
  return renderProblem(problem, locale, request.url.split('?')[0], translator);
}

/** The problem as the caller sees it, in `locale`; also used for answers worked out after the request (a job). */
export function renderProblem(problem: HttpProblem, locale: Locale, instance: string | undefined, translator: Translator): ProblemBody {
  const errors = problem.fieldErrors?.(locale, translator) ?? [];
  // A field problem's detail names the first field, so a client that shows only `detail` still says where.
  const first = errors[0];
  // A value may be a function of the language (a date written for the reader, a translated word), worked out here.
  const own = Object.fromEntries(
    Object.entries(problem.values).map(([k, v]) => [k, typeof v === 'function' ? (v as LocalisedValue)(locale, translator) : v]),
  );
  const values = first ? { field: first.field, message: first.message, ...own } : own;
  const body: ProblemBody = {
    type: `https://tipjar.example/problems/${problem.code.replaceAll('_', '-')}`,
    title: TITLES[problem.status] ?? 'Error',
    status: problem.status,
    detail: translator.t(locale, problem.detailKey, values),
    code: problem.code,
    ...(instance === undefined ? {} : { instance }),
    ...problem.extensions,
  };
  if (errors.length > 0) body.errors = errors;
  return body;
}

export function sendProblem(reply: FastifyReply, body: ProblemBody): FastifyReply {
  return reply.code(body.status).type('application/problem+json; charset=utf-8').send(body);
}
