import { useMachine } from '@xstate/react';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { payoutLinkingMachine, type PayoutLinkingContext, type PayoutLinkingEvent } from '../../../machines/payout-linking.machine';
import { css } from '../../../styled-system/css';
import { WITHDRAW_METHOD_PATH } from '../../config/paths';
import { appInspect } from '../../lib/app-inspector';
import { button } from '../../ui/button-styles';
import { ExternalLink } from '../../ui/external-link';
import { focusFirstError } from '../../ui/form/focus-first-error';
import { formAlert, formNotice } from '../../ui/form/form-styles';
import { MachineForm } from '../../ui/form/machine-form';
import { TextField } from '../../ui/form/text-field';
import { useFormText } from '../../ui/form/use-form-text';
import { useFormat } from '../../lib/use-format';
import { PasswordDialog } from '../../ui/password-dialog';
import { PageHeader } from '../../ui/page-header';
import { card, mutedText } from '../../ui/page-styles';
import { Stepper } from '../../ui/stepper';
import { PaymentFailure, StepLoadFailure } from '../../ui/wizard/payment-outcome';
import { PaymentSummary } from '../../ui/wizard/payment-summary';
import { useWithdrawalCalls } from './use-withdrawal-calls';
import { payoutLinkingView, type PayoutLinkingView } from '../../../machines/payout-linking.view';

const FORM_ID = 'payout-linking-form';
const narrow = css({ maxW: 'xl' });
const bar = css({ display: 'flex', gap: '3', justifyContent: 'space-between', flexWrap: 'wrap', mt: '2' });
const heading = css({ fontSize: 'xl', fontWeight: 'bold' });

/** /settings/withdraw-method/link-payout-account: credentials → confirm → success or error (payout-linking machine). */
export function PayoutLinkingPage() {
  const { t } = useTranslation(['withdrawals', 'wallet']);
  const format = useFormat();
  const calls = useWithdrawalCalls();
  const logic = useMemo(
    () =>
      payoutLinkingMachine.provide({
        actors: { loadProvider: calls.loadProvider, linkAccount: calls.linkAccount },
        actions: { focusFirstError: () => focusFirstError(FORM_ID) },
      }),
    [calls],
  );
  const [state, send] = useMachine(logic, { inspect: appInspect });
  const { info, linked } = state.context;
  const view = payoutLinkingView(state);
  const provider = info?.provider ?? '';
  const steps = [t('payout.steps.credentials'), t('payout.steps.confirm'), t('payout.steps.done')];
  const backToMethod = (
    <Link href={WITHDRAW_METHOD_PATH} className={button({ variant: 'outline' })}>
      {t('payout.backToMethod')}
    </Link>
  );

  let body;
  if (view.stage === 'loading') {
    body = <p role="status">{t('payout.loading')}</p>;
  } else if (view.stage === 'loadFailed') {
    body = (
      <StepLoadFailure title={t('payout.loadFailed')} retryLabel={t('payout.retry')} onRetry={() => send({ type: 'RETRY' })} />
    );
  } else if (view.stage === 'success' && linked) {
    body = (
      <div role="status" className={formNotice}>
        <h2 className={heading}>{t('payout.successTitle')}</h2>
        <p>{t('payout.successBody', { provider, email: linked.emailMasked })}</p>
        <p>{t('opensOn', { date: format.date(linked.withdrawalsOpenAt, 'opening') })}</p>
        <div className={bar}>{backToMethod}</div>
      </div>
    );
  } else {
    body = (
      <MachineForm
        id={FORM_ID}
        onSubmit={() => {
          if (view.submit) send({ type: view.submit });
        }}
      >
        {view.stage === 'credentials' ? (
          <CredentialsStep context={state.context} send={send}>
            {backToMethod}
          </CredentialsStep>
        ) : null}
        {view.stage === 'confirm' ? <ConfirmStep view={view} context={state.context} send={send} /> : null}
        {view.error ? <LinkError error={view.error} context={state.context} send={send} /> : null}
      </MachineForm>
    );
  }

  return (
    <>
      <PageHeader title={t('payout.title')} lead={info ? t('payout.lead', { provider }) : undefined} />
      <div className={`${card} ${narrow}`}>
        {view.step === null ? null : <Stepper steps={steps} current={view.step} />}
        {body}
      </div>
      <PasswordDialog
        open={view.password.open}
        busy={view.password.busy}
        error={state.context.passwordError}
        description={t('payout.passwordBody', { provider })}
        onSubmit={(password) => send({ type: 'PASSWORD_SUBMIT', password })}
        onCancel={() => send({ type: 'CANCEL' })}
      />
    </>
  );
}

