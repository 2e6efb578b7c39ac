import { createContext, useContext } from 'react';
import type { Runtime } from './runtime';

/**
 * `loadRuntime` for a page that renders before the runtime (route-sets.ts `beforeRuntime`: the server sends it as HTML)
 * and needs it only when the person acts. Handed down from the entry (app.tsx) rather than imported: runtime.ts is the
 * entry's, and a page's chunk importing it, even dynamically, made the bundler split the entry's shared constants
 * into a chunk of their own, a request more on every first view.
 */
export const RuntimeLoaderContext = createContext<() => Promise<Runtime>>(() =>
  Promise.reject(new Error('RuntimeLoaderContext was read outside the app')),
);

export const useRuntimeLoader = () => useContext(RuntimeLoaderContext);
