import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CARD_RULE_VALUES } from '../../../domain/rules/card-limits';
import type { FieldErrors, FormMessage } from '../../../machines/forms/field-errors';
import type { NewCardField, NewCardValues } from '../../../machines/payments/new-card';
import { css } from '../../../styled-system/css';
import { useLocale } from '../../i18n/use-locale';
import { CheckboxField } from '../../ui/form/checkbox-field';
import { fieldError } from '../../ui/form/form-styles';
import { SelectField } from '../../ui/form/select-field';
import { TextField } from '../../ui/form/text-field';
import { countryOptions } from '../../lib/country-options';

const box = css({ display: 'grid', gap: '4', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'xl', p: '4', m: '0', minW: '0' });
const legend = css({ fontWeight: 'semibold', px: '1' });
const pair = css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '3' });

/**
 * A card typed into the payment (issue 22 item 3): the add-card fields, the expiry as one MM/YY field, and "Save
 * this card" (ticked). A decline is said under the fields; nothing typed is cleared.
 */
export function NewCardFields(props: {
  values: NewCardValues;
  errors: FieldErrors<NewCardField>;
  save: boolean;
  declined: string | null;
  onChange: (values: Partial<NewCardValues>) => void;
  onSaveChange: (save: boolean) => void;
}) {
  const { t } = useTranslation('payments');
  const { t: tw } = useTranslation('wallet');
  const locale = useLocale();
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const { values, onChange } = props;
  // The card rules' messages name their limits: filled in here, as text (as the add-card form does).
  const error = (field: NewCardField): FormMessage | undefined => {
    const message = props.errors[field];
    if (!message) return undefined;
    return 'key' in message ? { text: (tw as unknown as (key: string, values: object) => string)(message.key, CARD_RULE_VALUES) } : message;
  };
  return (
    <fieldset className={box}>
      <legend className={legend}>{t('card.legend')}</legend>
      <TextField id="new-card-name" label={t('card.nameOnCard')} autoComplete="cc-name" value={values.nameOnCard} error={error('nameOnCard')} onValueChange={(v) => onChange({ nameOnCard: v })} />
      <TextField
        id="new-card-number"
        label={t('card.number')}
        autoComplete="cc-number"
        inputMode="numeric"
        value={values.number}
        error={error('number')}
        onValueChange={(v) => onChange({ number: v })}
      />
      <div className={pair}>
        <TextField
          id="new-card-expiry"
          label={t('card.expiry')}
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder="MM/YY"
          maxLength={5}
          value={values.expiry}
          error={error('expiry')}
          onValueChange={(v) => onChange({ expiry: v.length === 2 && /^\d\d$/u.test(v) && values.expiry.length < 2 ? `${v}/` : v })}
        />
        <TextField id="new-card-cvv" label={t('card.cvv')} autoComplete="cc-csc" inputMode="numeric" maxLength={4} value={values.cvv} error={error('cvv')} onValueChange={(v) => onChange({ cvv: v })} />
      </div>
      <SelectField
        id="new-card-country"
        label={t('card.country')}
        placeholder={t('card.countryPlaceholder')}
        options={countries}
        autoComplete="country"
        value={values.country}
        error={error('country')}
        onValueChange={(v) => onChange({ country: v })}
      />
      <TextField id="new-card-postal-code" label={t('card.postalCode')} autoComplete="postal-code" value={values.postalCode} error={error('postalCode')} onValueChange={(v) => onChange({ postalCode: v })} />
      <CheckboxField id="new-card-save" label={t('card.save')} checked={props.save} onCheckedChange={props.onSaveChange} />
      {props.declined ? (
        <p role="alert" id="new-card-declined" className={fieldError}>
          {props.declined}
        </p>
      ) : null}
    </fieldset>
  );
}
