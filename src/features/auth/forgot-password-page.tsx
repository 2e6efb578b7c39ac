import { appInspect } from '../../lib/app-inspector';
import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { forgotPasswordMachine } from '../../../machines/forgot-password.machine';
import { forgotPasswordView } from '../../../machines/forgot-password.view';
import { useApi } from '../../api/use-api';
import { LOGIN_PATH } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { button } from '../../ui/button-styles';
import { focusFirstError } from '../../ui/form/focus-first-error';
import { fieldBinding } from '../../ui/form/field-binding';
import { textLink } from '../../ui/page-styles';
import { accountCalls } from '../../api/account-calls';
import { FORM_IDS } from '../../ui/form/form-ids';
import { useQueryParam } from '../../lib/use-query-param';
import { AccountEmailField } from './account-email-field';
import { AuthHeading } from './auth-heading';
import { authActions, authFootnote, authSubtitle, authTitle } from '../../ui/auth-page-styles';
import { MachineForm } from '../../ui/form/machine-form';

/** /forgot-password: renders the forgot-password machine (email → reset link by email). */
export function ForgotPasswordPage() {
  const { t } = useTranslation('accounts');
  const api = useApi();
  const email = useQueryParam('email') ?? undefined;
  const logic = useMemo(
    () =>
      forgotPasswordMachine.provide({
        actors: { sendResetLink: accountCalls(api).sendResetLink },
        actions: { focusFirstError: () => focusFirstError(FORM_IDS.forgotPassword) },
      }),
    [api],
  );
  const [state, send] = useMachine(logic, { input: { email }, inspect: appInspect });
  const { values } = state.context;
  const view = forgotPasswordView(state);
  const field = fieldBinding(state.context, send, view.form?.editable);
  const title = t(view.titleKey);
  useDocumentTitle(title);
  const backToSignIn = (
    <p className={authFootnote}>
      <Link href={LOGIN_PATH} className={textLink}>
        {t('forgotPassword.backToSignIn')}
      </Link>
    </p>
  );

  if (view.sent) {
    const { sendAgain, useAnotherEmail } = view.sent;
    return (
      <>
        <h1 className={authTitle}>{title}</h1>
        <p className={authSubtitle} role="status">
          {t('forgotPassword.sentBody', { email: values.email.trim() })}
        </p>
        <div className={authActions}>
          <button
            type="button"
            className={button({ size: 'lg', fullWidth: true })}
            disabled={!sendAgain.enabled}
            onClick={() => send({ type: 'SEND_AGAIN' })}
          >
            {t(sendAgain.labelKey)}
          </button>
          <button
            type="button"
            className={button({ variant: 'outline', size: 'lg', fullWidth: true })}
            disabled={!useAnotherEmail.enabled}
            onClick={() => send({ type: 'EDIT' })}
          >
            {t(useAnotherEmail.labelKey)}
          </button>
        </div>
        {backToSignIn}
      </>
    );
  }

  const { form } = view;
  return (
    <>
      <AuthHeading title={title} subtitle={t('forgotPassword.body')} />
      <MachineForm id={FORM_IDS.forgotPassword} message={form.message} onSubmit={() => send({ type: 'SUBMIT' })}>
        <AccountEmailField id="forgot-password-email" {...field.text('email')} />
        <button type="submit" className={button({ size: 'lg', fullWidth: true })} disabled={!form.submit.enabled}>
          {t(form.submit.labelKey)}
        </button>
      </MachineForm>
      {backToSignIn}
    </>
  );
}
