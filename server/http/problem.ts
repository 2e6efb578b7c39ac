import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Translator } from '../i18n/translator';
import { pickLocale } from '../i18n/translator';
import type { DomainError } from '../problems/domain-error';
import { renderProblem, statusOf, type ProblemBody } from '../problems/render';

/**
 * A refusal on its way out of the HTTP layer: the domain error and the status it is answered with — the catalogue's
 * (server/problems/catalogue.ts), except a framework 4xx that keeps its own (`bad_request`, error-handler.ts).
 */
export interface Problem {
  error: DomainError;
  status: number;
}

export const problemFrom = (error: DomainError, status = statusOf(error)): Problem => ({ error, status });

/** The problem in the caller's language (`lang` query parameter, else Accept-Language), at the request's path. */
export function problemBody(problem: Problem, request: FastifyRequest, translator: Translator): ProblemBody {
  const locale = pickLocale(request.query, request.headers['accept-language']);
  return renderProblem(problem.error, locale, request.url.split('?')[0], translator, problem.status);
}

export function sendProblem(reply: FastifyReply, body: ProblemBody): FastifyReply {
  return reply.code(body.status).type('application/problem+json; charset=utf-8').send(body);
}
