import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { resourceViewMachine } from '../../../machines/resource-view.machine';
import { css } from '../../../styled-system/css';
import { LINK_PAYOUT_ACCOUNT_PATH, UPDATE_BANK_ACCOUNT_PATH } from '../../config/paths';
import { appInspect } from '../../lib/app-inspector';
import { button } from '../../ui/button-styles';
import { formAlert } from '../../ui/form/form-styles';
import { PageHeader } from '../../ui/page-header';
import { card, mutedText, sectionTitle } from '../../ui/page-styles';
import { LoadFailedPanel } from '../../ui/resource-panels';
import { resourceOutcome } from '../../../machines/resource-view.view';
import { Spinner } from '../../ui/spinner';
import { stillClosedUntil } from '../../../machines/withdraw.view';
import { useFormat } from '../../lib/use-format';
import { useWithdrawalCalls } from './use-withdrawal-calls';
import type { WithdrawMethods } from './withdrawal-calls';

const stack = css({ display: 'grid', gap: '5', maxW: '2xl' });
const inner = css({ display: 'grid', gap: '3', mt: '3', justifyItems: 'start' });

/** Issue 21: a destination set less than 24 hours ago says when withdrawals to it open. */
function OpensOn({ openAt, checkedAt }: { openAt: string; checkedAt: string }) {
  const { t } = useTranslation('withdrawals');
  const format = useFormat();
  const until = stillClosedUntil(openAt, checkedAt);
  return until ? <p className={mutedText}>{t('opensOn', { date: format.date(until, 'opening') })}</p> : null;
}

/** /settings/withdraw-method: the bank account (with the spec's mismatch warning) and the linked payout account. */
export function WithdrawMethodPage() {
  const { t } = useTranslation(['withdrawals', 'wallet']);
  const calls = useWithdrawalCalls();
  const logic = useMemo(() => resourceViewMachine.provide({ actors: { load: calls.loadMethods } }), [calls]);
  const [state, send] = useMachine(logic, { inspect: appInspect });
  const methods = state.context.data as WithdrawMethods | null;

  let body;
  // Not found here is no page of its own: the methods could not be read either way, and a retry may help.
  if (resourceOutcome(state) !== 'other') {
    body = (
      <LoadFailedPanel message={t('method.loadFailed')} retryLabel={t('method.retry')} onRetry={() => send({ type: 'RETRY' })} />
    );
  } else if (methods) {
    const bank = methods.bankAccount;
    const { payoutAccount, provider } = methods.payout;
    body = (
      <div className={stack}>
        <section className={card} aria-labelledby="bank-title">
          <h2 id="bank-title" className={sectionTitle}>
            {t('method.bankTitle')}
          </h2>
          <div className={inner}>
            {bank ? (
              <>
                <p>{t('method.bankSummary', { bank: bank.bankName, type: t(`wizard.accountTypes.${bank.accountType}`), number: bank.accountNumberMasked })}</p>
                <p className={mutedText}>{t('method.holder', { name: `${bank.firstName} ${bank.lastName}` })}</p>
                {bank.nameMismatch ? <p className={formAlert}>{t('method.mismatch')}</p> : null}
                <OpensOn openAt={bank.withdrawalsOpenAt} checkedAt={methods.checkedAt} />
              </>
            ) : (
              <p className={mutedText}>{t('method.noBank')}</p>
            )}
            <Link href={UPDATE_BANK_ACCOUNT_PATH} className={button()}>
              {bank ? t('method.updateBank') : t('method.addBank')}
            </Link>
          </div>
        </section>
        <section className={card} aria-labelledby="payout-title">
          <h2 id="payout-title" className={sectionTitle}>
            {t('method.payoutTitle')}
          </h2>
          <div className={inner}>
            {payoutAccount ? (
              <>
                <p>{t('method.linked', { provider, email: payoutAccount.emailMasked, last4: payoutAccount.bankAccountLast4 })}</p>
                <OpensOn openAt={payoutAccount.withdrawalsOpenAt} checkedAt={methods.checkedAt} />
              </>
            ) : (
              <p className={mutedText}>{t('method.noPayout', { provider })}</p>
            )}
            <Link href={LINK_PAYOUT_ACCOUNT_PATH} className={button({ variant: payoutAccount ? 'outline' : 'solid' })}>
              {payoutAccount ? t('method.relink') : t('method.link')}
            </Link>
          </div>
        </section>
      </div>
    );
  } else {
    body = <Spinner />;
  }
  return (
    <>
      <PageHeader title={t('method.title')} lead={t('method.lead')} />
      {body}
    </>
  );
}
