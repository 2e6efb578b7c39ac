import { USER_COOKIE } from '../../domain/product';
import type { SessionUser } from '../../domain/session-user';

/**
 * The `tipjar-user` cookie (spec 3 "User session"): the non-secret user fields the app routes by, as
 * URI-encoded JSON. The auth token is not here: the server keeps it in an HttpOnly cookie (design.md §6).
 */

/** Matches the token's absolute lifetime on the server (12 h): the routing hint never outlives the session. */
export const USER_COOKIE_MAX_AGE_S = 12 * 60 * 60;

const STRING_FIELDS = ['userId', 'email', 'accountStatus', 'emailStatus'] as const;
const NULLABLE_FIELDS = ['username', 'country', 'fullName'] as const;

export function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    STRING_FIELDS.every((field) => typeof record[field] === 'string') &&
    NULLABLE_FIELDS.every(
      (field) => record[field] === null || record[field] === undefined || typeof record[field] === 'string',
    )
  );
}

/** Keeps only the known fields, so nothing else a script put in the cookie flows into the app. */
function pickUser(user: SessionUser): SessionUser {
  return {
    userId: user.userId,
    email: user.email,
    accountStatus: user.accountStatus,
    emailStatus: user.emailStatus,
    username: user.username ?? null,
    country: user.country ?? null,
    fullName: user.fullName ?? null,
  };
}

/** Reads the user from a `document.cookie` string; anything unreadable counts as logged out. */
export function parseUserCookie(cookieHeader: string): SessionUser | null {
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== USER_COOKIE) continue;
    try {
      const value: unknown = JSON.parse(decodeURIComponent(part.slice(separator + 1).trim()));
      return isSessionUser(value) ? pickUser(value) : null;
    } catch {
      return null;
    }
  }
  return null;
}

export function serializeUserCookie(user: SessionUser, { secure }: { secure: boolean }): string {
  const value = encodeURIComponent(JSON.stringify(pickUser(user)));
  return `${USER_COOKIE}=${value}; Path=/; Max-Age=${USER_COOKIE_MAX_AGE_S}; SameSite=Strict${secure ? '; Secure' : ''}`;
}

export function expiredUserCookie(): string {
  return `${USER_COOKIE}=; Path=/; Max-Age=0; SameSite=Strict`;
}

// Browser bindings, kept thin so everything above is testable without a DOM.

export function readUserCookie(): SessionUser | null {
  return parseUserCookie(document.cookie);
}

export function writeUserCookie(user: SessionUser): void {
  document.cookie = serializeUserCookie(user, { secure: window.location.protocol === 'https:' });
}

export function deleteUserCookie(): void {
  document.cookie = expiredUserCookie();
}
