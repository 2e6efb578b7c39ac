import { appInspect } from '../../lib/app-inspector';
import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from 'wouter/use-browser-location';
import { setUpMachine } from '../../../machines/set-up.machine';
import { setUpView } from '../../../machines/set-up.view';
import { css } from '../../../styled-system/css';
import { useApi } from '../../api/use-api';
import { SessionContext } from '../../app/providers/session-context';
import { HOME_PATH } from '../../config/paths';
import { FIRST_VISIT_STATE } from '../../lib/first-visit';
import { useLocale } from '../../i18n/use-locale';
import { LogoutButton } from '../../layouts/app-shell/logout-button';
import { useDocumentTitle } from '../../lib/use-document-title';
import { button } from '../../ui/button-styles';
import { CheckboxField } from '../../ui/form/checkbox-field';
import { focusFirstError } from '../../ui/form/focus-first-error';
import { fieldBinding } from '../../ui/form/field-binding';
import { SelectField } from '../../ui/form/select-field';
import { TextField } from '../../ui/form/text-field';
import { LogoutIcon } from '../../ui/icons';
import { card, pageLead, pageTitle } from '../../ui/page-styles';
import { accountCalls } from '../../api/account-calls';
import { FORM_IDS } from '../../ui/form/form-ids';
import { countryOptions } from '../../lib/country-options';
import { MachineForm } from '../../ui/form/machine-form';

const actions = css({ mt: '8', display: 'flex', justifyContent: 'flex-end' });

/**
 * /set-up, the only page of a user missing username, country or full name (spec 2): renders the set-up machine.
 * Logging out is always possible so nobody is trapped here.
 */
export function SetUpPage() {
  const { t } = useTranslation('accounts');
  useDocumentTitle(t('titles.setUp'));
  const locale = useLocale();
  const api = useApi();
  const session = SessionContext.useActorRef();
  const userId = SessionContext.useSelector((snapshot) => snapshot.context.user?.userId ?? '');
  const logic = useMemo(() => {
    const calls = accountCalls(api);
    return setUpMachine.provide({
      actors: { setUp: calls.setUp, loadPurchase: calls.loadPurchase },
      actions: {
        focusFirstError: () => focusFirstError(FORM_IDS.setUp),
        reportUser: (_, { user }) => session.send({ type: 'USER_UPDATED', user }),
        // The creator's page takes the purchase from router state (the page itself is another issue's).
        resumePurchase: (_, { purchase }) =>
          navigate(`/${encodeURIComponent(purchase.creatorUsername)}`, { replace: true, state: { purchase } }),
        // Home greets a new user with "Welcome" (src/lib/first-visit.ts).
        goHome: () => navigate(HOME_PATH, { replace: true, state: FIRST_VISIT_STATE }),
      },
    });
  }, [api, session]);
  const [state, send] = useMachine(logic, { input: { userId }, inspect: appInspect });
  const { values, errors, message } = state.context;
  const field = fieldBinding(state.context, send);
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const { submit } = setUpView(state);
  return (
    <div className={card}>
      <h1 className={pageTitle}>{t('titles.setUp')}</h1>
      <p className={pageLead}>{t('setUp.body')}</p>
      <MachineForm id={FORM_IDS.setUp} message={message} onSubmit={() => send({ type: 'SUBMIT' })}>
        <TextField
          id="set-up-full-name"
          label={t('fields.fullName')}
          autoComplete="name"
          {...field.text('fullName')}
          hint={t('fields.fullNameHint')}
        />
        <TextField
          id="set-up-username"
          label={t('fields.username')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...field.text('username')}
          hint={t('fields.usernameHint')}
        />
        <SelectField
          id="set-up-country"
          label={t('fields.country')}
          placeholder={t('fields.chooseCountry')}
          autoComplete="country"
          options={countries}
          {...field.text('country')}
        />
        <CheckboxField
          id="set-up-e-signature"
          label={t('setUp.eSignatureConsent')}
          checked={values.eSignatureConsent}
          onCheckedChange={(value) => send({ type: 'CHANGE', field: 'eSignatureConsent', value })}
          error={errors.eSignatureConsent}
        />
        <button type="submit" className={button({ size: 'lg', fullWidth: true })} disabled={!submit.enabled}>
          {t(submit.labelKey)}
        </button>
      </MachineForm>
      <div className={actions}>
        <LogoutButton
          trigger={
            <button type="button" className={button({ variant: 'outline' })}>
              <LogoutIcon size={18} />
              {t('setUp.logout')}
            </button>
          }
        />
      </div>
    </div>
  );
}
