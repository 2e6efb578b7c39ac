import type { ComponentType } from 'react';
import type { Runtime } from '../runtime/runtime';
import type { SessionArea } from '../../../machines/session.view';
import {
  FLOWS_PATH,
  CHECK_EMAIL_PATH,
  EXPIRED_LINK_PATH,
  EXPIRED_SESSION_PATH,
  FAQ_PATH,
  FORGOT_PASSWORD_PATH,
  HELP_PATH,
  RESET_PASSWORD_PATH,
  VERIFY_EMAIL_PATH,
  VERIFY_SUCCESS_PATH,
  HOW_IT_WORKS_PATH,
  LOGIN_PATH,
  SET_UP_PATH,
  SIGN_UP_PATH,
  WELCOME_PATH,
} from '../../config/paths';
import { LEGAL_PATHS } from '../../lib/legal-documents';
import type { LayoutKind } from './layouts';
import { pages } from './pages';
import { flowExplorerEnabled } from '../../config/features';
import { isPublicProfilePath, normalizePath, PUBLIC_PROFILE_NAMESPACES } from '../../../domain/app-routes';

export interface RouteDef {
  path: string;
  /** A lazy page (preload fetches it ahead of its render), or a plain component. */
  page: ComponentType & { preload?: () => Promise<void> };
  layout: LayoutKind;
  /** Renders before the runtime (xstate, the session) has started: reads no session, notification or API. The
   * landing and the information pages, so a visitor's first view downloads none of it (src/app/runtime). */
  beforeRuntime?: boolean;
  /** The translation namespaces the page reads besides common/errors: fetched with its chunks for the first view. */
  ns?: readonly string[];
  /** Starts the page's first data calls with its chunk on a first view (route-prefetch.ts); its machine takes them.
   * Given the runtime's promise, so the calls' own chunk is asked for before the runtime (and the shell) are there. */
  prefetch?: (runtime: Promise<Runtime>) => void;
  /** A signed-in page the server renders (src/prerender/render-signed-in-page.tsx): its first render reads only the
   * session's user, the path and the strings (no query, browser storage or width), so the browser can hydrate it. */
  serverRendered?: boolean;
}

export interface RouteSet {
  routes: readonly RouteDef[];
  /** Paths that belong to another session state and lead somewhere sensible instead of a 404. */
  redirects?: Readonly<Record<string, string>>;
  /** When set, every path outside `routes` goes here (spec 2: set-up users only have /set-up). */
  redirectOthersTo?: string;
  /** The frame a 404 appears in. */
  notFoundLayout: LayoutKind;
  /** A creator's public page at `/{username}` (issue 7), in this frame; tried after every named route. */
  publicProfileLayout?: LayoutKind;
}

/** One route set for each app the session can open (`sessionArea`). */
export type RouteSetName = SessionArea;

/**
 * The information pages (issue 8): how it works, FAQ, help and the six legal pages exist in both route sets,
 * in the frame of the visitor's state (public header and footer, or the signed-in shell) — never the auth layout.
 */
export const informationRoutes = (layout: LayoutKind): RouteDef[] => [
  { path: HOW_IT_WORKS_PATH, page: pages.howItWorks, layout, beforeRuntime: true, ns: ['marketing'] },
  { path: FAQ_PATH, page: pages.faq, layout, beforeRuntime: true, ns: ['support'] },
  { path: HELP_PATH, page: pages.help, layout, beforeRuntime: true, ns: ['support'] },
  ...LEGAL_PATHS.map((path) => ({ path, page: pages.legal, layout, beforeRuntime: true, ns: ['legal'] })),
];

/**
 * The flow explorer (issue 9) exists in every session state when it is on (development, or FLOW_EXPLORER=on):
 * a reviewer inspects machines whether signed in or not, and its chunk is never loaded when it is off.
 */
export const flowRoutes = (): RouteDef[] => (flowExplorerEnabled() ? [{ path: FLOWS_PATH, page: pages.flows, layout: 'tool' }] : []);

/**
 * Email verification exists in every session state (docs/decisions.md): sign-up signs in, so the code page comes
 * after the session exists and before set-up, and an emailed link must work in any browser that opens it.
 */
export const verificationRoutes = (layout: LayoutKind): RouteDef[] => [
  { path: CHECK_EMAIL_PATH, page: pages.checkEmail, layout },
  { path: VERIFY_EMAIL_PATH, page: pages.verifyEmail, layout },
  { path: EXPIRED_LINK_PATH, page: pages.expiredLink, layout },
];

/**
 * Spec 2 "Route sets by session state": which paths exist depends only on the session machine's state. The
 * signed-in set is in signed-in-routes.ts, loaded only once someone is signed in (it names 20-odd more pages).
 * Pages that skip the two-column auth layout (/, the information pages) use the public frame; /verify-success-mobile
 * the minimal one.
 */
export const PUBLIC_ROUTE_SETS: Record<Exclude<RouteSetName, 'signedIn'>, RouteSet> = {
  loggedOut: {
    routes: [
      { path: '/', page: pages.landing, layout: 'public', beforeRuntime: true, ns: ['marketing'] },
      ...informationRoutes('public'),
      { path: WELCOME_PATH, page: pages.welcome, layout: 'auth', beforeRuntime: true },
      { path: LOGIN_PATH, page: pages.signIn, layout: 'auth', beforeRuntime: true, ns: ['accounts'] },
      { path: SIGN_UP_PATH, page: pages.signUp, layout: 'auth' },
      { path: EXPIRED_SESSION_PATH, page: pages.expiredSession, layout: 'auth' },
      ...verificationRoutes('auth'),
      { path: VERIFY_SUCCESS_PATH, page: pages.verifySuccess, layout: 'minimal' },
      { path: FORGOT_PASSWORD_PATH, page: pages.forgotPassword, layout: 'auth' },
      { path: RESET_PASSWORD_PATH, page: pages.resetPassword, layout: 'auth' },
      ...flowRoutes(),
    ],
    notFoundLayout: 'public',
    publicProfileLayout: 'public',
  },
  setUp: {
    routes: [{ path: SET_UP_PATH, page: pages.setUp, layout: 'minimal' }, ...verificationRoutes('minimal'), ...flowRoutes()],
    redirectOthersTo: SET_UP_PATH,
    notFoundLayout: 'minimal',
  },
};

export type Resolution =
  | { kind: 'page'; route: RouteDef }
  | { kind: 'redirect'; to: string }
  | { kind: 'notFound'; layout: LayoutKind };

/** What a path shows in a route set: a page, a redirect or the 404. Pure, so it is unit-tested. */
export function resolveRoute(set: RouteSet, rawPath: string): Resolution {
  const path = normalizePath(rawPath);
  const route = set.routes.find((candidate) => candidate.path === path);
  if (route) return { kind: 'page', route };
  if (set.publicProfileLayout && isPublicProfilePath(path)) {
    return { kind: 'page', route: { path, page: pages.publicProfile, layout: set.publicProfileLayout, ns: PUBLIC_PROFILE_NAMESPACES } };
  }
  const target = set.redirects?.[path] ?? set.redirectOthersTo;
  if (target !== undefined && target !== path) return { kind: 'redirect', to: target };
  return { kind: 'notFound', layout: set.notFoundLayout };
}
