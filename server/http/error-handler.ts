import type { FastifyError, FastifyInstance } from 'fastify';
import type { Translator } from '../i18n/translator';
import { DomainError } from '../problems/domain-error';
import { problemBody, problemFrom, sendProblem, type Problem } from './problem';
import { ResponseContractError } from './operations';
import { fieldRefusalsOf, RequestValidationError } from './validation';
import { isDatabaseUnavailable } from '../db/unavailable';
import { listsProblem, type ProblemCodes } from './problem-contract';

const RETRY_AFTER_SECONDS = 5;

/**
 * Maps anything thrown while handling a request to a problem: a service's `DomainError` as the catalogue says
 * (server/problems/catalogue.ts), the framework's own refusals to their codes; a 5xx is logged, and never carries a
 * stack trace.
 */
export function toProblem(error: unknown): Problem {
  if (error instanceof DomainError) return problemFrom(error);
  if (error instanceof RequestValidationError) {
    return problemFrom(new DomainError('validation_failed', { fields: fieldRefusalsOf(error) }));
  }
  if (error instanceof ResponseContractError) return problemFrom(new DomainError('internal'));
  if (isDatabaseUnavailable(error)) return problemFrom(new DomainError('service_unavailable'));
  const fastifyError = error as Partial<FastifyError>;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return problemFrom(new DomainError('malformed_json'));
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return problemFrom(new DomainError('payload_too_large'));
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return problemFrom(new DomainError('unsupported_media_type'));
    default:
      break;
  }
  if (error instanceof SyntaxError && (error as { statusCode?: number }).statusCode === 400) {
    return problemFrom(new DomainError('malformed_json'));
  }
  const status = fastifyError.statusCode;
  if (status === 429) return problemFrom(new DomainError('too_many_requests'));
  // Any other 4xx of the framework (405, 414, …) keeps its status.
  if (typeof status === 'number' && status >= 400 && status < 500) return problemFrom(new DomainError('bad_request'), status);
  return problemFrom(new DomainError('internal'));
}

/**
 * `strictProblems`: a refusal the operation's contract does not list becomes a 500 (outside production, so tests and
 * development find it); in production it is logged and sent as it is, since the caller can still act on it.
 */
export function registerErrorHandling(app: FastifyInstance, translator: Translator, options: { strictProblems: boolean }): void {
  app.setErrorHandler((error, request, reply) => {
    let problem = toProblem(error);
    const { operationId, problemCodes } = request.routeOptions.config as { operationId?: string; problemCodes?: ProblemCodes };
    if (problemCodes && !listsProblem(problemCodes, problem.status, problem.error.code)) {
      request.log.error({ operationId, status: problem.status, code: problem.error.code }, 'problem not listed in openapi.yaml');
      if (options.strictProblems) problem = problemFrom(new DomainError('internal'));
    }
    if (problem.status >= 500) {
      request.log.error({ err: error, issues: (error as ResponseContractError).issues }, 'request failed');
    }
    // The database will be back (a restart, a failover): tell clients when to try again.
    if (problem.status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return sendProblem(reply, problemBody(problem, request, translator));
  });
}
