import type { InspectionEvent } from 'xstate';
import { RECORD_TRANSITION_BINDING } from './transition-binding';

type Inspector = (event: InspectionEvent) => void;

/** An inspector whose code is a lazy chunk: the microsteps before it has loaded wait for it, so none is lost. */
function deferred(load: Promise<Inspector>): Inspector {
  let send: Inspector | null = null;
  const queued: InspectionEvent[] = [];
  void load.then((loaded) => {
    send = loaded;
    queued.splice(0).forEach(loaded);
  });
  return (event) => {
    if (event.type !== '@xstate.microstep') return;
    if (send) send(event);
    else queued.push(event);
  };
}

/**
 * What machines created with `{ inspect: appInspect }` report to (every machine actor the app starts):
 *
 * - live inspection for the flow explorer (issue 9): with `?inspect` in the address under `npm run dev`, the
 *   transitions go to /flows in another tab. `import.meta.env.DEV` is false in a build: the branch and the
 *   broadcaster are not bundled;
 * - the transition recorder (issue 27, docs/flows/README.md "Browser coverage"): under `npm run dev`, or when the
 *   browser tests have put their binding on the page. A production page has no binding: `appInspect` is undefined,
 *   the actors are not inspected and the recorder's chunk is never requested (tests/e2e/bundle-budget.spec.ts).
 */
function createAppInspect(): Inspector | undefined {
  if (typeof window === 'undefined') return undefined;
  const broadcast =
    import.meta.env.DEV && new URLSearchParams(window.location.search).has('inspect')
      ? deferred(import('../features/flows/inspect-broadcast').then(({ inspectBroadcaster }) => inspectBroadcaster()))
      : undefined;
  const record =
    import.meta.env.DEV || RECORD_TRANSITION_BINDING in window
      ? deferred(import('./transition-recording').then(({ transitionRecording }) => transitionRecording()))
      : undefined;
  return broadcast && record ? (event) => (broadcast(event), record(event)) : (broadcast ?? record);
}

export const appInspect = createAppInspect();
