import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { parseAmount } from '../../../domain/money/amount';
import { resourceViewMachine } from '../../../machines/resource-view.machine';
import { css } from '../../../styled-system/css';
import { WITHDRAW_FUNDS_PATH } from '../../config/paths';
import { appInspect } from '../../lib/app-inspector';
import { useFormat } from '../../lib/use-format';
import { PageHeader } from '../../ui/page-header';
import { card, textLink } from '../../ui/page-styles';
import { LoadFailedPanel, NotFoundPanel } from '../../ui/resource-panels';
import { Spinner } from '../../ui/spinner';
import { useQueryParam } from '../accounts/use-query-param';
import { useWithdrawalCalls } from './use-withdrawal-calls';
import type { Withdrawal } from './withdrawal-calls';
import { WithdrawalBadge } from './withdrawal-badge';
import { inFlight } from './withdrawal-status';

const list = css({ display: 'grid', gap: '3', m: '0' });
const row = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '4', borderBottomWidth: '1px', borderColor: 'border.subtle', pb: '2' });
const term = css({ color: 'fg.muted' });
const value = css({ fontWeight: 'semibold', textAlign: 'right', m: '0', overflowWrap: 'anywhere' });
const stack = css({ display: 'grid', gap: '5' });

/** /withdraw-funds/withdrawal-details?id= (an id or the createdAt, spec 2): one withdrawal of the caller's. */
export function WithdrawalDetailsPage() {
  const { t } = useTranslation(['withdrawals', 'wallet']);
  const format = useFormat();
  const calls = useWithdrawalCalls();
  const ref = useQueryParam('id') ?? '';
  const logic = useMemo(() => resourceViewMachine.provide({ actors: { load: calls.loadWithdrawal(ref) } }), [calls, ref]);
  const [state, send] = useMachine(logic, { inspect: appInspect });
  const withdrawal = state.context.data as Withdrawal | null;
  const back = (
    <p>
      <Link href={WITHDRAW_FUNDS_PATH} className={textLink}>
        {t('details.back')}
      </Link>
    </p>
  );

  let body;
  if (state.matches('notFound')) {
    body = <NotFoundPanel title={t('details.notFound')} body={t('details.notFoundBody')} back={back} />;
  } else if (state.matches('failed')) {
    body = <LoadFailedPanel message={t('details.loadFailed')} retryLabel={t('details.retry')} onRetry={() => send({ type: 'RETRY' })} />;
  } else if (withdrawal) {
    const money = (amount: string) => format.money(parseAmount(amount) ?? 0);
    const rows: Array<[string, React.ReactNode]> = [
      [t('details.paymentId'), <code key="id">{withdrawal.payment_id}</code>],
      [t('details.date'), format.date(withdrawal.created_at, 'dateTime')],
      [t('details.status'), <WithdrawalBadge key="status" status={withdrawal.status} />],
      [t('details.chargedType'), t(`destination.${withdrawal.charged_type}`)],
      [t('details.destination'), withdrawal.destination_label],
      [t('details.chargedAmount'), money(withdrawal.charged_amount)],
      [t('details.total'), money(withdrawal.total)],
    ];
    body = (
      <div className={stack}>
        <section className={card}>
          {inFlight(withdrawal.status) ? <p role="status">{t('details.beingProcessed')}</p> : null}
          <dl className={list}>
            {rows.map(([label, text]) => (
              <div key={label} className={row}>
                <dt className={term}>{label}</dt>
                <dd className={value}>{text}</dd>
              </div>
            ))}
          </dl>
        </section>
        {back}
      </div>
    );
  } else {
    body = <Spinner />;
  }
  return (
    <>
      <PageHeader title={t('details.title')} />
      {body}
    </>
  );
}
