import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { bankWizardMachine, WIZARD_STEPS } from '../../../machines/bank-wizard.machine';
import { bankWizardView } from '../../../machines/bank-wizard.view';
import { css } from '../../../styled-system/css';
import { WITHDRAW_METHOD_PATH, WITHDRAW_PATH } from '../../config/paths';
import { appInspect } from '../../lib/app-inspector';
import { button } from '../../ui/button-styles';
import { focusFirstError } from '../../ui/form/focus-first-error';
import { MachineForm } from '../../ui/form/machine-form';
import { useFormat } from '../../lib/use-format';
import { WizardStep } from './bank-wizard-steps';
import { PasswordDialog } from '../../ui/password-dialog';
import { useNotify } from '../../ui/notifications/use-notify';
import { PageHeader } from '../../ui/page-header';
import { card } from '../../ui/page-styles';
import { Stepper } from '../../ui/stepper';
import { useWithdrawalCalls } from './use-withdrawal-calls';
import { resumeOf, resumeState } from './withdrawal-resume';

const FORM_ID = 'bank-wizard-form';
const narrow = css({ maxW: '2xl' });
const bar = css({ display: 'flex', gap: '3', justifyContent: 'space-between', flexWrap: 'wrap', mt: '2' });

/** Today in the user's time zone, as YYYY-MM-DD: the age rule counts birthdays as the user's calendar does. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** /settings/withdraw-method/update-bank-account: renders the bank-wizard machine, one step at a time. */
export function BankWizardPage() {
  const { t } = useTranslation(['withdrawals', 'wallet']);
  const notify = useNotify();
  const format = useFormat();
  const [, navigate] = useLocation();
  const calls = useWithdrawalCalls();
  // Opened by a withdrawal (withdrawal-resume.ts): saved, the wizard goes back to it with its amount.
  const input = useMemo(() => ({ today: today(), resume: resumeOf(window.history.state) }), []);
  const logic = useMemo(
    () =>
      bankWizardMachine.provide({
        actors: { saveBankAccount: calls.saveBankAccount },
        actions: {
          focusFirstError: () => focusFirstError(FORM_ID),
          // Issue 21: a new account takes withdrawals 24 hours later; the notice says when.
          announceSaved: (_, { withdrawalsOpenAt }) => {
            notify.success(t('wizard.savedOpens', { date: format.date(withdrawalsOpenAt, 'opening') }));
          },
          returnToMethods: () => navigate(WITHDRAW_METHOD_PATH),
          resumeWithdrawal: (_, { amount }) => navigate(WITHDRAW_PATH, { state: resumeState(amount) }),
        },
      }),
    [calls, notify, navigate, t, format],
  );
  const [state, send] = useMachine(logic, { input, inspect: appInspect });
  const view = bankWizardView(state);
  const back = (
    <button type="button" className={button({ variant: 'outline' })} onClick={() => send({ type: 'BACK' })}>
      {t('actions.back')}
    </button>
  );

  return (
    <>
      <PageHeader title={t('wizard.title')} lead={t('wizard.lead')} />
      <div className={`${card} ${narrow}`}>
        <Stepper steps={WIZARD_STEPS.map((s) => t(`wizard.steps.${s}`))} current={view.step} />
        <MachineForm
          id={FORM_ID}
          onSubmit={() => {
            if (view.primary.submits) send({ type: view.primary.event });
          }}
        >
          <WizardStep section={view.section} failed={view.failed} context={state.context} send={send} />
          <div className={bar}>
            {view.back ? back : <span />}
            <button
              type={view.primary.submits ? 'submit' : 'button'}
              className={button()}
              disabled={!view.primary.enabled}
              onClick={view.primary.submits ? undefined : () => send({ type: view.primary.event })}
            >
              {t(view.primary.labelKey)}
            </button>
          </div>
        </MachineForm>
      </div>
      <PasswordDialog
        open={view.password.open}
        busy={view.password.busy}
        error={state.context.passwordError}
        description={t('wizard.passwordBody')}
        onSubmit={(password) => send({ type: 'PASSWORD_SUBMIT', password })}
        onCancel={() => send({ type: 'CANCEL' })}
      />
    </>
  );
}
