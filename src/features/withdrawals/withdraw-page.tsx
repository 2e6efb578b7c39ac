import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { centsFromInput } from '../../../domain/money/amount-input';
import { withdrawMachine, type WithdrawContext } from '../../../machines/withdraw.machine';
import { destinationChoices, notOpenYet, withdrawalTimeline, withdrawScreen, type DestinationChoice } from '../../../machines/withdraw.view';
import { css } from '../../../styled-system/css';
import { UPDATE_BANK_ACCOUNT_PATH, WITHDRAW_FUNDS_PATH, WITHDRAW_METHOD_PATH, WITHDRAWAL_DETAILS_PATH, withQuery } from '../../config/paths';
import { appInspect } from '../../lib/app-inspector';
import { useFormat } from '../../lib/use-format';
import { button } from '../../ui/button-styles';
import { focusFirstError } from '../../ui/form/focus-first-error';
import { formNotice } from '../../ui/form/form-styles';
import { MachineForm } from '../../ui/form/machine-form';
import { RadioGroupField } from '../../ui/form/radio-group-field';
import { TextField } from '../../ui/form/text-field';
import { useFormText } from '../../ui/form/use-form-text';
import { PageHeader } from '../../ui/page-header';
import { card, textLink } from '../../ui/page-styles';
import { Stepper } from '../../ui/stepper';
import { Receipt } from '../../ui/receipt';
import { receiptView } from '../../../machines/payments/receipt.view';
import { useLocale } from '../../i18n/use-locale';
import { PaymentFailure, StepLoadFailure } from '../../ui/wizard/payment-outcome';
import { PaymentSummary } from '../../ui/wizard/payment-summary';
import { useWithdrawalCalls } from './use-withdrawal-calls';
import { resumeOf, resumeState } from './withdrawal-resume';

const FORM_ID = 'withdraw-form';
const narrow = css({ maxW: 'xl' });
const amountInput = css({ fontSize: '2xl', fontWeight: 'semibold', h: '14' });
const bar = css({ display: 'flex', gap: '3', justifyContent: 'space-between', flexWrap: 'wrap', mt: '2' });
const heading = css({ fontSize: 'xl', fontWeight: 'bold' });
const timing = css({ mt: '3', fontSize: 'sm', color: 'fg.muted' });
const receiptBox = css({ mt: '4', mb: '4', p: '4', bg: 'bg.surface', borderRadius: 'lg' });

function destinationLabel(context: WithdrawContext): string {
  const setup = context.setup;
  if (context.destination === 'payout_account') return setup?.payoutAccount?.label ?? '';
  return setup?.bankAccount?.label ?? '';
}

/**
 * Issue 21: the destinations that do not take withdrawals yet, each with when it opens (in the UI language). Shown
 * before the amount is asked, and on the destination step, where such a destination is not offered.
 */
function OpensLater({ choices }: { choices: DestinationChoice[] }) {
  const { t } = useTranslation('withdrawals');
  const format = useFormat();
  if (choices.length === 0) return null;
  return (
    <ul className={notices}>
      {choices.map((choice) => (
        <li key={choice.destination}>
          <strong>
            {t(`destination.${choice.destination}`)}: {choice.label}
          </strong>
          <br />
          {t('opensOn', { date: format.date(choice.opensAt!, 'opening') })}
        </li>
      ))}
    </ul>
  );
}

const notices = css({ display: 'grid', gap: '2', listStyle: 'none', p: '0', m: '0' });

