import { lazy, Suspense, useEffect } from 'react';
import { useHydrated } from '../../lib/use-hydrated';
import { NotificationsContext } from './notifications-context';

const loadRegion = () => import('./notification-region').then((m) => ({ default: m.NotificationRegion }));
const NotificationRegion = lazy(loadRegion);

/**
 * Mounts the notification view once there is something to show, keeping it (and the style runtime) out
 * of the entry chunk. The chunk is fetched right after the first render, so it is already there when a
 * failure (often a dropped connection) needs to be shown.
 */
export function NotificationHost() {
  const hasToasts = NotificationsContext.useSelector((snapshot) => snapshot.context.toasts.length > 0);
  // A failure told before a server-rendered page is hydrated (a call the route starts early) shows once it is: the
  // server rendered no region, and the hydrating render must match it (else React's error 418).
  const hydrated = useHydrated();
  useEffect(() => {
    void loadRegion().catch(() => {
      // Offline at start: the lazy component retries when a notification actually arrives.
    });
  }, []);
  if (!hasToasts || !hydrated) return null;
  return (
    <Suspense fallback={null}>
      <NotificationRegion />
    </Suspense>
  );
}
