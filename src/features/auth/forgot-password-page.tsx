import { appInspect } from '../../lib/app-inspector';
import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { forgotPasswordMachine } from '../../../machines/forgot-password.machine';
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
  const { values, message } = state.context;
  const field = fieldBinding(state.context, send);
  const title = state.matches('sent') ? t('forgotPassword.sentTitle') : t('titles.forgotPassword');
  useDocumentTitle(title);
  const backToSignIn = (
    <p className={authFootnote}>
      <Link href={LOGIN_PATH} className={textLink}>
        {t('forgotPassword.backToSignIn')}
      </Link>
    </p>
  );

  if (state.matches('sent')) {
    return (
      <>
        <h1 className={authTitle}>{title}</h1>
        <p className={authSubtitle} role="status">
          {t('forgotPassword.sentBody', { email: values.email.trim() })}
        </p>
        <div className={authActions}>
          <button type="button" className={button({ size: 'lg', fullWidth: true })} onClick={() => send({ type: 'SEND_AGAIN' })}>
            {t('forgotPassword.sendAgain')}
          </button>
          <button
            type="button"
            className={button({ variant: 'outline', size: 'lg', fullWidth: true })}
            onClick={() => send({ type: 'EDIT' })}
          >
            {t('forgotPassword.useAnotherEmail')}
          </button>
        </div>
        {backToSignIn}
      </>
    );
  }

  const busy = state.matches('sending');
  return (
    <>
      <AuthHeading title={title} subtitle={t('forgotPassword.body')} />
      <MachineForm id={FORM_IDS.forgotPassword} message={message} onSubmit={() => send({ type: 'SUBMIT' })}>
        <AccountEmailField id="forgot-password-email" {...field.text('email')} />
        <button type="submit" className={button({ size: 'lg', fullWidth: true })} disabled={busy}>
          {busy ? t('forgotPassword.submitting') : t('forgotPassword.submit')}
        </button>
      </MachineForm>
      {backToSignIn}
    </>
  );
}
