import { createActorContext } from '@xstate/react';
import { useMemo, type ReactNode } from 'react';
import { profileSummaryMachine, type ProfileSummary } from '../../../machines/profile-summary.machine';
import { profileSummaryCalls } from '../../api/profile-summary-calls';
import { useApi } from '../../api/use-api';
import { SessionContext } from '../../app/providers/session-context';
import { ownProfileKey, takePrefetch } from '../../app/router/route-prefetch';
import { appInspect } from '../../lib/app-inspector';

/** The signed-in user's profile as the shell shows it; the profile page sends REFRESH after it saves. */
export const ProfileSummaryContext = createActorContext(profileSummaryMachine);

export function ProfileSummaryProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const userId = SessionContext.useSelector((snapshot) => snapshot.context.user?.userId ?? '');
  // The first load takes the read home's route may have started on a cold load (route-prefetch.ts).
  const logic = useMemo(
    () => profileSummaryMachine.provide({ actors: profileSummaryCalls(api, (id) => takePrefetch<ProfileSummary>(ownProfileKey(id))) }),
    [api],
  );
  // A new user (after signing in as someone else) gets a fresh summary.
  return (
    <ProfileSummaryContext.Provider key={userId} logic={logic} options={{ input: { userId }, inspect: appInspect }}>
      {children}
    </ProfileSummaryContext.Provider>
  );
}
