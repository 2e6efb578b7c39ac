import { useEffect } from 'react';
import { changesOpenOrders } from '../../machines/payments/open-orders.view';
import { followLiveUpdates } from '../api/live-updates';

/**
 * The open orders read again when the live stream says one of the creator's payments changed (an order arrived, was
 * replied to or refunded) or it reconnected: RELOAD to their resource-view machine, while the page is shown. Here, not
 * in a feature: the open orders page and home's orders card both use it, and features do not import each other.
 */
export function useReloadOnOrderChanges(send: (event: { type: 'RELOAD' }) => void): void {
  useEffect(
    () =>
      followLiveUpdates((event) => {
        if (changesOpenOrders(event)) send({ type: 'RELOAD' });
      }),
    [send],
  );
}