interface CredentialsStepProps {
  context: Pick<PayoutLinkingContext, 'values' | 'errors' | 'info' | 'failure'>;
  send: (event: PayoutLinkingEvent) => void;
  /** The way back to the withdraw-method screen, before Next. */
  children: ReactNode;
}

/** The provider account's email and password and the bank account number, with why the last try was refused. */
function CredentialsStep({ context, send, children }: CredentialsStepProps) {
  const { t } = useTranslation(['withdrawals', 'wallet']);
  const formText = useFormText();
  const { values, errors, info, failure } = context;
  const provider = info?.provider ?? '';
  return (
    <>
      {failure ? (
        <p role="alert" tabIndex={-1} data-form-alert="" className={formAlert}>
          {formText(failure)}
        </p>
      ) : null}
      {info?.linkedEmail ? <p className={mutedText}>{t('payout.replaces', { email: info.linkedEmail })}</p> : null}
      <TextField
        id="payout-email"
        type="email"
        autoComplete="off"
        label={t('payout.fields.email', { provider })}
        value={values.email}
        error={errors.email}
        onValueChange={(value) => send({ type: 'CHANGE', field: 'email', value })}
      />
      <TextField
        id="payout-password"
        type="password"
        autoComplete="off"
        label={t('payout.fields.password', { provider })}
        value={values.password}
        error={errors.password}
        hint={t('payout.passwordHint')}
        onValueChange={(value) => send({ type: 'CHANGE', field: 'password', value })}
      />
      <TextField
        id="payout-bank-account-number"
        autoComplete="off"
        label={t('payout.fields.bankAccountNumber')}
        value={values.bankAccountNumber}
        error={errors.bankAccountNumber}
        onValueChange={(value) => send({ type: 'CHANGE', field: 'bankAccountNumber', value })}
      />
      <div className={bar}>
      {children}
      <button type="submit" className={button()}>
        {t('actions.next')}
      </button>
    </div>
    </>
  );
}

type StepProps = { context: PayoutLinkingContext; send: (event: PayoutLinkingEvent) => void };

/** What will be linked, with Back and Connect (the password is asked for in the dialog). */
function ConfirmStep({ view, context, send }: StepProps & { view: PayoutLinkingView }) {
  const { t } = useTranslation(['withdrawals', 'wallet']);
  const { values } = context;
  const provider = context.info?.provider ?? '';
  return (
    <>
      <p>{t('payout.confirmLead', { provider })}</p>
      <PaymentSummary
        rows={[
          [t('payout.fields.email', { provider }), values.email],
          [t('payout.fields.bankAccountNumber'), values.bankAccountNumber],
        ]}
      />
      <div className={bar}>
        {view.back ? (
          <button type="button" className={button({ variant: 'outline' })} onClick={() => send({ type: 'BACK' })}>
            {t('actions.back')}
          </button>
        ) : (
          <span />
        )}
        <button type="submit" className={button()} disabled={!view.connect.enabled}>
          {t(view.connect.labelKey)}
        </button>
      </div>
    </>
  );
}

/** Linking failed: the account is not activated at the provider (a link there), or another failure (Retry); Start over. */
function LinkError({ error, context, send }: StepProps & { error: NonNullable<PayoutLinkingView['error']> }) {
  const { t } = useTranslation(['withdrawals', 'wallet']);
  const formText = useFormText();
  const { info, failure } = context;
  const provider = info?.provider ?? '';
  return (
    <PaymentFailure
      title={error.notActivated ? t('payout.notActivatedTitle', { provider }) : t('payout.errorTitle')}
      text={error.notActivated ? t('payout.notActivatedBody', { provider }) : formText(failure)}
    >
      <div className={bar}>
        <button type="button" className={button({ variant: 'outline' })} onClick={() => send({ type: 'START_OVER' })}>
          {t('payout.startOver')}
        </button>
        {error.notActivated && info ? (
          <ExternalLink href={info.providerUrl} className={button()}>
            {t('payout.visit', { provider })}
          </ExternalLink>
        ) : null}
        {error.retry ? (
          <button type="button" className={button()} onClick={() => send({ type: 'RETRY' })}>
            {t('payout.retry')}
          </button>
        ) : null}
      </div>
    </PaymentFailure>
  );
}
