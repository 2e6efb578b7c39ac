import type { Middleware } from 'openapi-fetch';
import { problemDetail, readProblem, SESSION_EXPIRED_CODE } from './problem';
import { isQuiet } from './quiet';

export interface FailureHandlers {
  /**
   * A 401: the session clears the auth data and goes to the login route (spec 4). Returns false when
   * there was no session to end (a visitor's failed call), and the failure is then shown like any other.
   */
  onUnauthorized: () => boolean;
  /** A 401 with code `session_expired`: the session goes to /expired-session instead. Same return value. */
  onSessionExpired: () => boolean;
  /** Shows an error notification with already translated text. */
  notifyError: (message: string) => void;
  /** The translated generic message, read at the time of the failure so it follows the language. */
  genericMessage: () => string;
}

/**
 * A 401 ends a signed-in session (spec 4): code `session_expired` → /expired-session, anything else → the login
 * route. True when there was a session to end. The one rule for every call: the openapi-fetch middleware below and
 * the upload's XMLHttpRequest (src/features/transactions/upload-calls.ts) both ask it.
 */
export function endSessionOn401(handlers: SessionEnders, status: number, problemCode: string | null | undefined): boolean {
  if (status !== 401) return false;
  return problemCode === SESSION_EXPIRED_CODE ? handlers.onSessionExpired() : handlers.onUnauthorized();
}

export type SessionEnders = Pick<FailureHandlers, 'onUnauthorized' | 'onSessionExpired'>;

// A DOMException is not an Error subclass in every runtime: check the name only.
function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/**
 * How the app reacts to a failed call (spec 4 "Session", spec 8): 401 → the session; aborted → nothing
 * (the screen that cancelled has moved on); anything else → an error notification with the problem's
 * `detail`, else the generic message. The failure still reaches the caller, which decides its own state.
 */
export function failureMiddleware(handlers: FailureHandlers): Middleware {
  return {
    async onResponse({ request, response }) {
      if (response.ok) return undefined;
      const problem = await readProblem(response);
      // A 401 ends a signed-in session even on a quiet call: a form that shows its own errors cannot show
      // "your session expired" better than /expired-session does.
      if (endSessionOn401(handlers, response.status, problem?.code)) return undefined;
      if (isQuiet(request)) return undefined;
      handlers.notifyError(problemDetail(problem) ?? handlers.genericMessage());
      return undefined;
    },
    onError({ request, error }) {
      if (isAbort(error) || request.signal.aborted || isQuiet(request)) return undefined;
      handlers.notifyError(handlers.genericMessage());
      return undefined;
    },
  };
}
