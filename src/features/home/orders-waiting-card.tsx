import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { css } from '../../../styled-system/css';
import { resourceViewMachine } from '../../../machines/resource-view.machine';
import { waitingOrdersCard } from '../../../machines/payments/open-orders.view';
import { useApi } from '../../api/use-api';
import { OPEN_ORDERS_PATH } from '../../config/paths';
import { appInspect } from '../../lib/app-inspector';
import { card, mutedText, sectionTitle, textLink } from '../../ui/page-styles';
import { loadOpenOrders } from '../../api/orders-calls';
import { useReloadOnOrderChanges } from '../../lib/use-reload-on-order-changes';

const accent = css({ mt: '5', borderLeftWidth: '4px', borderLeftColor: 'brand.600', display: 'grid', gap: '1' });

/**
 * Home's "2 orders waiting for your reply · next due Sat 28 Nov, 14:05" (issue 23 item 3): only for a creator with
 * open orders; nothing at all otherwise, and nothing when the read failed (home stays usable).
 */
export function OrdersWaitingCard({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation('activity');
  const api = useApi();
  const logic = useMemo(() => resourceViewMachine.provide({ actors: { load: loadOpenOrders(api, userId, { quiet: true }) } }), [api, userId]);
  const [state, send] = useMachine(logic, { inspect: appInspect });
  // A new order while home is open counts at once, as the recent activity beside it does.
  useReloadOnOrderChanges(send);
  const summary = waitingOrdersCard(state, { lang: i18n.language });
  if (!summary) return null;
  return (
    <section className={`${card} ${accent}`} aria-labelledby="orders-waiting-title">
      <h2 id="orders-waiting-title" className={sectionTitle}>
        {t('orders.waiting', { count: summary.count })}
      </h2>
      <p className={mutedText}>{t('orders.nextDue', { deadline: summary.nextDue })}</p>
      <p>
        <Link href={OPEN_ORDERS_PATH} className={textLink}>
          {t('orders.openList')}
        </Link>
      </p>
    </section>
  );
}
