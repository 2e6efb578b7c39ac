import type { ComponentType } from 'react';
import {
  EXPIRED_SESSION_PATH,
  FAQ_PATH,
  HELP_PATH,
  HOW_IT_WORKS_PATH,
  LOGIN_PATH,
  PAYMENT_PATH,
  PROFILE_PATH,
  SETTINGS_PATH,
  SET_UP_PATH,
  SIGN_UP_PATH,
  TRANSACTIONS_PATH,
  WELCOME_PATH,
  WITHDRAW_FUNDS_PATH,
} from '../../config/paths';
import { LEGAL_PATHS } from '../../features/legal/legal-documents';
import type { LayoutKind } from './layouts';
import { pages } from './pages';

export interface RouteDef {
  path: string;
  page: ComponentType;
  layout: LayoutKind;
}

export interface RouteSet {
  routes: readonly RouteDef[];
  /** Paths that belong to another session state and lead somewhere sensible instead of a 404. */
  redirects?: Readonly<Record<string, string>>;
  /** When set, every path outside `routes` goes here (spec 2: set-up users only have /set-up). */
  redirectOthersTo?: string;
  /** The frame a 404 appears in. */
  notFoundLayout: LayoutKind;
}

export type RouteSetName = 'loggedOut' | 'setUp' | 'signedIn';

/**
 * The information pages (issue 8): how it works, FAQ, help and the six legal pages exist in both route sets,
 * in the frame of the visitor's state (public header and footer, or the signed-in shell) — never the auth layout.
 */
const informationRoutes = (layout: LayoutKind): RouteDef[] => [
  { path: HOW_IT_WORKS_PATH, page: pages.howItWorks, layout },
  { path: FAQ_PATH, page: pages.faq, layout },
  { path: HELP_PATH, page: pages.help, layout },
  ...LEGAL_PATHS.map((path) => ({ path, page: pages.legal, layout })),
];

/**
 * Spec 2 "Route sets by session state": which paths exist depends only on the session machine's state.
 * Pages that skip the two-column auth layout (/, the information pages) use the public frame.
 * `/verify-success-mobile`, /check-email and the other account pages arrive with the accounts issue.
 */
export const ROUTE_SETS: Record<RouteSetName, RouteSet> = {
  loggedOut: {
    routes: [
      { path: '/', page: pages.landing, layout: 'public' },
      ...informationRoutes('public'),
      { path: WELCOME_PATH, page: pages.welcome, layout: 'auth' },
      { path: LOGIN_PATH, page: pages.signIn, layout: 'auth' },
      { path: SIGN_UP_PATH, page: pages.signUp, layout: 'auth' },
      { path: EXPIRED_SESSION_PATH, page: pages.expiredSession, layout: 'auth' },
    ],
    notFoundLayout: 'public',
  },
  setUp: {
    routes: [{ path: SET_UP_PATH, page: pages.setUp, layout: 'minimal' }],
    redirectOthersTo: SET_UP_PATH,
    notFoundLayout: 'minimal',
  },
  signedIn: {
    routes: [
      { path: '/', page: pages.home, layout: 'app' },
      { path: TRANSACTIONS_PATH, page: pages.transactions, layout: 'app' },
      { path: WITHDRAW_FUNDS_PATH, page: pages.withdrawFunds, layout: 'app' },
      { path: SETTINGS_PATH, page: pages.settings, layout: 'app' },
      { path: PROFILE_PATH, page: pages.profile, layout: 'app' },
      { path: PAYMENT_PATH, page: pages.payment, layout: 'app' },
      ...informationRoutes('app'),
    ],
    // A signed-in user following an old sign-in link lands home rather than on a 404.
    redirects: {
      [LOGIN_PATH]: '/',
      [SIGN_UP_PATH]: '/',
      [WELCOME_PATH]: '/',
      [SET_UP_PATH]: '/',
      [EXPIRED_SESSION_PATH]: '/',
    },
    notFoundLayout: 'app',
  },
};

/** Trailing slashes are the same page: `/welcome/` is `/welcome`. */
export function normalizePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export type Resolution =
  | { kind: 'page'; route: RouteDef }
  | { kind: 'redirect'; to: string }
  | { kind: 'notFound'; layout: LayoutKind };

/** What a path shows in a route set: a page, a redirect or the 404. Pure, so it is unit-tested. */
export function resolveRoute(set: RouteSet, rawPath: string): Resolution {
  const path = normalizePath(rawPath);
  const route = set.routes.find((candidate) => candidate.path === path);
  if (route) return { kind: 'page', route };
  const target = set.redirects?.[path] ?? set.redirectOthersTo;
  if (target !== undefined && target !== path) return { kind: 'redirect', to: target };
  return { kind: 'notFound', layout: set.notFoundLayout };
}
