import createClient, { type Client } from 'openapi-fetch';
import type { paths } from '../../openapi/schema';
import { langMiddleware } from './lang-middleware';
import { problemDetail } from './problem';

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

/** A check the server answered with a failure; `detail` is its localised explanation, when it gave one. */
export class VersionCheckError extends Error {
  override name = 'VersionCheckError';
  constructor(readonly detail: string | null) {
    super(detail ?? 'Version check failed');
  }
}

/** The running server's version. Rejects with a VersionCheckError, or with fetch's own error when offline. */
export async function fetchServerVersion(client: VersionClient, signal?: AbortSignal): Promise<string> {
  const { data, error } = await client.GET('/app/version', { signal });
  if (!data) throw new VersionCheckError(problemDetail(error ?? null));
  return data.version;
}
