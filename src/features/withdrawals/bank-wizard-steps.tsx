import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_TYPES, BANK_COUNTRIES, BANK_FORMATS, ID_TYPES } from '../../../domain/rules/bank-rules';
import type { BankWizardContext, BankWizardEvent, WizardField } from '../../../machines/bank-wizard.machine';
import type { BankWizardView } from '../../../machines/bank-wizard.view';
import { css } from '../../../styled-system/css';
import { useLocale } from '../../i18n/use-locale';
import { countryOptions } from '../../lib/country-options';
import { RadioGroupField } from '../../ui/form/radio-group-field';
import { SelectField } from '../../ui/form/select-field';
import { TextField } from '../../ui/form/text-field';
import { useFormText } from '../../ui/form/use-form-text';
import { PaymentFailure } from '../../ui/wizard/payment-outcome';
import { PaymentSummary } from '../../ui/wizard/payment-summary';

const pair = css({ display: 'grid', gap: '5', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' } });

interface WizardStepProps {
  section: BankWizardView['section'];
  failed: boolean;
  context: Pick<BankWizardContext, 'values' | 'errors' | 'failure'>;
  send: (event: BankWizardEvent) => void;
}

/** The bank wizard's current step: its fields, or on the last step the summary (and the failure, if saving failed). */
export function WizardStep({ section, failed, context, send }: WizardStepProps) {
  const { t } = useTranslation(['withdrawals', 'wallet']);
  const locale = useLocale();
  const { values, errors } = context;
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
  const countryName = (code: string) => countries.find((c) => c.value === code)?.label ?? code;

  return (
    <>
      {section === 'personal' ? (
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
      {section === 'address' ? (
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
      {section === 'bank' ? (
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
      {section === 'confirm' ? <ConfirmSummary failed={failed} context={context} countryName={countryName} /> : null}
    </>
  );
}

/** The last step: every value as it will be saved, and the failure when saving failed. */
function ConfirmSummary({ failed, context, countryName }: { failed: boolean; context: WizardStepProps['context']; countryName: (code: string) => string }) {
  const { t } = useTranslation(['withdrawals', 'wallet']);
  const formText = useFormText();
  const { values } = context;
  return (
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
      {failed ? <PaymentFailure title={t('wizard.failedTitle')} text={formText(context.failure)} /> : null}
    </>
  );
}
