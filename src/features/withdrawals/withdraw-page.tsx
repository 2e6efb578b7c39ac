import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { centsFromInput } from '../../../domain/money/amount-input';
import { withdrawMachine } from '../../../machines/withdraw.machine';
import { notOpenYet, withdrawScreen } from '../../../machines/withdraw.view';
import { css } from '../../../styled-system/css';
import { UPDATE_BANK_ACCOUNT_PATH, WITHDRAW_FUNDS_PATH } from '../../config/paths';
import { appInspect } from '../../lib/app-inspector';
import { useFormat } from '../../lib/use-format';
import { button } from '../../ui/button-styles';
import { focusFirstError } from '../../ui/form/focus-first-error';
import { PageHeader } from '../../ui/page-header';
import { card } from '../../ui/page-styles';
import { PaymentFailure, StepLoadFailure } from '../../ui/wizard/payment-outcome';
import { useWithdrawalCalls } from './use-withdrawal-calls';
import { WITHDRAW_FORM_ID, WithdrawForm } from './withdraw-form';
import { destinationLabel, OpensLater, WithdrawCreated } from './withdraw-parts';
import { resumeOf, resumeState } from './withdrawal-resume';

const narrow = css({ maxW: 'xl' });
const bar = css({ display: 'flex', gap: '3', justifyContent: 'space-between', flexWrap: 'wrap', mt: '2' });

/** /withdraw-funds/withdraw: renders the withdraw machine, one step at a time. */
export function WithdrawPage() {
  const { t } = useTranslation(['withdrawals', 'wallet']);
  const format = useFormat();
  const calls = useWithdrawalCalls();
  const [, navigate] = useLocation();
  // Back from the bank wizard, the amount typed before it (history state, withdrawal-resume.ts).
  const input = useMemo(() => ({ flowId: crypto.randomUUID(), amount: resumeOf(window.history.state)?.amount }), []);
  const logic = useMemo(
    () =>
      withdrawMachine.provide({
        actors: { loadSetup: calls.loadSetup, createWithdrawal: calls.createWithdrawal },
        actions: {
          focusFirstError: () => focusFirstError(WITHDRAW_FORM_ID),
          openBankWizard: (_, { amount }) => navigate(UPDATE_BANK_ACCOUNT_PATH, { state: resumeState(amount) }),
        },
      }),
    [calls, navigate],
  );
  const [state, send] = useMachine(logic, { input, inspect: appInspect });
  const { context } = state;
  const view = withdrawScreen(state);
  const cents = centsFromInput(context.amount) ?? 0;
  let body;
  if (view.stage === 'loading') {
    body = <p role="status">{t('withdraw.loading')}</p>;
  } else if (view.stage === 'loadFailed') {
    body = (
      <StepLoadFailure title={t('withdraw.loadFailed')} retryLabel={t('actions.retry')} onRetry={() => send({ type: 'RETRY' })} />
    );
  } else if (view.stage === 'blocked') {
    body = (
      <PaymentFailure title={t('withdraw.blockedTitle')} text={t('withdraw.blockedBody')}>
        <div className={bar}>
          <Link href={UPDATE_BANK_ACCOUNT_PATH} className={button()}>
            {t('method.updateBank')}
          </Link>
          <button type="button" className={button({ variant: 'outline' })} onClick={() => send({ type: 'RETRY' })}>
            {t('withdraw.checkAgain')}
          </button>
        </div>
      </PaymentFailure>
    );
  } else if (view.stage === 'notOpenYet') {
    body = (
      <PaymentFailure title={t('withdraw.notOpenTitle')} text={t('withdraw.notOpenBody')}>
        <OpensLater choices={notOpenYet(context.setup)} />
        {cents > 0 ? <p>{t('withdraw.keptAmount', { amount: format.money(cents) })}</p> : null}
        <div className={bar}>
          <Link href={WITHDRAW_FUNDS_PATH} className={button({ variant: 'outline' })}>
            {t('withdraw.backToWallet')}
          </Link>
          <button type="button" className={button()} onClick={() => send({ type: 'RETRY' })}>
            {t('withdraw.checkAgain')}
          </button>
        </div>
      </PaymentFailure>
    );
  } else if (view.stage === 'created' && context.created) {
    body = <WithdrawCreated created={context.created} amount={format.money(cents)} destination={destinationLabel(context)} />;
  } else {
    body = <WithdrawForm view={view} context={context} send={send} />;
  }

  return (
    <>
      <PageHeader title={t('withdraw.title')} lead={t('withdraw.lead')} />
      <div className={`${card} ${narrow}`}>{body}</div>
    </>
  );
}
