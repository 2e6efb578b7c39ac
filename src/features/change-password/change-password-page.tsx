import { appInspect } from '../../lib/app-inspector';
import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { RULE_VALUES } from '../../../domain/rules/rule-values';
import { changePasswordMachine } from '../../../machines/change-password.machine';
import { changePasswordView } from '../../../machines/change-password.view';
import { useApi } from '../../api/use-api';
import { SessionContext } from '../../app/providers/session-context';
import { SETTINGS_PATH } from '../../config/paths';
import { i18n } from '../../i18n/i18n';
import { button } from '../../ui/button-styles';
import { FormNotice } from '../../ui/form/form-alert';
import { focusFirstError } from '../../ui/form/focus-first-error';
import { fieldBinding } from '../../ui/form/field-binding';
import { PasswordField } from '../../ui/form/password-field';
import { useNotify } from '../../ui/notifications/use-notify';
import { PageHeader } from '../../ui/page-header';
import { card, textLink } from '../../ui/page-styles';
import { css } from '../../../styled-system/css';
import { accountCalls } from '../../api/account-calls';
import { FORM_IDS } from '../../ui/form/form-ids';
import { MachineForm } from '../../ui/form/machine-form';

const narrow = css({ maxW: 'lg' });
const back = css({ mt: '6' });

/** /change-password (signed in): renders the change-password machine. */
export function ChangePasswordPage() {
  const { t } = useTranslation('accounts');
  const api = useApi();
  const notify = useNotify();
  const userId = SessionContext.useSelector((snapshot) => snapshot.context.user?.userId ?? '');
  const logic = useMemo(
    () =>
      changePasswordMachine.provide({
        actors: { changePassword: accountCalls(api).changePassword },
        actions: {
          focusFirstError: () => focusFirstError(FORM_IDS.changePassword),
          notifyChanged: () => notify.success(i18n.t('accounts:changePassword.changed')),
        },
      }),
    [api, notify],
  );
  const [state, send] = useMachine(logic, { input: { userId }, inspect: appInspect });
  const view = changePasswordView(state);
  const field = fieldBinding(state.context, send, view.form?.editable);
  const backToSettings = (
    <p className={back}>
      <Link href={SETTINGS_PATH} className={textLink}>
        {t('changePassword.backToSettings')}
      </Link>
    </p>
  );
  return (
    <>
      <PageHeader title={t('titles.changePassword')} lead={t('changePassword.body')} />
      <div className={`${card} ${narrow}`}>
        {view.changed ? (
          <FormNotice>{t('changePassword.changed')}</FormNotice>
        ) : (
          <MachineForm id={FORM_IDS.changePassword} message={view.form.message} onSubmit={() => send({ type: 'SUBMIT' })}>
            <PasswordField
              id="change-password-current"
              label={t('fields.currentPassword')}
              autoComplete="current-password"
              {...field.password('current_password')}
            />
            <PasswordField
              id="change-password-new"
              label={t('fields.newPassword')}
              autoComplete="new-password"
              {...field.password('password_1')}
              hint={t('fields.passwordHint', { min: RULE_VALUES.min })}
            />
            <PasswordField
              id="change-password-confirm"
              label={t('fields.confirmNewPassword')}
              autoComplete="new-password"
              {...field.password('password_2')}
            />
            <button type="submit" className={button({ size: 'lg' })} disabled={!view.form.submit.enabled}>
              {t(view.form.submit.labelKey)}
            </button>
          </MachineForm>
        )}
        {backToSettings}
      </div>
    </>
  );
}
