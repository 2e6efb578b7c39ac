import { appInspect } from '../../lib/app-inspector';
import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { RULE_VALUES } from '../../../domain/rules/rule-values';
import { resetPasswordMachine } from '../../../machines/reset-password.machine';
import { resetPasswordView } from '../../../machines/reset-password.view';
import { useApi } from '../../api/use-api';
import { FORGOT_PASSWORD_PATH, LOGIN_PATH, withQuery } from '../../config/paths';
import { i18n } from '../../i18n/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { button } from '../../ui/button-styles';
import { focusFirstError } from '../../ui/form/focus-first-error';
import { fieldBinding } from '../../ui/form/field-binding';
import { PasswordField } from '../../ui/form/password-field';
import { useNotify } from '../../ui/notifications/use-notify';
import { accountCalls } from '../../api/account-calls';
import { FORM_IDS } from '../../ui/form/form-ids';
import { useQueryParam } from '../../lib/use-query-param';
import { authActions, authSubtitle, authTitle } from '../../ui/auth-page-styles';
import { MachineForm } from '../../ui/form/machine-form';
import { FormAlert } from '../../ui/form/form-alert';

/** /reset-password?email=&saltcode=: the emailed reset link; renders the reset-password machine. */
export function ResetPasswordPage() {
  const { t } = useTranslation('accounts');
  useDocumentTitle(t('titles.resetPassword'));
  const api = useApi();
  const notify = useNotify();
  const email = useQueryParam('email');
  const saltcode = useQueryParam('saltcode');
  const logic = useMemo(
    () =>
      resetPasswordMachine.provide({
        actors: { resetPassword: accountCalls(api).resetPassword },
        actions: {
          focusFirstError: () => focusFirstError(FORM_IDS.resetPassword),
          goToSignIn: ({ context }) => {
            notify.success(i18n.t('accounts:resetPassword.changed'));
            // Replace: the used link should not be one Back press away.
            navigate(withQuery(LOGIN_PATH, { email: context.email }), { replace: true });
          },
        },
      }),
    [api, notify],
  );
  const [state, send] = useMachine(logic, { input: { email, saltcode }, inspect: appInspect });
  const view = resetPasswordView(state);
  const field = fieldBinding(state.context, send, view.form?.editable);

  if (view.unusableLink) {
    return (
      <>
        <h1 className={authTitle}>{t('titles.resetPassword')}</h1>
        <div className={authActions}>
          <FormAlert message={view.unusableLink.message} />
          <Link href={withQuery(FORGOT_PASSWORD_PATH, { email })} className={button({ size: 'lg', fullWidth: true })}>
            {t('resetPassword.requestNewLink')}
          </Link>
        </div>
      </>
    );
  }

  const { form } = view;
  return (
    <>
      <h1 className={authTitle}>{t('titles.resetPassword')}</h1>
      <p className={authSubtitle}>{t('resetPassword.body', { email: state.context.email })}</p>
      <MachineForm id={FORM_IDS.resetPassword} message={form.message} onSubmit={() => send({ type: 'SUBMIT' })}>
        <PasswordField
          id="reset-password-new"
          label={t('fields.newPassword')}
          autoComplete="new-password"
          {...field.password('password_1')}
          hint={t('fields.passwordHint', { min: RULE_VALUES.min })}
        />
        <PasswordField
          id="reset-password-confirm"
          label={t('fields.confirmNewPassword')}
          autoComplete="new-password"
          {...field.password('password_2')}
        />
        <button type="submit" className={button({ size: 'lg', fullWidth: true })} disabled={!form.submit.enabled}>
          {t(form.submit.labelKey)}
        </button>
      </MachineForm>
    </>
  );
}
