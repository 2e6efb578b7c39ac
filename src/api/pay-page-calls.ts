import { fromPromise } from 'xstate';
import type { PublicProfileData } from '../../machines/public-profile.machine';
import type { HideSupporterInput, SupportersWallData } from '../../machines/supporters-wall.machine';
import type { ApiClient } from './client';
import { quiet } from './quiet';
import { toApiFailure, unwrap } from './unwrap';

/** The pay page's one call (getPublicProfile), as the public-profile machine's injected actor. */
export function publicProfileCalls(api: ApiClient) {
  return {
    loadPublicProfile: fromPromise<PublicProfileData, { username: string }>(async ({ input, signal }) =>
      unwrap(api.GET('/app/public/profile/{username}', { params: { path: { username: input.username } }, middleware: [quiet], signal })),
    ),
  };
}

/** The supporters wall's calls (getSupporters, hideSupporter), as the supporters-wall machine's injected actors. */
export function supportersCalls(api: ApiClient) {
  return {
    loadSupporters: fromPromise<SupportersWallData, { username: string }>(async ({ input, signal }) =>
      unwrap(
        api.GET('/app/public/profile/{username}/supporters', {
          params: { path: { username: input.username } },
          middleware: [quiet],
          signal,
        }),
      ),
    ),
    hideSupporter: fromPromise<void, HideSupporterInput>(async ({ input, signal }) => {
      const { error, response } = await api.DELETE('/app/user/{userId}/supporters/{supporterPaymentId}', {
        params: { path: input },
        middleware: [quiet],
        signal,
      });
      if (!response.ok) throw toApiFailure(response.status, error);
    }),
  };
}
