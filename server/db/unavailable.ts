/**
 * Whether an error means the database cannot be reached right now (down, restarting, the connection cut), as
 * opposed to a bug: the first is a 503 the client may retry, the second a 500. Drizzle wraps the driver's error in
 * `cause`, and Node reports a refused connection to several addresses as an AggregateError: all are looked through.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// SQLSTATE class 08 (connection exception); 57P01-57P03: the server is shutting down or not accepting connections yet;
// 25006 (read-only transaction): the connection reached a server that takes no writes — a standby, or a primary being
// demoted — which behind HAProxy happens only for the second or two a failover or switchover takes to be noticed.
// The app never opens read-only transactions itself, so a 25006 is never its own bug.
const SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|25006)$/;
const MESSAGES = /Connection terminated|connection error|timeout exceeded when trying to connect|the database system is (starting up|shutting down)/i;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || SQLSTATE.test(e.code))) return true;
  if (typeof e.message === 'string' && MESSAGES.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}
