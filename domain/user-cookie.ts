import { USER_COOKIE } from './product';
import type { SessionUser } from './session-user';

/**
 * The one format of the readable `tipjar-user` cookie (spec 3 "User session", docs/decisions.md), used by the
 * server when it sets the cookie and by the web app when it reads or rewrites it:
 *
 *   tipjar-user=<encodeURIComponent(JSON.stringify(user))>; Path=/; Max-Age=43200; SameSite=Strict[; Secure]
 *
 * `user` holds exactly the SessionUser fields (userId, email, accountStatus, emailStatus, username, country,
 * fullName, photo), unknown fields dropped. No token: the session lives in the HttpOnly `tipjar-session` cookie.
 */

/** The token's absolute lifetime (12 h): the routing hint never outlives the session. */
export const USER_COOKIE_MAX_AGE_S = 12 * 60 * 60;

const STRING_FIELDS = ['userId', 'email', 'accountStatus', 'emailStatus'] as const;
const NULLABLE_FIELDS = ['username', 'country', 'fullName', 'photo'] as const;

function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    STRING_FIELDS.every((field) => typeof record[field] === 'string') &&
    NULLABLE_FIELDS.every(
      (field) => record[field] === null || record[field] === undefined || typeof record[field] === 'string',
    )
  );
}

/** Keeps only the known fields, so nothing else (a token, a planted flag) flows in or out. */
function pickSessionUser(user: SessionUser): SessionUser {
  return {
    userId: user.userId,
    email: user.email,
    accountStatus: user.accountStatus,
    emailStatus: user.emailStatus,
    username: user.username ?? null,
    country: user.country ?? null,
    fullName: user.fullName ?? null,
    // Only a picture address of this app (domain/pictures.ts): the cookie is readable, so a planted value must not
    // make the app load an image from elsewhere.
    photo: typeof user.photo === 'string' && user.photo.startsWith('/api/media/avatar/') ? user.photo : null,
  };
}

/** The cookie's value, already encoded: set it as is (no second encoding). */
export function encodeUserCookieValue(user: SessionUser): string {
  return encodeURIComponent(JSON.stringify(pickSessionUser(user)));
}

/** The user in a raw cookie value; anything unreadable is null (logged out). */
function decodeUserCookieValue(raw: string): SessionUser | null {
  try {
    const value: unknown = JSON.parse(decodeURIComponent(raw));
    return isSessionUser(value) ? pickSessionUser(value) : null;
  } catch {
    return null;
  }
}

/** Reads the user from a `Cookie` header or `document.cookie` string. */
export function parseUserCookie(cookieHeader: string): SessionUser | null {
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== USER_COOKIE) continue;
    return decodeUserCookieValue(part.slice(separator + 1).trim());
  }
  return null;
}

/** The whole cookie line, for `document.cookie` (the server sets the same attributes through its cookie plugin). */
export function serializeUserCookie(user: SessionUser, { secure }: { secure: boolean }): string {
  return `${USER_COOKIE}=${encodeUserCookieValue(user)}; Path=/; Max-Age=${USER_COOKIE_MAX_AGE_S}; SameSite=Strict${secure ? '; Secure' : ''}`;
}

export function expiredUserCookie(): string {
  return `${USER_COOKIE}=; Path=/; Max-Age=0; SameSite=Strict`;
}
