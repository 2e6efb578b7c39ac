import { fromPromise } from 'xstate';
import type { OpenOrders } from '../../machines/payments/open-orders.view';
import type { ApiClient } from './client';
import { quiet } from './quiet';
import { unwrap } from './unwrap';

/**
 * The creator's open orders (listOpenOrders), as the resource-view machine's `load`. Quiet on home (a failure only
 * hides the card), loud on the list screen, which shows its own "didn't load" with a retry either way.
 */
export function loadOpenOrders(client: ApiClient, userId: string, options: { quiet: boolean }) {
  // The resource-view machine's data is opaque (`unknown`); the pages read it back as OpenOrders.
  return fromPromise<unknown, void>(({ signal }): Promise<OpenOrders> =>
    unwrap(
      client.GET('/app/user/{userId}/orders/open', {
        params: { path: { userId } },
        ...(options.quiet ? { middleware: [quiet] } : {}),
        signal,
      }),
    ),
  );
}
