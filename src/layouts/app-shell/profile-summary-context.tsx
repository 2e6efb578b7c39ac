import { createActorContext } from '@xstate/react';
import { useMemo, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import { profileSummaryMachine, type ProfileSummary } from '../../../machines/profile-summary.machine';
import type { ApiClient } from '../../api/client';
import { useApi } from '../../api/use-api';
import { SessionContext } from '../../app/providers/session-context';
import { ownProfileKey, takePrefetch } from '../../app/router/route-prefetch';
import { readProfileSummary } from '../../api/settings-calls';
import { appInspect } from '../../lib/app-inspector';

/**
 * The summary's first load takes the profile read that home's route started on a cold load of home
 * (route-prefetch.ts), so the page's first-step card and the sidebar make one request between them. Only the first
 * load: a REFRESH follows a save, and a read started before the save must not stand in for it.
 */
function summaryLoader(client: ApiClient) {
  let first = true;
  return fromPromise<ProfileSummary, { userId: string }>(async ({ input, signal }) => {
    const waiting = first ? takePrefetch<ProfileSummary>(ownProfileKey(input.userId)) : undefined;
    first = false;
    return waiting ?? readProfileSummary(client, input.userId, signal);
  });
}

/** The signed-in user's profile as the shell shows it; the profile page sends REFRESH after it saves. */
export const ProfileSummaryContext = createActorContext(profileSummaryMachine);

export function ProfileSummaryProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const userId = SessionContext.useSelector((snapshot) => snapshot.context.user?.userId ?? '');
  const logic = useMemo(() => profileSummaryMachine.provide({ actors: { loadSummary: summaryLoader(api) } }), [api]);
  // A new user (after signing in as someone else) gets a fresh summary.
  return (
    <ProfileSummaryContext.Provider key={userId} logic={logic} options={{ input: { userId }, inspect: appInspect }}>
      {children}
    </ProfileSummaryContext.Provider>
  );
}
