import { fromPromise } from 'xstate';
import type { ProfileSummary } from '../../machines/profile-summary.machine';
import type { ApiClient } from './client';
import { readProfileSummary } from './settings-calls';

/**
 * The shell's profile summary (profile-summary machine's injected `loadSummary`). Its first load takes a read already
 * under way, when the host has one (`prefetched`: home's route starts it on a cold load of home, so the page's
 * first-step card and the sidebar make one request between them). Only the first load: a REFRESH follows a save, and
 * a read started before the save must not stand in for it.
 */
export function profileSummaryCalls(client: ApiClient, prefetched: (userId: string) => Promise<ProfileSummary> | undefined) {
  let first = true;
  return {
    loadSummary: fromPromise<ProfileSummary, { userId: string }>(async ({ input, signal }) => {
      const waiting = first ? prefetched(input.userId) : undefined;
      first = false;
      return waiting ?? readProfileSummary(client, input.userId, signal);
    }),
  };
}
