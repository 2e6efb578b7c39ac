import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False on the server and while the browser hydrates a server-rendered page, true after (and in a render that
 * hydrates nothing). For what the server leaves out and the hydration render must leave out too, so both agree:
 * parts that load their code when the browser is idle, or that read what only the browser knows.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
