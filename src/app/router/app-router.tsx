import { Suspense } from 'react';
import { Redirect, useLocation } from 'wouter';
import { SessionContext } from '../providers/session-context';
import { layouts } from './layouts';
import { pages } from './pages';
import { RouteErrorBoundary } from './route-error-boundary';
import { resolveRoute, ROUTE_SETS } from './route-sets';
import { selectRouteSet } from './select-route-set';

/**
 * Renders the current path within the route set of the session state: frame (layout) plus page, each
 * loaded lazily. The layout stays mounted while moving between its pages, so headers do not flicker;
 * each layout wraps its page in a PageBoundary (spinner, error view). Until the first layout arrives the
 * screen stays empty rather than flashing a spinner for a few milliseconds.
 */
export function AppRouter() {
  const routeSet = SessionContext.useSelector(selectRouteSet);
  const [location] = useLocation();
  const resolution = resolveRoute(ROUTE_SETS[routeSet], location);
  if (resolution.kind === 'redirect') return <Redirect to={resolution.to} replace />;
  const Layout = layouts[resolution.kind === 'page' ? resolution.route.layout : resolution.layout];
  const Page = resolution.kind === 'page' ? resolution.route.page : pages.notFound;
  return (
    <RouteErrorBoundary>
      <Suspense fallback={null}>
        <Layout>
          <Page />
        </Layout>
      </Suspense>
    </RouteErrorBoundary>
  );
}
