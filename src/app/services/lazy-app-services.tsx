import { lazy, Suspense } from 'react';
import { whenIdle } from '../../lib/when-idle';
import { SilentBoundary } from '../../ui/silent-boundary';

// The chunk is requested only after the first render has settled: none of it is needed to show the page.
const AppServices = lazy(() => whenIdle().then(() => import('./app-services')).then((m) => ({ default: m.AppServices })));

/** App-wide background services (version check, support widgets), kept out of the entry chunk. */
export function LazyAppServices() {
  return (
    <SilentBoundary>
      <Suspense fallback={null}>
        <AppServices />
      </Suspense>
    </SilentBoundary>
  );
}
