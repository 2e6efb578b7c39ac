import type { ProblemCode } from '../../domain/problem-code';
import { apiFailure, type ApiFailure } from '../../machines/forms/api-failure';

interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The server's problem (RFC 9457) as the machines' ApiFailure; a body that is no problem keeps only the status. */
export function toApiFailure(status: number, body: unknown): ApiFailure {
  if (typeof body !== 'object' || body === null) return apiFailure(status);
  const problem = body as { code?: unknown; detail?: unknown; errors?: unknown };
  const errors = Array.isArray(problem.errors)
    ? problem.errors.flatMap((e: unknown) => {
        const { field, message } = (e ?? {}) as { field?: unknown; message?: unknown };
        return typeof field === 'string' && typeof message === 'string' ? [{ field, message }] : [];
      })
    : [];
  return apiFailure(status, {
    // The one place a code enters typed: the server sends only the contract's codes (its answer check turns any other
    // into a 500 outside production, server/http/error-handler.ts), so the string is a ProblemCode.
    code: typeof problem.code === 'string' ? (problem.code as ProblemCode) : null,
    detail: typeof problem.detail === 'string' && problem.detail.trim() !== '' ? problem.detail : null,
    errors,
  });
}

/**
 * An openapi-fetch call as a promise of its data, for machines' invoked actors: a failed answer rejects with an
 * ApiFailure the machine's guards can read; a network failure rejects with whatever fetch threw.
 */
export async function unwrap<T>(call: Promise<FetchResult<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok && data !== undefined) return data;
  throw toApiFailure(response.status, error);
}
