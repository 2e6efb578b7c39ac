import { fromPromise } from 'xstate';
import type { HomeData } from '../../../machines/home-activity.machine';
import { signedInUser } from '../../../machines/session.view';
import { apiClientFor } from '../../api/use-api';
import type { ApiClient } from '../../api/client';
import { offerPrefetch, ownProfileKey, takePrefetch } from '../../app/router/route-prefetch';
import type { Runtime } from '../../app/runtime/runtime';
import { loadHomeData, loadOwnProfile } from '../../api/activity-calls';

const key = (userId: string) => `home:${userId}`;

/**
 * Home's route prefetch (signed-in-routes.ts): on a first view its calls start once the runtime and this small chunk
 * have arrived, beside the page's chunk, instead of after the page, its strings and its machine's first render.
 */
export function prefetchHome(runtime: Runtime): void {
  // A stored user who turns out to need set-up sees /set-up, not home: nothing to fetch for them.
  const user = signedInUser(runtime.session.getSnapshot());
  if (!user) return;
  const client = apiClientFor(runtime.api);
  offerPrefetch(key(user.userId), () => {
    const profile = loadOwnProfile(client, user.userId);
    // The shell's sidebar shows the same profile: its first load takes this read rather than asking again.
    offerPrefetch(ownProfileKey(user.userId), () => profile);
    return loadHomeData(client, user.userId, undefined, profile);
  });
}

/** The home machine's `loadHome` in the browser: the route's answer if one is waiting, else the calls themselves. */
export function loadHome(client: ApiClient) {
  return fromPromise<HomeData, { userId: string }>(
    ({ input, signal }) => takePrefetch<HomeData>(key(input.userId)) ?? loadHomeData(client, input.userId, signal),
  );
}
