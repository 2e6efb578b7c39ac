import createClient, { type Client } from 'openapi-fetch';
import type { paths } from '../../openapi/schema';
import { langMiddleware } from './lang-middleware';

export interface VersionClientDeps {
  getLang: () => string;
  baseUrl?: string;
  /** openapi-fetch always hands over a finished Request. */
  fetch?: (request: Request) => Promise<Response>;
}

export type VersionClient = Client<paths>;

/**
 * The second client (spec 7 "Other"): only the 60-second version poll uses it. It carries `lang` like the
 * main client but not the main client's reactions: a failed poll must never log the user out; the
 * version-check flow decides what its failure shows.
 */
export function createVersionClient(deps: VersionClientDeps): VersionClient {
  const client = createClient<paths>({
    baseUrl: deps.baseUrl ?? '/api',
    fetch: (request: Request) => (deps.fetch ? deps.fetch(request) : globalThis.fetch(request)),
  });
  client.use(langMiddleware(deps.getLang));
  return client;
}

/** The running server's version, or the call's failure. */
export async function fetchServerVersion(client: VersionClient, signal?: AbortSignal): Promise<string> {
  const { data, error } = await client.GET('/app/version', { signal });
  if (!data) throw new Error(error?.detail ?? 'Version check failed');
  return data.version;
}
