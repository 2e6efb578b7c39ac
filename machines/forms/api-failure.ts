import type { ProblemCode } from '../../domain/problem-code';

/**
 * How a failed API call reaches a machine: invoked actors throw an `ApiFailure` (built from the server's RFC 9457
 * problem in src/api/), so guards can decide on `status` and `code` and actions can show `detail` and the per-field
 * `errors[]`. Anything else thrown (the network is down) is not an ApiFailure and reads as the generic message.
 */
export interface ApiFailure {
  kind: 'api-failure';
  status: number;
  code: ProblemCode | null;
  /** The server's message in the user's language. */
  detail: string | null;
  /** Per-field problems; `field` as the server names it (`email`, `password_2`, `body.email`). */
  errors: Array<{ field: string; message: string }>;
}

export function apiFailure(status: number, problem: Partial<Omit<ApiFailure, 'kind' | 'status'>> = {}): ApiFailure {
  return { kind: 'api-failure', status, code: problem.code ?? null, detail: problem.detail ?? null, errors: problem.errors ?? [] };
}

export function isApiFailure(error: unknown): error is ApiFailure {
  return typeof error === 'object' && error !== null && (error as { kind?: unknown }).kind === 'api-failure';
}

/** The error an invoked actor failed with (on `xstate.error.actor.*` events); undefined on any other event. */
export function errorOf(event: unknown): unknown {
  return (event as { error?: unknown }).error;
}

/**
 * The refusal's code, as one of the contract's (domain/problem-code.ts): the server sends no other (outside
 * production an unlisted one becomes a 500, server/http/error-handler.ts), and a guard comparing it with a code the
 * contract does not have is a compile error.
 */
export function failureCode(error: unknown): ProblemCode | null {
  return isApiFailure(error) ? error.code : null;
}

/** Whether the call was refused with one of these codes. */
export function failedWith(error: unknown, codes: readonly ProblemCode[]): boolean {
  const code = failureCode(error);
  return code !== null && codes.includes(code);
}

export function failureStatus(error: unknown): number | null {
  return isApiFailure(error) ? error.status : null;
}
