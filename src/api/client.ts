import createClient, { type Client } from 'openapi-fetch';
import type { paths } from '../../openapi/schema';
import { authTokenMiddleware } from './auth-token-middleware';
import { failureMiddleware, type FailureHandlers, type SessionEnders } from './failure-middleware';
import { langMiddleware } from './lang-middleware';

export interface ApiClientDeps extends FailureHandlers {
  getLang: () => string;
  getToken?: () => string | null;
  /** Absolute in tests (Node has no page origin); the browser uses the same-origin `/api`. */
  baseUrl?: string;
  /** openapi-fetch always hands over a finished Request. */
  fetch?: (request: Request) => Promise<Response>;
}

export type ApiClient = Client<paths>;

/**
 * The main API client (spec 7): typed from openapi/openapi.yaml, with the app's reactions to every call
 * as middleware. Its collaborators are injected, so the same client runs against a fake fetch in tests.
 */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  const client = createClient<paths>({
    baseUrl: deps.baseUrl ?? '/api',
    // Late-bound so a test (or a service worker shim) can swap globalThis.fetch after the client exists.
    fetch: (request: Request) => (deps.fetch ? deps.fetch(request) : globalThis.fetch(request)),
  });
  client.use(langMiddleware(deps.getLang), authTokenMiddleware(deps.getToken ?? (() => null)), failureMiddleware(deps));
  enders.set(client, deps);
  return client;
}

const enders = new WeakMap<ApiClient, SessionEnders>();

/**
 * How this client's session ends on a 401, for the one call that cannot go through openapi-fetch (the upload, by
 * XMLHttpRequest for its progress): it reacts to a 401 exactly like every other call.
 */
export function sessionEndersOf(client: ApiClient): SessionEnders {
  const found = enders.get(client);
  if (!found) throw new Error('not a client made by createApiClient');
  return found;
}
