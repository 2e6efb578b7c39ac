import { Suspense, use } from 'react';
import { Redirect, useLocation } from 'wouter';
import { hasStoredUser, loadRuntime, type Runtime } from '../runtime/runtime';
import { useActorSelector } from '../../lib/use-actor-selector';
import { layouts } from './layouts';
import { lazyPage, preloadPage } from './lazy-page';
import { pages } from './pages';
import { RouteErrorBoundary } from './route-error-boundary';
import { PUBLIC_ROUTE_SETS, resolveRoute, type RouteSet } from './route-sets';
import { sessionArea } from '../../../machines/session.view';

let signedInFirstView: Promise<unknown> = Promise.resolve();

/** The signed-in route table and its pages arrive as a chunk of their own (the entry has a 110 KB budget); on arrival
 * it starts the first view's shell, page, strings and data (signed-in-first-view.ts). */
export const SignedInRoutes = lazyPage(() =>
  import('./signed-in-routes').then((m) => {
    // The server's render has its page, strings and shell loaded before it starts, and no data to fetch.
    if (!import.meta.env.SSR) signedInFirstView = m.startFirstView(loadRuntime);
    return () => <RouteSetView set={m.SIGNED_IN_ROUTE_SET} />;
  }),
);

/** The signed-in table, then its first view's page, strings and shell (main.tsx renders once they are here). */
export const preloadSignedInFirstView = (): Promise<unknown> => SignedInRoutes.preload().then(() => signedInFirstView);

/**
 * Renders the current path within the route set of the session state: frame (layout) plus page, each
 * loaded lazily. The layout stays mounted while moving between its pages, so headers do not flicker;
 * each layout wraps its page in a PageBoundary (spinner, error view). Until the first layout arrives the
 * screen stays empty rather than flashing a spinner for a few milliseconds.
 */
export function AppRouter({ runtime }: { runtime: Runtime | null }) {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={null}>
        <Routes runtime={runtime} />
      </Suspense>
    </RouteErrorBoundary>
  );
}

function Routes({ runtime }: { runtime: Runtime | null }) {
  const started = useActorSelector(runtime?.session, (snapshot) => (snapshot ? sessionArea(snapshot) : null));
  // Before the runtime: a visitor (no stored user) is logged out; someone with a stored user waits for it (no
  // flash of the landing on the way home).
  const routeSet = started ?? (hasStoredUser() ? null : 'loggedOut');
  if (routeSet === null) use(loadRuntime());
  return routeSet === 'signedIn' ? (
    <SignedInRoutes />
  ) : (
    <RouteSetView set={PUBLIC_ROUTE_SETS[routeSet ?? 'loggedOut']} started={started !== null} />
  );
}

function RouteSetView({ set, started = true }: { set: RouteSet; started?: boolean }) {
  const [location] = useLocation();
  const resolution = resolveRoute(set, location);
  // Only the pages marked beforeRuntime (no session, notifications or API) render before the runtime starts.
  if (!started && !(resolution.kind === 'page' && resolution.route.beforeRuntime)) use(loadRuntime());
  if (resolution.kind === 'redirect') return <Redirect to={resolution.to} replace />;
  const Layout = layouts[resolution.kind === 'page' ? resolution.route.layout : resolution.layout];
  const Page = resolution.kind === 'page' ? resolution.route.page : pages.notFound;
  // The page renders inside the layout, so React would ask for its chunk only once the layout's chunk has arrived
  // and rendered: on a first visit that chained two downloads. Asked for here, both load at once.
  preloadPage(Page);
  return (
    <Layout>
      <Page />
    </Layout>
  );
}
