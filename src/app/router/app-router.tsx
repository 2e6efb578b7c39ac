import { Suspense } from 'react';
import { Redirect, useLocation } from 'wouter';
import { SessionContext } from '../providers/session-context';
import { layouts } from './layouts';
import { lazyPage, preloadPage } from './lazy-page';
import { pages } from './pages';
import { RouteErrorBoundary } from './route-error-boundary';
import { PUBLIC_ROUTE_SETS, resolveRoute, type RouteSet } from './route-sets';
import { selectRouteSet } from './select-route-set';

/** The signed-in route table and its pages arrive as a chunk of their own (the entry has a 110 KB budget). */
const SignedInRoutes = lazyPage(() => import('./signed-in-routes').then((m) => () => <RouteSetView set={m.SIGNED_IN_ROUTE_SET} />));

/**
 * Renders the current path within the route set of the session state: frame (layout) plus page, each
 * loaded lazily. The layout stays mounted while moving between its pages, so headers do not flicker;
 * each layout wraps its page in a PageBoundary (spinner, error view). Until the first layout arrives the
 * screen stays empty rather than flashing a spinner for a few milliseconds.
 */
export function AppRouter() {
  const routeSet = SessionContext.useSelector(selectRouteSet);
  return (
    <RouteErrorBoundary>
      <Suspense fallback={null}>{routeSet === 'signedIn' ? <SignedInRoutes /> : <RouteSetView set={PUBLIC_ROUTE_SETS[routeSet]} />}</Suspense>
    </RouteErrorBoundary>
  );
}

function RouteSetView({ set }: { set: RouteSet }) {
  const [location] = useLocation();
  const resolution = resolveRoute(set, location);
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
