import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { ACCOUNT_TYPES, BANK_COUNTRIES, BANK_FORMATS, ID_TYPES } from '../../../domain/rules/bank-rules';
import { bankWizardMachine, WIZARD_STEPS, type WizardField } from '../../../machines/bank-wizard.machine';
import { bankWizardView } from '../../../machines/bank-wizard.view';
import { css } from '../../../styled-system/css';
import { WITHDRAW_METHOD_PATH, WITHDRAW_PATH } from '../../config/paths';
import { appInspect } from '../../lib/app-inspector';
import { button } from '../../ui/button-styles';
import { focusFirstError } from '../../ui/form/focus-first-error';
import { MachineForm } from '../../ui/form/machine-form';
import { RadioGroupField } from '../../ui/form/radio-group-field';
import { SelectField } from '../../ui/form/select-field';
import { TextField } from '../../ui/form/text-field';
import { useFormText } from '../../ui/form/use-form-text';
import { useFormat } from '../../lib/use-format';
import { PasswordDialog } from '../../ui/password-dialog';
import { useNotify } from '../../ui/notifications/use-notify';
import { PageHeader } from '../../ui/page-header';
import { card } from '../../ui/page-styles';
import { Stepper } from '../../ui/stepper';
import { useLocale } from '../../i18n/use-locale';
import { countryOptions } from '../../lib/country-options';
import { PaymentFailure } from '../../ui/wizard/payment-outcome';
import { PaymentSummary } from '../../ui/wizard/payment-summary';
import { useWithdrawalCalls } from './use-withdrawal-calls';
import { resumeOf, resumeState } from './withdrawal-resume';

const FORM_ID = 'bank-wizard-form';
const narrow = css({ maxW: '2xl' });
const bar = css({ display: 'flex', gap: '3', justifyContent: 'space-between', flexWrap: 'wrap', mt: '2' });
const pair = css({ display: 'grid', gap: '5', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' } });

/** Today in the user's time zone, as YYYY-MM-DD: the age rule counts birthdays as the user's calendar does. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** /settings/withdraw-method/update-bank-account: renders the bank-wizard machine, one step at a time. */
export function BankWizardPage() {
  const { t } = useTranslation(['withdrawals', 'wallet']);
  const formText = useFormText();
  const notify = useNotify();
  const format = useFormat();
  const locale = useLocale();
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
  const { values, errors } = state.context;
  const view = bankWizardView(state);
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const bankCountries = countries.filter((c) => BANK_COUNTRIES.includes(c.value));
  const bankFormat = BANK_FORMATS[values.bankCountry];

  const field = (name: WizardField, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      id={`bank-${name}`}
      label={t(`wizard.fields.${name}`)}
      value={values[name]}
      error={errors[name]}
      onValueChange={(value) => send({ type: 'CHANGE', field: name, value })}
      {...extra}
    />
  );
  const select = (name: WizardField, options: ReadonlyArray<{ value: string; label: string }>, placeholder: string) => (
    <SelectField
      id={`bank-${name}`}
      label={t(`wizard.fields.${name}`)}
      value={values[name]}
      error={errors[name]}
      options={options}
      placeholder={placeholder}
      onValueChange={(value) => send({ type: 'CHANGE', field: name, value })}
    />
  );
  const back = (
    <button type="button" className={button({ variant: 'outline' })} onClick={() => send({ type: 'BACK' })}>
      {t('actions.back')}
    </button>
  );
  const countryName = (code: string) => countries.find((c) => c.value === code)?.label ?? code;

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
          {view.section === 'personal' ? (
            <>
              <div className={pair}>
                {field('firstName', { autoComplete: 'given-name' })}
                {field('lastName', { autoComplete: 'family-name' })}
              </div>
              {field('birthdate', { type: 'date', autoComplete: 'bday' })}
              {select('idType', ID_TYPES.map((id) => ({ value: id, label: t(`wizard.idTypes.${id}`) })), t('wizard.chooseIdType'))}
              {field('idNumber', values.idType === 'rut_vista' ? { hint: t('wizard.rutHint') } : {})}
            </>
          ) : null}
          {view.section === 'address' ? (
            <>
              {field('addressLine1', { autoComplete: 'address-line1' })}
              {field('addressLine2', { autoComplete: 'address-line2' })}
              <div className={pair}>
                {field('city', { autoComplete: 'address-level2' })}
                {field('region', { autoComplete: 'address-level1' })}
              </div>
              <div className={pair}>
                {field('postalCode', { autoComplete: 'postal-code' })}
                {select('country', countries, t('wizard.chooseCountry'))}
              </div>
            </>
          ) : null}
          {view.section === 'bank' ? (
            <>
              {select('bankCountry', bankCountries, t('wizard.chooseCountry'))}
              {field('bankName')}
              <RadioGroupField
                id="bank-accountType"
                legend={t('wizard.fields.accountType')}
                value={values.accountType}
                error={errors.accountType}
                choices={ACCOUNT_TYPES.map((type) => ({ value: type, label: t(`wizard.accountTypes.${type}`) }))}
                onValueChange={(value) => send({ type: 'CHANGE', field: 'accountType', value })}
              />
              {field('accountNumber', {
                autoComplete: 'off',
                ...(bankFormat ? { hint: t('wizard.accountNumberHint', { name: bankFormat.name, example: bankFormat.example }) } : {}),
              })}
            </>
          ) : null}
          {view.section === 'confirm' ? (
            <>
              <p>{t('wizard.confirmLead')}</p>
              <PaymentSummary
                rows={[
                  [t('wizard.fields.firstName'), values.firstName],
                  [t('wizard.fields.lastName'), values.lastName],
                  [t('wizard.fields.birthdate'), values.birthdate],
                  [t('wizard.fields.idType'), values.idType ? t(`wizard.idTypes.${values.idType as (typeof ID_TYPES)[number]}`) : ''],
                  [t('wizard.fields.idNumber'), values.idNumber],
                  [t('wizard.fields.addressLine1'), [values.addressLine1, values.addressLine2].filter((s) => s.trim()).join(', ')],
                  [t('wizard.fields.city'), [values.city, values.region, values.postalCode].filter((s) => s.trim()).join(', ')],
                  [t('wizard.fields.country'), countryName(values.country)],
                  [t('wizard.fields.bankCountry'), countryName(values.bankCountry)],
                  [t('wizard.fields.bankName'), values.bankName],
                  [t('wizard.fields.accountType'), values.accountType ? t(`wizard.accountTypes.${values.accountType as 'saving' | 'checking'}`) : ''],
                  [t('wizard.fields.accountNumber'), values.accountNumber],
                ]}
              />
              {view.failed ? <PaymentFailure title={t('wizard.failedTitle')} text={formText(state.context.failure)} /> : null}
            </>
          ) : null}
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
