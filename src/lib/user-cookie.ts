import type { SessionUser } from '../../domain/session-user';
import { expiredUserCookie, parseUserCookie, serializeUserCookie } from '../../domain/user-cookie';

/**
 * Browser bindings of the `tipjar-user` cookie. Its format lives in domain/user-cookie.ts, shared with the
 * server that sets it, so both sides read and write the same bytes.
 */
;

export function readUserCookie(): SessionUser | null {
  // The server's render of a visitor's page (src/prerender) has no document: a visitor has no user.
  if (typeof document === 'undefined') return null;
  return parseUserCookie(document.cookie);
}

export function writeUserCookie(user: SessionUser): void {
  document.cookie = serializeUserCookie(user, { secure: window.location.protocol === 'https:' });
}

export function deleteUserCookie(): void {
  document.cookie = expiredUserCookie();
}
