import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CARD_RULE_VALUES } from '../../../domain/rules/card-limits';
import type { AddCardEvent, AddCardContext } from '../../../machines/add-card.machine';
import type { FieldErrors, FormMessage } from '../../../machines/forms/field-errors';
import { css } from '../../../styled-system/css';
import { useLocale } from '../../i18n/use-locale';
import { button } from '../../ui/button-styles';
import { fieldBinding } from '../../ui/form/field-binding';
import { MachineForm } from '../../ui/form/machine-form';
import { SelectField } from '../../ui/form/select-field';
import { TextField } from '../../ui/form/text-field';
import { countryOptions } from '../../lib/country-options';

const pair = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' });
const actions = css({ display: 'flex', gap: '3', flexWrap: 'wrap', justifyContent: 'space-between' });

export const ADD_CARD_FORM_ID = 'add-card-form';

/**
 * The add-card form, drawn from an add-card machine's state: on its own page, or inside add-money. Autocomplete
 * names let the browser's card filler help; nothing here keeps a value of its own.
 */
export function AddCardForm(props: {
  context: AddCardContext;
  busy: boolean;
  send: (event: AddCardEvent) => void;
  /** A way out (add-money's Cancel); the page has its own link instead. */
  onCancel?: () => void;
}) {
  const { t } = useTranslation('wallet');
  const locale = useLocale();
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const { context, busy, send } = props;
  // The card rules' messages name their limits (name length, years ahead): filled in here, as text.
  const errors: FieldErrors<string> = Object.fromEntries(
    Object.entries(context.errors).map(([name, message]): [string, FormMessage] => [
      name,
      'key' in message ? { text: (t as unknown as (key: string, values: object) => string)(message.key, CARD_RULE_VALUES) } : message,
    ]),
  );
  const field = fieldBinding({ ...context, errors }, send);
  return (
    <MachineForm id={ADD_CARD_FORM_ID} message={context.message} onSubmit={() => send({ type: 'SUBMIT' })}>
      <TextField id="card-name" label={t('addCard.fields.nameOnCard')} autoComplete="cc-name" {...field.text('nameOnCard')} />
      <TextField id="card-number" label={t('addCard.fields.number')} autoComplete="cc-number" inputMode="numeric" {...field.text('number')} />
      <div className={pair}>
        <TextField id="card-exp-month" label={t('addCard.fields.expMonth')} autoComplete="cc-exp-month" inputMode="numeric" maxLength={2} {...field.text('expMonth')} />
        <TextField id="card-exp-year" label={t('addCard.fields.expYear')} autoComplete="cc-exp-year" inputMode="numeric" maxLength={4} {...field.text('expYear')} />
      </div>
      <TextField id="card-cvv" label={t('addCard.fields.cvv')} autoComplete="cc-csc" inputMode="numeric" maxLength={4} {...field.text('cvv')} />
      <SelectField
        id="card-country"
        label={t('addCard.fields.country')}
        placeholder={t('addCard.countryPlaceholder')}
        options={countries}
        autoComplete="country"
        {...field.text('country')}
      />
      <TextField id="card-postal-code" label={t('addCard.fields.postalCode')} autoComplete="postal-code" {...field.text('postalCode')} />
      <div className={actions}>
        {props.onCancel ? (
          <button type="button" className={button({ variant: 'outline' })} onClick={props.onCancel}>
            {t('addMoney.card.cancelAdd')}
          </button>
        ) : (
          <span />
        )}
        <button type="submit" className={button({ size: 'lg' })} disabled={busy}>
          {busy ? t('addCard.submitting') : t('addCard.submit')}
        </button>
      </div>
    </MachineForm>
  );
}
