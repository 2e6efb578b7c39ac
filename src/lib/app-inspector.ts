import type { InspectionEvent } from 'xstate';

/**
 * Live inspection for the flow explorer (issue 9): with `?inspect` in the address under `npm run dev`, machines
 * created with `{ inspect: appInspect }` report their transitions to /flows in another tab. In production builds
 * `import.meta.env.DEV` is false, `appInspect` is undefined and the broadcaster is never bundled or loaded.
 */
function createAppInspect(): ((event: InspectionEvent) => void) | undefined {
  if (!import.meta.env.DEV || typeof window === 'undefined') return undefined;
  if (!new URLSearchParams(window.location.search).has('inspect')) return undefined;
  // Events before the broadcaster has loaded wait for it, so the first transitions are not lost.
  let send: ((event: InspectionEvent) => void) | null = null;
  const queued: InspectionEvent[] = [];
  void import('../features/flows/inspect-broadcast').then(({ inspectBroadcaster }) => {
    send = inspectBroadcaster();
    queued.splice(0).forEach(send);
  });
  return (event) => {
    if (event.type !== '@xstate.microstep') return;
    if (send) send(event);
    else queued.push(event);
  };
}

export const appInspect = createAppInspect();
