import type { FastifyError, FastifyInstance } from 'fastify';
import type { Translator } from '../i18n/translator';
import { HttpProblem, problemBody, sendProblem } from './problem';
import { ResponseContractError } from './operations';
import { fieldErrorsOf, RequestValidationError } from './validation';
import { isDatabaseUnavailable } from '../db/unavailable';
import { listsProblem, type ProblemCodes } from './problem-contract';

const RETRY_AFTER_SECONDS = 5;

/** Maps anything thrown while handling a request to a problem; a 5xx is logged, and never carries a stack trace. */
export function toProblem(error: unknown): HttpProblem {
  if (error instanceof HttpProblem) return error;
  if (error instanceof RequestValidationError) {
    return new HttpProblem(400, 'validation_failed', 'errors:validation_failed', {}, (locale, translator) =>
      fieldErrorsOf(error, locale, translator),
    );
  }
  if (error instanceof ResponseContractError) return new HttpProblem(500, 'internal', 'errors:internal');
  if (isDatabaseUnavailable(error)) return new HttpProblem(503, 'service_unavailable', 'errors:service_unavailable');
  const fastifyError = error as Partial<FastifyError>;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new HttpProblem(400, 'malformed_json', 'errors:malformed_json');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpProblem(413, 'payload_too_large', 'errors:payload_too_large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new HttpProblem(415, 'unsupported_media_type', 'errors:unsupported_media_type');
    default:
      break;
  }
  if (error instanceof SyntaxError && (error as { statusCode?: number }).statusCode === 400) {
    return new HttpProblem(400, 'malformed_json', 'errors:malformed_json');
  }
  const status = fastifyError.statusCode;
  if (status === 429) return new HttpProblem(429, 'too_many_requests', 'errors:too_many_requests');
  if (typeof status === 'number' && status >= 400 && status < 500) return new HttpProblem(status, 'bad_request', 'errors:invalid_request');
  return new HttpProblem(500, 'internal', 'errors:internal');
}

/**
 * `strictProblems`: a refusal the operation's contract does not list becomes a 500 (outside production, so tests and
 * development find it); in production it is logged and sent as it is, since the caller can still act on it.
 */
export function registerErrorHandling(app: FastifyInstance, translator: Translator, options: { strictProblems: boolean }): void {
  app.setErrorHandler((error, request, reply) => {
    let problem = toProblem(error);
    const { operationId, problemCodes } = request.routeOptions.config as { operationId?: string; problemCodes?: ProblemCodes };
    if (problemCodes && !listsProblem(problemCodes, problem.status, problem.code)) {
      request.log.error({ operationId, status: problem.status, code: problem.code }, 'problem not listed in openapi.yaml');
      if (options.strictProblems) problem = new HttpProblem(500, 'internal', 'errors:internal');
    }
    if (problem.status >= 500) {
      request.log.error({ err: error, issues: (error as ResponseContractError).issues }, 'request failed');
    }
    // The database will be back (a restart, a failover): tell clients when to try again.
    if (problem.status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return sendProblem(reply, problemBody(problem, request, translator));
  });
}
