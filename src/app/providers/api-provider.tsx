import type { ReactNode } from 'react';
import { ApiDepsContext } from '../../api/api-deps-context';
import type { Runtime } from '../runtime/runtime';

/**
 * Connects the API client's reactions to the app (the runtime's `api`, built in start-runtime.ts so a route can
 * start its first calls outside React with the same reactions). Pages get the client with `useApi()`; none that
 * calls the server renders before the runtime has started, so until then there is nothing to provide.
 */
export function ApiProvider({ runtime, children }: { runtime: Runtime | null; children: ReactNode }) {
  return <ApiDepsContext.Provider value={runtime?.api ?? null}>{children}</ApiDepsContext.Provider>;
}