/** /withdraw-funds/withdraw: renders the withdraw machine, one step at a time. */
export function WithdrawPage() {
  const { t } = useTranslation(['withdrawals', 'wallet']);
  const format = useFormat();
  const lang = useLocale();
  const formText = useFormText();
  const calls = useWithdrawalCalls();
  const [, navigate] = useLocation();
  // Back from the bank wizard, the amount typed before it (history state, withdrawal-resume.ts).
  const input = useMemo(() => ({ flowId: crypto.randomUUID(), amount: resumeOf(window.history.state)?.amount }), []);
  const logic = useMemo(
    () =>
      withdrawMachine.provide({
        actors: { loadSetup: calls.loadSetup, createWithdrawal: calls.createWithdrawal },
        actions: {
          focusFirstError: () => focusFirstError(FORM_ID),
          openBankWizard: (_, { amount }) => navigate(UPDATE_BANK_ACCOUNT_PATH, { state: resumeState(amount) }),
        },
      }),
    [calls, navigate],
  );
  const [state, send] = useMachine(logic, { input, inspect: appInspect });
  const { context } = state;
  const view = withdrawScreen(state);
  const cents = centsFromInput(context.amount) ?? 0;
  const steps = [t('steps.amount'), t('steps.destination'), t('steps.confirm')];
  // When the money leaves, from the server's cancellation window (read when the confirm step is drawn).
  const timeline = withdrawalTimeline(new Date().toISOString());
  const timingText = t('withdraw.timing', {
    minutes: timeline.cancelMinutes,
    time: format.date(timeline.cancellableUntil, 'time'),
    destination: destinationLabel(context),
  });
  const summary = [
    [t('summary.amount'), format.money(cents)],
    [t('summary.destination'), destinationLabel(context)],
    [t('summary.fee'), format.money(0)],
    [t('summary.total'), format.money(cents)],
  ] as const;
  const back = (
    <button type="button" className={button({ variant: 'outline' })} onClick={() => send({ type: 'BACK' })}>
      {t('actions.back')}
    </button>
  );
  const nextButton = (
    <button type="submit" className={button()}>
      {t('actions.next')}
    </button>
  );

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
    body = (
      <div role="status" className={formNotice}>
        <h2 className={heading}>{t('withdraw.createdTitle')}</h2>
        <p>{t('withdraw.createdBody', { amount: format.money(cents), destination: destinationLabel(context) })}</p>
        {context.created.withdrawal ? (
          <div className={receiptBox}>
            <Receipt view={receiptView({ kind: 'withdrawal', withdrawal: context.created.withdrawal }, { lang })} headingLevel={3} detailsLink={false} />
          </div>
        ) : null}
        <div className={bar}>
          <Link href={withQuery(WITHDRAWAL_DETAILS_PATH, { id: context.created.id })} className={button()}>
            {t('withdraw.viewDetails')}
          </Link>
          <Link href={WITHDRAW_FUNDS_PATH} className={button({ variant: 'outline' })}>
            {t('withdraw.backToWallet')}
          </Link>
        </div>
      </div>
    );
  } else {
    const setup = context.setup!;
    const open = destinationChoices(setup).filter((c) => c.opensAt === null);
    body = (
      <>
        <Stepper steps={steps} current={view.step ?? 0} />
        <MachineForm
          id={FORM_ID}
          onSubmit={() => {
            if (view.submit) send({ type: view.submit });
          }}
        >
          <p>{t('withdraw.available', { amount: format.money(setup.availableCents) })}</p>
          {view.stage === 'amount' ? (
            <>
              <OpensLater choices={notOpenYet(setup)} />
              {!setup.bankAccount && !setup.payoutAccount ? <p className={formNotice}>{t('withdraw.needsBank')}</p> : null}
              <TextField
                id="withdraw-amount"
                label={t('fields.amount')}
                inputMode="decimal"
                autoComplete="off"
                placeholder="0.00"
                className={amountInput}
                value={context.amount}
                error={context.errors.amount}
                hint={t('withdraw.amountHint')}
                onValueChange={(value) => send({ type: 'CHANGE_AMOUNT', value })}
              />
              <div className={bar}>
                <span />
                {nextButton}
              </div>
            </>
          ) : null}
          {view.stage === 'destination' ? (
            <>
              <OpensLater choices={notOpenYet(setup)} />
              {open.length > 0 ? (
                <RadioGroupField
                  id="withdraw-destination"
                  legend={t('fields.destination')}
                  value={context.destination ?? ''}
                  error={context.errors.destination}
                  onValueChange={(value) => send({ type: 'SELECT_DESTINATION', destination: value as 'bank_account' | 'payout_account' })}
                  // Only the destinations open for withdrawals; the others are listed above with when they open.
                  choices={open.map((c) => ({ value: c.destination, label: `${t(`destination.${c.destination}`)}: ${c.label}` }))}
                />
              ) : (
                <p role="alert" tabIndex={-1} data-form-alert="">
                  {t('withdraw.noDestination')}{' '}
                  <Link href={WITHDRAW_METHOD_PATH} className={textLink}>
                    {t('withdraw.setUpMethod')}
                  </Link>
                </p>
              )}
              <div className={bar}>
                {view.back ? back : <span />}
                {nextButton}
              </div>
            </>
          ) : null}
          {view.stage === 'confirm' ? (
            <>
              <PaymentSummary rows={summary} />
              <p className={timing}>{timingText}</p>
              <div className={bar}>
                {view.back ? back : <span />}
                <button type="submit" className={button({ size: 'lg' })} disabled={!view.withdraw.enabled}>
                  {t(view.withdraw.labelKey, { amount: format.money(cents) })}
                </button>
              </div>
            </>
          ) : null}
          {view.stage === 'failed' ? (
            <>
              <PaymentFailure title={t('withdraw.failedTitle')} text={formText(context.failure)} />
              <PaymentSummary rows={summary} />
              <div className={bar}>
                {view.back ? back : <span />}
                <button type="button" className={button()} disabled={!view.retry} onClick={() => send({ type: 'RETRY' })}>
                  {t('actions.retry')}
                </button>
              </div>
            </>
          ) : null}
        </MachineForm>
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('withdraw.title')} lead={t('withdraw.lead')} />
      <div className={`${card} ${narrow}`}>{body}</div>
    </>
  );
}
