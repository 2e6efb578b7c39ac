import { createContext } from 'react';
import type { ApiClientDeps } from './client';

/**
 * What the API client needs from the app (language, session, notifications), provided at the root.
 * Only the dependencies live in the entry chunk; the client itself (openapi-fetch and the middleware)
 * is built by `useApi` inside the lazy pages that call the server.
 */
export const ApiDepsContext = createContext<ApiClientDeps | null>(null);
