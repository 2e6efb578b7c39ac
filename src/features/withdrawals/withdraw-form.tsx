import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { centsFromInput } from '../../../domain/money/amount-input';
import type { WithdrawContext, WithdrawEvent, WithdrawSetup } from '../../../machines/withdraw.machine';
import { destinationChoices, notOpenYet, withdrawalTimeline, type DestinationChoice, type WithdrawScreen } from '../../../machines/withdraw.view';
import { css } from '../../../styled-system/css';
import { WITHDRAW_METHOD_PATH } from '../../config/paths';
import { useFormat } from '../../lib/use-format';
import { button } from '../../ui/button-styles';
import { formNotice } from '../../ui/form/form-styles';
import { MachineForm } from '../../ui/form/machine-form';
import { RadioGroupField } from '../../ui/form/radio-group-field';
import { TextField } from '../../ui/form/text-field';
import { useFormText } from '../../ui/form/use-form-text';
import { textLink } from '../../ui/page-styles';
import { Stepper } from '../../ui/stepper';
import { PaymentFailure } from '../../ui/wizard/payment-outcome';
import { PaymentSummary } from '../../ui/wizard/payment-summary';
import { destinationLabel, OpensLater } from './withdraw-parts';

/** The form's id: focusFirstError looks for the first invalid field in it. */
export const WITHDRAW_FORM_ID = 'withdraw-form';
const amountInput = css({ fontSize: '2xl', fontWeight: 'semibold', h: '14' });
const bar = css({ display: 'flex', gap: '3', justifyContent: 'space-between', flexWrap: 'wrap', mt: '2' });
const timing = css({ mt: '3', fontSize: 'sm', color: 'fg.muted' });

/** The withdrawal's steps (amount, destination, confirm — and a failure on the last), as the machine allows them. */
export function WithdrawForm({ view, context, send }: { view: WithdrawScreen; context: WithdrawContext; send: (event: WithdrawEvent) => void }) {
  const { t } = useTranslation(['withdrawals', 'wallet']);
  const format = useFormat();
  const formText = useFormText();
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
  const setup = context.setup!;
  const open = destinationChoices(setup).filter((c) => c.opensAt === null);
  return (
    <>
      <Stepper steps={steps} current={view.step ?? 0} />
      <MachineForm
        id={WITHDRAW_FORM_ID}
        onSubmit={() => {
          if (view.submit) send({ type: view.submit });
        }}
      >
        <p>{t('withdraw.available', { amount: format.money(setup.availableCents) })}</p>
        {view.stage === 'amount' ? <AmountStep setup={setup} context={context} send={send} next={nextButton} /> : null}
        {view.stage === 'destination' ? (
          <DestinationStep setup={setup} context={context} send={send} open={open}>
            {view.back ? back : <span />}
            {nextButton}
          </DestinationStep>
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

type StepProps = { setup: WithdrawSetup; context: WithdrawContext; send: (event: WithdrawEvent) => void };

/** The amount, with the destinations that do not take withdrawals yet above it. */
function AmountStep({ setup, context, send, next }: StepProps & { next: ReactNode }) {
  const { t } = useTranslation(['withdrawals', 'wallet']);
  return (
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
        {next}
      </div>
    </>
  );
}

/** Where to: the destinations open for withdrawals, or a way to set one up. */
function DestinationStep({ setup, context, send, open, children }: StepProps & { open: DestinationChoice[]; children: ReactNode }) {
  const { t } = useTranslation(['withdrawals', 'wallet']);
  return (
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
      <div className={bar}>{children}</div>
    </>
  );
}
