import { useMachine } from '@xstate/react';
import { liveUpdates } from '../../api/live-updates';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { parseAmount } from '../../../domain/money/amount';
import { walletOverviewMachine } from '../../../machines/wallet-overview.machine';
import { walletOverviewView } from '../../../machines/wallet-overview.view';
import { css } from '../../../styled-system/css';
import { ADD_MONEY_PATH, DEPOSIT_DETAILS_PATH, STATEMENTS_PATH, WITHDRAWAL_DETAILS_PATH, WITHDRAW_PATH, withQuery } from '../../config/paths';
import { appInspect } from '../../lib/app-inspector';
import { useFormat } from '../../lib/use-format';
import { button } from '../../ui/button-styles';
import { PageHeader } from '../../ui/page-header';
import { card, mutedText, sectionTitle } from '../../ui/page-styles';
import { TransferStatusBadge } from './transfer-status-badge';
import { useWalletCalls } from './use-wallet-calls';
import { useEffect, useMemo, type ReactNode } from 'react';

const layout = css({ display: 'grid', gap: '6' });
const balance = css({ fontSize: { base: '3xl', md: '4xl' }, fontWeight: 'bold', letterSpacing: '-0.02em', mt: '1' });
const actions = css({ display: 'flex', gap: '3', flexWrap: 'wrap', mt: '4' });
const list = css({ listStyle: 'none', p: '0', m: '0', mt: '3', display: 'grid' });
const rowLink = css({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: '3',
  py: '3',
  borderBottomWidth: '1px',
  borderColor: 'border.subtle',
  color: 'fg.default',
  _hover: { bg: 'bg.subtle' },
});
const rowText = css({ display: 'grid', gap: '0.5' });
const rowTitle = css({ fontWeight: 'semibold' });
const rowDate = css({ fontSize: 'sm', color: 'fg.muted' });

const cents = (amount: string) => parseAmount(amount) ?? 0;

function TransferList(props: { title: string; id: string; empty: string; rows: Array<{ key: string; href: string; title: string; date: string; status: string }> }) {
  return (
    <section className={card} aria-labelledby={props.id}>
      <h2 id={props.id} className={sectionTitle}>
        {props.title}
      </h2>
      {props.rows.length === 0 ? (
        <p className={`${mutedText} ${css({ mt: '3' })}`}>{props.empty}</p>
      ) : (
        <ul className={list}>
          {props.rows.map((row) => (
            <li key={row.key}>
              <Link href={row.href} className={rowLink}>
                <span className={rowText}>
                  <span className={rowTitle}>{row.title}</span>
                  <span className={rowDate}>{row.date}</span>
                </span>
                <TransferStatusBadge status={row.status} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * /withdraw-funds: renders the wallet-overview machine — balance, withdraw and add money, withdrawals, deposits; read
 * again when the user comes back to the tab (REFRESH).
 */
export function WithdrawFundsPage() {
  const { t } = useTranslation('wallet');
  const { t: tc } = useTranslation();
  const format = useFormat();
  const calls = useWalletCalls();
  const logic = useMemo(() => walletOverviewMachine.provide({ actors: { loadOverview: calls.loadOverview, liveUpdates } }), [calls]);
  const [state, send] = useMachine(logic, { inspect: appInspect });
  // Back on the tab (another tab or app was in front): read again, the last figures staying on screen meanwhile.
  useEffect(() => {
    const cameBack = () => {
      if (document.visibilityState === 'visible') send({ type: 'REFRESH' });
    };
    document.addEventListener('visibilitychange', cameBack);
    return () => document.removeEventListener('visibilitychange', cameBack);
  }, [send]);
  const { overview } = state.context;
  const view = walletOverviewView(state);
  let body: ReactNode = null;
  if (overview) {
    const held = cents(overview.wallet.held);
    body = (
      <>
        <section className={card} aria-labelledby="wallet-balance-title">
          <h2 id="wallet-balance-title" className={sectionTitle}>
            {t('overview.balanceTitle')}
          </h2>
          <p className={balance}>{format.money(cents(overview.wallet.balance))}</p>
          <p className={mutedText}>
            {t('overview.available')}: {format.money(cents(overview.wallet.available))}
          </p>
          {held > 0 ? <p className={mutedText}>{t('overview.held', { amount: format.money(held) })}</p> : null}
          <div className={actions}>
            <Link href={WITHDRAW_PATH} className={button()}>
              {t('overview.withdraw')}
            </Link>
            <Link href={ADD_MONEY_PATH} className={button({ variant: 'outline' })}>
              {t('overview.addMoney')}
            </Link>
            <Link href={STATEMENTS_PATH} className={button({ variant: 'outline' })}>
              {tc('routes.statements')}
            </Link>
          </div>
        </section>
        <TransferList
          id="wallet-withdrawals-title"
          title={t('overview.withdrawals')}
          empty={t('overview.noWithdrawals')}
          rows={overview.withdrawals.map((w) => ({
            key: w.id,
            href: withQuery(WITHDRAWAL_DETAILS_PATH, { id: w.created_at }),
            title: t('overview.withdrawalRow', { amount: format.money(cents(w.amount)), destination: w.destination_label }),
            date: format.date(w.created_at, 'dateTime'),
            status: w.status,
          }))}
        />
        <TransferList
          id="wallet-deposits-title"
          title={t('overview.deposits')}
          empty={t('overview.noDeposits')}
          rows={overview.deposits.map((d) => ({
            key: d.id,
            href: withQuery(DEPOSIT_DETAILS_PATH, { id: d.created_at }),
            title: t('overview.depositRow', { method: t(`chargedType.${d.charged_type}`), amount: format.money(cents(d.amount)) }),
            date: format.date(d.created_at, 'dateTime'),
            status: d.status,
          }))}
        />
      </>
    );
  }
  return (
    <>
      <PageHeader title={tc('routes.withdrawFunds')} lead={t('overview.lead')} />
      <div className={layout}>
        {view.notice === 'loading' ? <p role="status">{t('overview.loading')}</p> : null}
        {view.notice === 'loadFailed' ? (
          <div role="alert" className={card}>
            <p>{t('overview.loadFailed')}</p>
            <button type="button" className={button({ variant: 'outline', size: 'sm' })} onClick={() => send({ type: 'RETRY' })}>
              {t('overview.retry')}
            </button>
          </div>
        ) : null}
        {body}
      </div>
    </>
  );
}
