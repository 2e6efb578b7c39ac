import type { FastifyRequest } from 'fastify';
import { AUTH_HEADER, SESSION_COOKIE } from '../../domain/product';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { checkSession, hashToken } from './session-tokens';
import { DomainError } from '../problems/domain-error';

export interface AuthContext {
  userId: string;
  tokenHash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
  }
}

export type Authenticator = (request: FastifyRequest) => Promise<AuthContext>;

/** The token from the `authtoken` header (API clients) or the HttpOnly session cookie (the browser). */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers[AUTH_HEADER];
  if (typeof header === 'string' && header.length > 0) return header;
  return request.cookies?.[SESSION_COOKIE] || undefined;
}

/** The token a request presents, refused (401) before any database work when there is none or it cannot be one. */
function presentedToken(request: FastifyRequest): string {
  const token = tokenOf(request);
  if (!token || token.length > 200) throw new DomainError('unauthenticated');
  return token;
}

/** The stored form of the presented token, for a statement that checks the session itself (migration 0020). */
export const presentedTokenHash = (request: FastifyRequest): string => hashToken(presentedToken(request));

export function createAuthenticator(deps: { db: Db; clock: Clock }): Authenticator {
  return async (request) => {
    const token = presentedToken(request);
    const session = await checkSession(deps.db, token, deps.clock.now());
    if (session.status === 'expired') throw new DomainError('session_expired');
    if (session.status !== 'valid') throw new DomainError('unauthenticated');
    return { userId: session.userId, tokenHash: session.tokenHash };
  };
}

/** The caller of an authenticated operation (registerOperations guarantees it is set). */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Error('authOf() called on an operation without security');
  return request.auth;
}
