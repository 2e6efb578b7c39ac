import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { parseAmount } from '../../../domain/money/amount';
import { depositDetailsMachine } from '../../../machines/deposit-details.machine';
import { depositDetailsView } from '../../../machines/deposit-details.view';
import { css } from '../../../styled-system/css';
import { WITHDRAW_FUNDS_PATH } from '../../config/paths';
import { appInspect } from '../../lib/app-inspector';
import { useFormat } from '../../lib/use-format';
import { formAlert, formNotice } from '../../ui/form/form-styles';
import { DetailList, type DetailRow } from '../../ui/detail-list';
import { PageHeader } from '../../ui/page-header';
import { card, sectionTitle, textLink } from '../../ui/page-styles';
import { LoadFailedPanel } from '../../ui/resource-panels';
import { TransferStatusBadge } from './transfer-status-badge';
import { useWalletCalls } from './use-wallet-calls';

const stack = css({ display: 'grid', gap: '4', maxW: '2xl' });

const cents = (amount: string) => parseAmount(amount) ?? 0;

/** /withdraw-funds/deposit-details?id=: renders the deposit-details machine (id or created_at, as listed). */
export function DepositDetailsPage() {
  const { t } = useTranslation('wallet');
  const { t: tc } = useTranslation();
  const format = useFormat();
  const calls = useWalletCalls();
  const search = useSearch();
  const input = useMemo(() => ({ depositId: new URLSearchParams(search).get('id') }), [search]);
  const logic = useMemo(() => depositDetailsMachine.provide({ actors: { loadDeposit: calls.loadDeposit } }), [calls]);
  const [state, send] = useMachine(logic, { input, inspect: appInspect });
  const { deposit } = state.context;
  const rows: DetailRow[] = deposit
    ? [
        [t('details.paymentId'), <code key="id">{deposit.payment_id}</code>],
        [t('details.date'), format.date(deposit.created_at, 'dateTime')],
        [t('details.status'), <TransferStatusBadge key="status" status={deposit.status} />],
        [t('details.chargedType'), t(`chargedType.${deposit.charged_type}`)],
        ...(deposit.card ? [[t('details.card'), `${deposit.card.brand.toUpperCase()} •••• ${deposit.card.last4}`] as DetailRow] : []),
        ...(deposit.usdt
          ? [
              [
                t('details.confirmations'),
                t('details.confirmationsValue', { count: deposit.usdt.confirmations, required: deposit.usdt.required_confirmations ?? '—' }),
              ] as DetailRow,
            ]
          : []),
        [t('details.amount'), format.money(cents(deposit.amount))],
        [t('details.fee'), format.money(cents(deposit.fee))],
        [t('details.chargedAmount'), format.money(cents(deposit.charged_amount))],
        [t('details.total'), format.money(cents(deposit.total))],
      ]
    : [];
  const view = depositDetailsView(state);
  return (
    <>
      <PageHeader title={tc('routes.depositDetails')} lead={t('details.depositLead')} />
      <div className={stack}>
        {view.part === 'loading' ? <p role="status">{t('details.loading')}</p> : null}
        {view.part === 'notFound' ? (
          <p role="alert" className={formAlert}>
            {t('details.notFound')}
          </p>
        ) : null}
        {view.part === 'failed' ? (
          <LoadFailedPanel message={t('details.loadFailed')} retryLabel={t('details.retry')} onRetry={() => send({ type: 'RETRY' })} />
        ) : null}
        {/* Always in the page, so the change from 'being processed' to settled is announced. */}
        <div role="status">{view.beingProcessed ? <p className={formNotice}>{t('details.beingProcessed')}</p> : null}</div>
        {deposit?.status === 'failed' ? <p className={formAlert}>{t('details.failed')}</p> : null}
        {deposit ? (
          <section className={card} aria-labelledby="deposit-summary-title">
            <h2 id="deposit-summary-title" className={sectionTitle}>
              {t('details.summary')}
            </h2>
            <DetailList rows={rows} />
          </section>
        ) : null}
        <p>
          <Link href={WITHDRAW_FUNDS_PATH} className={textLink}>
            {t('details.back')}
          </Link>
        </p>
      </div>
    </>
  );
}
