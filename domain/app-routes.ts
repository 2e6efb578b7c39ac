/**
 * The first path segment of every route the app owns (spec section 2, plus the server's own prefixes).
 * A creator's public page lives at `/{username}`, so no username may equal one of these: the one list both the
 * username rule (domain/rules/account-rules.ts) and the router read. Add a route here when you add it to the app.
 */
export const APP_ROUTE_SEGMENTS = [
  // Logged-in routes
  'profile',
  'settings',
  'transactions',
  'payment',
  'withdraw-funds',
  'change-password',
  'contacts',
  'account-info',
  // Logged-out routes
  'welcome',
  'sign-in',
  'sign-up',
  'check-email',
  'verify-email',
  'expired-link',
  'forgot-password',
  'reset-password',
  'how-it-works',
  'verify-success-mobile',
  'expired-session',
  'set-up',
  // Legal pages
  'terms-of-service',
  'creator-terms-of-service',
  'privacy-policy',
  'dmca',
  'acceptable-use-guidelines',
  'community-guidelines',
  'legal',
  // Server and tooling prefixes
  'api',
  'assets',
  'flows',
  'audit',
  'media',
  'dev',
] as const;

/**
 * Names no user may take although no route uses them yet: they would read as the product speaking, or are
 * routes a money app commonly grows (kept here so they cannot be claimed first).
 */
const RESERVED_NAMES = [
  'admin',
  'administrator',
  'root',
  'system',
  'support',
  'help',
  'faq',
  'security',
  'login',
  'logout',
  'signin',
  'signup',
  'register',
  'account',
  'accounts',
  'user',
  'users',
  'me',
  'home',
  'about',
  'terms',
  'privacy',
  'static',
  'public',
  'tipjar',
  'null',
  'undefined',
  'favicon.ico',
  'robots.txt',
  'index.html',
] as const;

const reserved: ReadonlySet<string> = new Set([...APP_ROUTE_SEGMENTS, ...RESERVED_NAMES]);

/** True when a username would collide with a route of the app (compared ignoring case). */
export function isReservedName(name: string): boolean {
  return reserved.has(name.toLowerCase());
}

// The username shape of domain/rules/account-rules.ts (3-30 letters, digits, periods, underscores), kept here too
// so the router needs no rules module.
const PUBLIC_PROFILE_PATH = /^\/([A-Za-z0-9_](?:[A-Za-z0-9._]{1,28})[A-Za-z0-9_])$/;

/**
 * The translation namespaces a creator's pay page `/{username}` reads besides common and errors: loaded with its
 * chunks on a first view (the browser's router) and named in its HTML as preloads (the server), so the page the
 * server rendered is hydrated, not rendered again once its strings arrive.
 */
export const PUBLIC_PROFILE_NAMESPACES: readonly string[] = ['creators'];

/**
 * True for `/{username}`: one segment shaped like a username that is not one of the app's own names. Only a
 * shape: whether the user exists is the public page's question to the server (a 404 page when not).
 */
export function isPublicProfilePath(path: string): boolean {
  const match = PUBLIC_PROFILE_PATH.exec(path);
  return match !== null && !match[1]!.includes('..') && !isReservedName(match[1]!);
}

/** Trailing slashes are the same page: `/welcome/` is `/welcome`. */
export function normalizePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}
