import { useMachine } from '@xstate/react';
import { useMemo, type ReactNode } from 'react';
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
import { ResourceView, resourceOutcome } from '../../ui/resource-panels';
import { useQueryParam } from '../../lib/use-query-param';
import { PaymentSummary } from '../../ui/wizard/payment-summary';
import { useWithdrawalCalls } from './use-withdrawal-calls';
import type { Withdrawal } from './withdrawal-calls';
import { WithdrawalBadge } from './withdrawal-badge';
import { inFlight } from '../../lib/withdrawal-status';

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

  const money = (amount: string) => format.money(parseAmount(amount) ?? 0);
  const body = (
    <ResourceView
      outcome={resourceOutcome(state)}
      found={withdrawal}
      texts={{ notFound: t('details.notFound'), notFoundBody: t('details.notFoundBody'), loadFailed: t('details.loadFailed'), retry: t('details.retry') }}
      back={back}
      onRetry={() => send({ type: 'RETRY' })}
    >
      {(found) => {
        const rows: Array<[string, ReactNode]> = [
          [t('details.paymentId'), <code key="id">{found.payment_id}</code>],
          [t('details.date'), format.date(found.created_at, 'dateTime')],
          [t('details.status'), <WithdrawalBadge key="status" status={found.status} />],
          [t('details.chargedType'), t(`destination.${found.charged_type}`)],
          [t('details.destination'), found.destination_label],
          [t('details.chargedAmount'), money(found.charged_amount)],
          [t('details.total'), money(found.total)],
        ];
        return (
          <div className={stack}>
            <section className={card}>
              {inFlight(found.status) ? <p role="status">{t('details.beingProcessed')}</p> : null}
              <PaymentSummary rows={rows} />
            </section>
            {back}
          </div>
        );
      }}
    </ResourceView>
  );
  return (
    <>
      <PageHeader title={t('details.title')} />
      {body}
    </>
  );
}
