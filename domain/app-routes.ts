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
export const RESERVED_NAMES = [
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
