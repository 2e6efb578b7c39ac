import { useContext } from 'react';
import { ApiDepsContext } from './api-deps-context';
import { createApiClient, type ApiClient, type ApiClientDeps } from './client';

// One client per provider: every page shares it, and it is built only when a page first asks for it.
const clients = new WeakMap<ApiClientDeps, ApiClient>();

/** The client of these deps (the one `useApi` gives pages), for code outside React: a route's prefetch. */
export function apiClientFor(deps: ApiClientDeps): ApiClient {
  let client = clients.get(deps);
  if (!client) {
    client = createApiClient(deps);
    clients.set(deps, client);
  }
  return client;
}

/** The main API client, for providing machines' actors (`machine.provide({ actors: … })`). */
export function useApi(): ApiClient {
  const deps = useContext(ApiDepsContext);
  if (!deps) throw new Error('useApi must be used inside <ApiProvider>');
  return apiClientFor(deps);
}
