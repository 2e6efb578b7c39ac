import { useSyncExternalStore } from 'react';
import { readUserCookie } from '../../lib/user-cookie';
import { sessionRequests } from '../providers/session-requests';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../../domain/limits';
import { loadWithin } from '../router/lazy-page';
import type { Runtime } from './runtime-type';

export type { Runtime } from './runtime-type';

/**
 * The runtime (xstate, both machines, their browser effects) is a chunk of its own, ~15 KB gzip: a visitor's
 * landing and information pages render without it, and it loads when the browser is idle or the first page that
 * needs it is opened. Someone with the `tipjar-user` cookie needs it at once (the route set depends on the
 * session), so main.tsx starts it before the first render and the router waits for it: no flash of the landing.
 * One runtime per page load, outside React, so StrictMode's double effects cannot start a second one.
 */
let runtime: Runtime | null = null;
let loading: Promise<Runtime> | null = null;
const listeners = new Set<() => void>();

export function loadRuntime(): Promise<Runtime> {
  loading ??= loadWithin(import('./start-runtime'), CHUNK_LOAD_TIMEOUT_MS).then(
    ({ startRuntime }) => {
      runtime = startRuntime({ requests: sessionRequests, user: readUserCookie() });
      listeners.forEach((listener) => listener());
      return runtime;
    },
    (error: unknown) => {
      // The next page that needs it asks again (the failed one shows the reload prompt).
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Whether there is a session to restore: then nothing renders before the runtime. */
export const hasStoredUser = () => readUserCookie() !== null;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The runtime a server render renders with (src/prerender), and the one the browser hydrates that render with
 * (main.tsx): a signed-in page's, or null for a visitor's page, which renders before the runtime.
 */
let rendering: Runtime | null = null;

export function renderWithRuntime(value: Runtime | null): void {
  rendering = value;
}

/** The runtime once it has started, or null; re-renders when it starts. */
export function useRuntime(): Runtime | null {
  return useSyncExternalStore(subscribe, () => runtime, () => rendering);
}
