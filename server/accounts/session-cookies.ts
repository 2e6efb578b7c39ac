import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, USER_COOKIE } from '../../domain/product';
import type { SessionUser } from '../../domain/session-user';
import { USER_COOKIE_MAX_AGE_S, encodeUserCookieValue } from '../../domain/user-cookie';
import { SESSION_ABSOLUTE_MS } from '../auth/session-tokens';
import type { Config } from '../config';

/**
 * The two cookies of a signed-in browser (design.md §6, docs/decisions.md):
 * - `tipjar-session`: the token. HttpOnly (no script can read it), SameSite=Strict (never sent by another site),
 *   Path=/api (only the API needs it), Secure under HTTPS and always in production.
 * - `tipjar-user`: the SessionUser fields as JSON, readable by the app to route (set-up gate, first-step cards).
 *   It holds nothing secret and the server never trusts it. Its format is domain/user-cookie.ts, the module the
 *   web app reads it with: encoded there once, so the plugin must not encode it again.
 */
const MAX_AGE_S = Math.floor(SESSION_ABSOLUTE_MS / 1000);

function secure(config: Config, request: FastifyRequest): boolean {
  return config.env === 'production' || request.protocol === 'https';
}

export function setSessionCookies(
  reply: FastifyReply,
  request: FastifyRequest,
  config: Config,
  token: string,
  user: SessionUser,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/api',
    httpOnly: true,
    sameSite: 'strict',
    secure: secure(config, request),
    maxAge: MAX_AGE_S,
  });
  setUserCookie(reply, request, config, user);
}

export function setUserCookie(reply: FastifyReply, request: FastifyRequest, config: Config, user: SessionUser): void {
  reply.setCookie(USER_COOKIE, encodeUserCookieValue(user), {
    encode: (value: string) => value,
    path: '/',
    httpOnly: false,
    sameSite: 'strict',
    secure: secure(config, request),
    maxAge: USER_COOKIE_MAX_AGE_S,
  });
}

export function clearSessionCookies(reply: FastifyReply, request: FastifyRequest, config: Config): void {
  const common = { sameSite: 'strict' as const, secure: secure(config, request) };
  reply.clearCookie(SESSION_COOKIE, { ...common, path: '/api', httpOnly: true });
  reply.clearCookie(USER_COOKIE, { ...common, path: '/' });
}
