import type { components } from '../../openapi/schema';

export type Problem = components['schemas']['Problem'];

/** The session-expired problem code (design.md §6): a 401 with it sends the user to /expired-session. */
export const SESSION_EXPIRED_CODE = 'session_expired';

/**
 * Reads an RFC 9457 problem from a failed response without consuming it (openapi-fetch parses the body
 * again for the caller). Anything that is not a JSON object reads as null: a proxy's HTML error page has
 * no `detail` to show.
 */
export async function readProblem(response: Response): Promise<Partial<Problem> | null> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return null;
  try {
    const body: unknown = await response.clone().json();
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Partial<Problem>) : null;
  } catch {
    return null;
  }
}

/** The text to show for a failed call: the server's localised `detail`, else nothing (caller uses generic). */
export function problemDetail(problem: Partial<Problem> | null): string | null {
  const detail = problem?.detail;
  return typeof detail === 'string' && detail.trim() !== '' ? detail : null;
}
