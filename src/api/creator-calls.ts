import { fromPromise } from 'xstate';
import type { PricePointValues } from '../../machines/price-point.machine';
import type { PricePoint, ProfileData } from '../../machines/profile.machine';
import type { ApiClient } from './client';
import { quiet } from './quiet';
import { unwrap } from './unwrap';
import { creationKeys } from './submission-keys';

/**
 * The creator machines' invoked actors in the browser, one contract call each. Form calls are `quiet` (the form
 * shows the failure); loading and removing are not, so a failure reaches the error notification by itself.
 */
export function creatorCalls(client: ApiClient) {
  return {
    loadProfile: fromPromise<ProfileData, { userId: string }>(async ({ input, signal }) =>
      unwrap(client.GET('/app/user/{userId}/profile', { params: { path: { userId: input.userId } }, signal })),
    ),
    saveBio: fromPromise<ProfileData, { userId: string; bio_message: string }>(async ({ input, signal }) =>
      unwrap(
        client.PATCH('/app/user/{userId}/profile', {
          params: { path: { userId: input.userId } },
          body: { bio_message: input.bio_message },
          middleware: [quiet],
          signal,
        }),
      ),
    ),
    removePricePoint: fromPromise<PricePoint[], { userId: string; pricePointId: string }>(async ({ input, signal }) => {
      const list = await unwrap(
        client.DELETE('/app/user/{userId}/price-points/{pricePointId}', {
          params: { path: { userId: input.userId, pricePointId: input.pricePointId } },
          middleware: [quiet],
          signal,
        }),
      );
      return list.data;
    }),
    addPricePoint: fromPromise<void, PricePointValues & { userId: string }>(async ({ input, signal }) => {
      const { userId, ...body } = input;
      await creationKeys.run('addPricePoint', input, (key) =>
        unwrap(
          client.POST('/app/user/{userId}/price-points', { params: { path: { userId }, header: { 'Idempotency-Key': key } }, body, middleware: [quiet], signal }),
        ),
      );
    }),
  };
}
