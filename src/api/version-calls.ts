import { fromPromise } from 'xstate';
import { fetchServerVersion, type VersionClient } from './version-client';

/** The version-check machine's injected call, on the second client (src/api/version-client.ts). */
export function versionCalls(client: VersionClient) {
  return {
    fetchServerVersion: fromPromise<string>(({ signal }) => fetchServerVersion(client, signal)),
  };
}
