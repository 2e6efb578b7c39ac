import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { css } from '../../../styled-system/css';
import { resourceViewMachine } from '../../../machines/resource-view.machine';
import { openOrdersScreen } from '../../../machines/payments/open-orders.view';
import { useApi } from '../../api/use-api';
import { SessionContext } from '../../app/providers/session-context';
import { UPLOAD_FILE_PATH, withQuery } from '../../config/paths';
import { appInspect } from '../../lib/app-inspector';
import { useFormat } from '../../lib/use-format';
import { PageHeader } from '../../ui/page-header';
import { card, mutedText } from '../../ui/page-styles';
import { LoadFailedPanel } from '../../ui/resource-panels';
import { Spinner } from '../../ui/spinner';
import { RowAvatar } from '../../ui/row-avatar';
import { loadOpenOrders } from '../../api/orders-calls';
import { useReloadOnOrderChanges } from '../../lib/use-reload-on-order-changes';

const list = css({ listStyle: 'none', p: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '3' });
const row = css({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: '3',
  alignItems: 'start',
  p: '4',
  borderRadius: 'xl',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  bg: 'bg.surface',
  color: 'fg.default',
  textDecoration: 'none',
  _hover: { borderColor: 'brand.600', bg: 'brand.50' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.600', outlineOffset: '2px' },
});
const body = css({ display: 'grid', gap: '1', minW: 0, overflowWrap: 'anywhere' });
const topLine = css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: '2', fontWeight: 'semibold' });
const small = css({ fontSize: 'sm', color: 'fg.muted' });
const due = css({ fontSize: 'sm', fontWeight: 'medium', color: 'brand.800' });

/**
 * /transactions/orders (issue 23 item 3): the creator's open orders, nearest deadline first; each row leads to the
 * payment's reply screen. The resource-view machine loads them, and again on a live change of the creator's
 * payments (issue 27); open-orders.view.ts says what each row shows.
 */
export function OpenOrdersPage() {
  const { t, i18n } = useTranslation('activity');
  const format = useFormat();
  const api = useApi();
  const userId = SessionContext.useSelector((snapshot) => snapshot.context.user?.userId ?? '');
  const logic = useMemo(() => resourceViewMachine.provide({ actors: { load: loadOpenOrders(api, userId, { quiet: false }) } }), [api, userId]);
  const [state, send] = useMachine(logic, { inspect: appInspect });
  // An order arriving, or answered, while the creator watches: the list reads again (the rows stay meanwhile).
  useReloadOnOrderChanges(send);
  const screen = openOrdersScreen(state, Date.now(), { lang: i18n.language });

  let content;
  if (screen.kind === 'failed') {
    content = <LoadFailedPanel message={t('orders.loadFailed')} retryLabel={t('orders.retry')} onRetry={() => send({ type: 'RETRY' })} />;
  } else if (screen.kind === 'loading') {
    content = <Spinner />;
  } else if (screen.kind === 'empty') {
    content = (
      <section className={card}>
        <p className={mutedText}>{t('orders.empty')}</p>
      </section>
    );
  } else {
    content = (
      <ul className={list} aria-label={t('orders.title')}>
        {screen.rows.map((order) => (
          <li key={order.paymentId}>
            <Link href={withQuery(UPLOAD_FILE_PATH, { id: order.paymentId })} className={row} aria-label={t('orders.reply', { name: order.fan })}>
              <RowAvatar src={order.fanPhoto} name={order.fan} />
              <span className={body}>
                <span className={topLine}>
                  <span>@{order.fan}</span>
                  <span>{t('orders.held', { amount: format.money(order.amountCents) })}</span>
                </span>
                <span>
                  {t(`orders.media.${order.media}`)}
                  {order.item ? ` · ${order.item}` : ''}
                </span>
                <span className={small}>{order.brief ? t('orders.brief', { brief: order.brief }) : t('orders.noBrief')}</span>
                <span className={due}>
                  {order.left ? t('orders.left', { left: order.left }) : t('orders.timeUp')} · {t('orders.replyBy', { deadline: order.deadline })}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <>
      <PageHeader title={t('orders.title')} lead={t('orders.lead')} />
      {content}
    </>
  );
}
